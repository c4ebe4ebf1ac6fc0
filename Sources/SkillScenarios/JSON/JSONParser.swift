import Foundation
import SkillKit

/// Where something is in a file: 1-based line and column (in characters).
@available(SkillCheckTesting, *)
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column)" }
}

/// Where one value of a document is: where it starts (line:column), its text and, for an object member,
/// its name's text, as offsets into the document's Unicode scalars.
@available(SkillCheckTesting, *)
struct JSONSpan: Sendable {
    var location: SourceLocation
    /// The value's text: record mode splices new text over exactly this range and keeps every other byte.
    var range: Range<Int>
    /// The member's name, with its quotes; `nil` for an array element or the document itself.
    var key: Range<Int>?
}

/// A parsed JSON document: its value, and where each value (by JSON pointer) is.
@available(SkillCheckTesting, *)
package struct JSONDocument: Sendable {
    package var file: String
    package var value: JSONValue
    /// Each value's span, by JSON pointer: one entry per value, made as the parser leaves it.
    var spans: [String: JSONSpan]

    /// Where each value starts, by JSON pointer.
    package var locations: [String: SourceLocation] { spans.mapValues(\.location) }

    /// Where the value at `pointer` is, as offsets into the document's Unicode scalars.
    func valueRange(_ pointer: String) -> Range<Int>? { spans[pointer]?.range }

    /// Where the name of the member at `pointer` is (with its quotes).
    func keyRange(_ pointer: String) -> Range<Int>? { spans[pointer]?.key }

    /// The location of the value at `pointer`, or of its nearest parent that has one.
    package func location(of pointer: String) -> SourceLocation {
        var current = pointer
        while true {
            if let span = spans[current] { return span.location }
            guard let slash = current.lastIndex(of: "/") else { return SourceLocation(line: 1, column: 1) }
            current = String(current[..<slash])
        }
    }
}

/// A strict JSON parser (RFC 8259) that records where every value starts, for located errors.
@available(SkillCheckTesting, *)
package enum JSONParser {
    package static func parse(_ data: Data, file: String) throws(TranscriptError) -> JSONDocument {
        guard let text = String(data: data, encoding: .utf8) else { throw invalidUTF8(data, file: file) }
        var parser = Parser(bytes: Array(text.utf8), file: file)
        parser.skipWhitespace()
        let value = try parser.parseValue(pointer: "", depth: 0)
        parser.skipWhitespace()
        if parser.index < parser.bytes.count {
            throw parser.error(expected: "the end of the document", found: parser.describeCurrent())
        }
        return JSONDocument(file: file, value: value, spans: parser.spans)
    }

    /// The JSON pointer token for `key` (`~` → `~0`, `/` → `~1`).
    package static func escape(_ key: String) -> String { JSONSchema.escape(key) }

    /// The parser works on the text's UTF-8 bytes (every character JSON gives a meaning to is ASCII) and
    /// counts Unicode scalars beside them: columns and the spans record mode edits are in scalars. A
    /// string without escapes is copied from the bytes in one piece.
    struct Parser {
        let bytes: [UInt8]
        let file: String
        /// The next byte.
        var index = 0
        /// How many Unicode scalars come before ``index``.
        var scalar = 0
        var line = 1
        var column = 1
        var spans: [String: JSONSpan] = [:]
        static let maxDepth = 256

        init(bytes: [UInt8], file: String) {
            self.bytes = bytes
            self.file = file
            // About one value per dozen characters in a pretty-printed transcript: growing the table as it
            // fills would rehash every pointer several times.
            spans.reserveCapacity(bytes.count / 12)
        }

        var here: SourceLocation { SourceLocation(line: line, column: column) }

        func error(expected: String, found: String, pointer: String = "") -> TranscriptError {
            TranscriptError(file: file, pointer: pointer, location: here, expected: expected, found: found)
        }

        /// The Unicode scalar at ``index`` (the text is valid UTF-8), and how many bytes it takes.
        func current() -> (scalar: Unicode.Scalar, length: Int) {
            let lead = bytes[index]
            let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            var value = UInt32(lead) & (length == 1 ? 0x7F : length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
            for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
            return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
        }

        func describeCurrent() -> String {
            guard index < bytes.count else { return "the end of the file" }
            let scalar = current().scalar
            if scalar == "\n" { return "a line break" }
            return "'\(Character(scalar))'"
        }

        /// Moves past one Unicode scalar.
        mutating func advance() {
            if bytes[index] == UInt8(ascii: "\n") {
                line += 1
                column = 1
                index += 1
            } else {
                column += 1
                index += current().length
            }
            scalar += 1
        }

        mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                    column += 1
                case UInt8(ascii: "\n"):
                    line += 1
                    column = 1
                default:
                    return
                }
                index += 1
                scalar += 1
            }
        }

        mutating func expect(_ literal: StaticString, pointer: String) throws(TranscriptError) {
            let expected = literal.withUTF8Buffer { Array($0) }
            for byte in expected {
                guard index < bytes.count, bytes[index] == byte else {
                    throw error(expected: "'\(literal)'", found: describeCurrent(), pointer: pointer)
                }
                advance()
            }
        }

        mutating func parseValue(pointer: String, depth: Int, key: Range<Int>? = nil) throws(TranscriptError) -> JSONValue {
            guard depth < Self.maxDepth else {
                throw error(expected: "at most \(Self.maxDepth) levels of nesting", found: "deeper nesting", pointer: pointer)
            }
            let location = here
            guard index < bytes.count else {
                throw error(expected: "a value", found: "the end of the file", pointer: pointer)
            }
            let start = scalar
            let value: JSONValue
            switch bytes[index] {
            case UInt8(ascii: "{"): value = try parseObject(pointer: pointer, depth: depth)
            case UInt8(ascii: "["): value = try parseArray(pointer: pointer, depth: depth)
            case UInt8(ascii: "\""): value = .string(try parseString(pointer: pointer))
            case UInt8(ascii: "t"):
                try expect("true", pointer: pointer)
                value = .bool(true)
            case UInt8(ascii: "f"):
                try expect("false", pointer: pointer)
                value = .bool(false)
            case UInt8(ascii: "n"):
                try expect("null", pointer: pointer)
                value = .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): value = .number(try parseNumber(pointer: pointer))
            default:
                throw error(
                    expected: "a value (object, array, string, number, true, false or null)",
                    found: describeCurrent(), pointer: pointer)
            }
            spans[pointer] = JSONSpan(location: location, range: start..<scalar, key: key)
            return value
        }

        /// Whether the byte at ``index`` is `byte` (false at the end).
        func at(_ byte: UInt8) -> Bool { index < bytes.count && bytes[index] == byte }

        mutating func parseObject(pointer: String, depth: Int) throws(TranscriptError) -> JSONValue {
            advance()
            var pairs: [(key: String, value: JSONValue)] = []
            skipWhitespace()
            if at(UInt8(ascii: "}")) {
                advance()
                return .object([])
            }
            while true {
                skipWhitespace()
                guard at(UInt8(ascii: "\"")) else {
                    throw error(expected: "a member name in double quotes", found: describeCurrent(), pointer: pointer)
                }
                let keyLocation = here, keyStart = scalar
                let key = try parseString(pointer: pointer)
                let keyRange = keyStart..<scalar
                if pairs.contains(where: { $0.key == key }) {
                    throw TranscriptError(
                        file: file, pointer: pointer + "/" + JSONParser.escape(key), location: keyLocation,
                        expected: "each member name once", found: "a second \"\(key)\"")
                }
                skipWhitespace()
                try expect(":", pointer: pointer)
                skipWhitespace()
                let childPointer = pointer + "/" + JSONParser.escape(key)
                pairs.append((key, try parseValue(pointer: childPointer, depth: depth + 1, key: keyRange)))
                skipWhitespace()
                guard index < bytes.count else {
                    throw error(expected: "',' or '}'", found: "the end of the file", pointer: pointer)
                }
                if bytes[index] == UInt8(ascii: ",") {
                    advance()
                    continue
                }
                if bytes[index] == UInt8(ascii: "}") {
                    advance()
                    return .object(pairs)
                }
                throw error(expected: "',' or '}' after an object member", found: describeCurrent(), pointer: pointer)
            }
        }

        mutating func parseArray(pointer: String, depth: Int) throws(TranscriptError) -> JSONValue {
            advance()
            var items: [JSONValue] = []
            skipWhitespace()
            if at(UInt8(ascii: "]")) {
                advance()
                return .array([])
            }
            while true {
                skipWhitespace()
                items.append(try parseValue(pointer: pointer + "/" + String(items.count), depth: depth + 1))
                skipWhitespace()
                guard index < bytes.count else {
                    throw error(expected: "',' or ']'", found: "the end of the file", pointer: pointer)
                }
                if bytes[index] == UInt8(ascii: ",") {
                    advance()
                    continue
                }
                if bytes[index] == UInt8(ascii: "]") {
                    advance()
                    return .array(items)
                }
                throw error(expected: "',' or ']' after an array element", found: describeCurrent(), pointer: pointer)
            }
        }

        mutating func parseString(pointer: String) throws(TranscriptError) -> String {
            advance()
            var out = ""
            while true {
                // A run of plain characters (no quote, backslash or control character, so no line break
                // either) is copied from the bytes at once; its scalars are the bytes that start one.
                let run = index
                var scalars = 0
                while index < bytes.count {
                    let byte = bytes[index]
                    if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
                    if byte & 0xC0 != 0x80 { scalars += 1 }
                    index += 1
                }
                if index > run {
                    column += scalars
                    scalar += scalars
                    let piece = bytes[run..<index].withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
                    if out.isEmpty { out = piece } else { out += piece }
                    continue
                }
                guard index < bytes.count else {
                    throw error(expected: "a closing '\"'", found: "the end of the file", pointer: pointer)
                }
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    advance()
                    return out
                }
                if byte < 0x20 {
                    throw error(expected: "an escaped control character (such as \\n)", found: describeCurrent(), pointer: pointer)
                }
                let escapeStart = here
                advance()
                guard index < bytes.count else {
                    throw error(expected: "an escape sequence", found: "the end of the file", pointer: pointer)
                }
                let escape = current().scalar
                advance()
                switch escape {
                case "\"": out += "\""
                case "\\": out += "\\"
                case "/": out += "/"
                case "b": out += "\u{08}"
                case "f": out += "\u{0C}"
                case "n": out += "\n"
                case "r": out += "\r"
                case "t": out += "\t"
                case "u": out.unicodeScalars.append(try parseUnicodeEscape(pointer: pointer))
                default:
                    throw TranscriptError(
                        file: file, pointer: pointer, location: escapeStart,
                        expected: "one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u",
                        found: "\\\(Character(escape))")
                }
            }
        }

        mutating func parseHex4(pointer: String) throws(TranscriptError) -> UInt32 {
            var value: UInt32 = 0
            for _ in 0..<4 {
                guard index < bytes.count, let digit = Character(current().scalar).hexDigitValue else {
                    throw error(expected: "four hexadecimal digits after \\u", found: describeCurrent(), pointer: pointer)
                }
                value = value * 16 + UInt32(digit)
                advance()
            }
            return value
        }

        mutating func parseUnicodeEscape(pointer: String) throws(TranscriptError) -> Unicode.Scalar {
            let first = try parseHex4(pointer: pointer)
            if (0xD800...0xDBFF).contains(first) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    throw error(
                        expected: "a low surrogate \\uDC00-\\uDFFF after a high surrogate", found: describeCurrent(), pointer: pointer)
                }
                advance()
                advance()
                let second = try parseHex4(pointer: pointer)
                guard (0xDC00...0xDFFF).contains(second),
                    let scalar = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
                else {
                    throw error(expected: "a low surrogate \\uDC00-\\uDFFF", found: String(format: "\\u%04X", second), pointer: pointer)
                }
                return scalar
            }
            guard let scalar = Unicode.Scalar(first) else {
                throw error(expected: "a Unicode scalar value", found: String(format: "a lone surrogate \\u%04X", first), pointer: pointer)
            }
            return scalar
        }

        mutating func parseNumber(pointer: String) throws(TranscriptError) -> Double {
            let start = index
            if bytes[index] == UInt8(ascii: "-") { advance() }
            func isDigit(_ parser: Parser) -> Bool {
                parser.index < parser.bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(parser.bytes[parser.index])
            }
            func digits(_ parser: inout Parser) -> Int {
                var count = 0
                while isDigit(parser) {
                    parser.advance()
                    count += 1
                }
                return count
            }
            guard isDigit(self) else {
                throw error(expected: "a digit", found: describeCurrent(), pointer: pointer)
            }
            if bytes[index] == UInt8(ascii: "0") { advance() } else { _ = digits(&self) }
            if at(UInt8(ascii: ".")) {
                advance()
                guard digits(&self) > 0 else { throw error(expected: "a digit after '.'", found: describeCurrent(), pointer: pointer) }
            }
            if at(UInt8(ascii: "e")) || at(UInt8(ascii: "E")) {
                advance()
                if at(UInt8(ascii: "+")) || at(UInt8(ascii: "-")) { advance() }
                guard digits(&self) > 0 else {
                    throw error(expected: "a digit in the exponent", found: describeCurrent(), pointer: pointer)
                }
            }
            let text = bytes[start..<index].withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
            guard let number = Double(text), number.isFinite else {
                throw error(expected: "a finite number", found: text, pointer: pointer)
            }
            return number
        }
    }
}
