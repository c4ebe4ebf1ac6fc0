import Foundation
import SkillCheckSupport
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
    /// Each value's span by pointer, made on the first lookup: only errors and record mode ask, and
    /// naming every value of a long transcript by pointer cost more than reading it.
    let index: SpanIndex

    init(file: String, value: JSONValue, spans: [JSONSpan]) {
        self.file = file
        self.value = value
        self.index = SpanIndex(value: value, spans: spans)
    }

    /// Where each value starts, by JSON pointer.
    package var locations: [String: SourceLocation] { index.spans.mapValues(\.location) }

    /// Where the value at `pointer` is, as offsets into the document's Unicode scalars.
    func valueRange(_ pointer: String) -> Range<Int>? { index.spans[pointer]?.range }

    /// Where the name of the member at `pointer` is (with its quotes).
    func keyRange(_ pointer: String) -> Range<Int>? { index.spans[pointer]?.key }

    /// The location of the value at `pointer`, or of its nearest parent that has one.
    package func location(of pointer: String) -> SourceLocation {
        let spans = index.spans
        var current = pointer
        while true {
            if let span = spans[current] { return span.location }
            guard let slash = current.lastIndex(of: "/") else { return SourceLocation(line: 1, column: 1) }
            current = String(current[..<slash])
        }
    }

    /// The parser's spans, in the order it left the values, named by pointer on first use.
    final class SpanIndex: Sendable {
        private let state: Locked<(list: [JSONSpan], named: [String: JSONSpan]?)>

        init(value: JSONValue, spans: [JSONSpan]) {
            state = Locked((spans, nil))
            self.value = value
        }

        private let value: JSONValue

        var spans: [String: JSONSpan] {
            state.withLock { state in
                if let named = state.named { return named }
                var named: [String: JSONSpan] = [:]
                named.reserveCapacity(state.list.count)
                var next = 0
                // The parser leaves each value after its children: walk the value in the same order.
                func walk(_ value: JSONValue, _ pointer: String) {
                    switch value {
                    case .object(let pairs): for pair in pairs { walk(pair.value, pointer + "/" + JSONParser.escape(pair.key)) }
                    case .array(let items): for (offset, item) in items.enumerated() { walk(item, pointer + "/" + String(offset)) }
                    default: break
                    }
                    if next < state.list.count { named[pointer] = state.list[next] }
                    next += 1
                }
                walk(value, "")
                state.named = named
                return named
            }
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
        let value = try parser.parseValue(depth: 0)
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
        /// Each value's span, in the order the parser leaves values (children before their parent):
        /// ``JSONDocument/SpanIndex`` names them by pointer when something asks.
        var spans: [JSONSpan] = []
        /// Where the parser is: the member names and element indices from the root to the value being read.
        var path: [PathToken] = []
        static let maxDepth = 256

        enum PathToken {
            case key(String)
            case index(Int)
        }

        init(bytes: [UInt8], file: String) {
            self.bytes = bytes
            self.file = file
            // About one value per dozen characters in a pretty-printed transcript.
            spans.reserveCapacity(bytes.count / 12)
        }

        var here: SourceLocation { SourceLocation(line: line, column: column) }

        /// The pointer of the value being read, made only for an error.
        var pointer: String {
            path.reduce(into: "") { pointer, token in
                switch token {
                case .key(let key): pointer += "/" + JSONParser.escape(key)
                case .index(let index): pointer += "/" + String(index)
                }
            }
        }

        func error(expected: String, found: String) -> TranscriptError {
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

        mutating func expect(_ literal: StaticString) throws(TranscriptError) {
            let expected = literal.withUTF8Buffer { Array($0) }
            for byte in expected {
                guard index < bytes.count, bytes[index] == byte else {
                    throw error(expected: "'\(literal)'", found: describeCurrent())
                }
                advance()
            }
        }

        mutating func parseValue(depth: Int, key: Range<Int>? = nil) throws(TranscriptError) -> JSONValue {
            guard depth < Self.maxDepth else {
                throw error(expected: "at most \(Self.maxDepth) levels of nesting", found: "deeper nesting")
            }
            let location = here
            guard index < bytes.count else {
                throw error(expected: "a value", found: "the end of the file")
            }
            let start = scalar
            let value: JSONValue
            switch bytes[index] {
            case UInt8(ascii: "{"): value = try parseObject(depth: depth)
            case UInt8(ascii: "["): value = try parseArray(depth: depth)
            case UInt8(ascii: "\""): value = .string(try parseString())
            case UInt8(ascii: "t"):
                try expect("true")
                value = .bool(true)
            case UInt8(ascii: "f"):
                try expect("false")
                value = .bool(false)
            case UInt8(ascii: "n"):
                try expect("null")
                value = .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): value = .number(try parseNumber())
            default:
                throw error(
                    expected: "a value (object, array, string, number, true, false or null)",
                    found: describeCurrent())
            }
            spans.append(JSONSpan(location: location, range: start..<scalar, key: key))
            return value
        }

        /// Whether the byte at ``index`` is `byte` (false at the end).
        func at(_ byte: UInt8) -> Bool { index < bytes.count && bytes[index] == byte }

        mutating func parseObject(depth: Int) throws(TranscriptError) -> JSONValue {
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
                    throw error(expected: "a member name in double quotes", found: describeCurrent())
                }
                let keyLocation = here, keyStart = scalar
                let key = try parseString()
                let keyRange = keyStart..<scalar
                if pairs.contains(where: { $0.key == key }) {
                    throw TranscriptError(
                        file: file, pointer: pointer + "/" + JSONParser.escape(key), location: keyLocation,
                        expected: "each member name once", found: "a second \"\(key)\"")
                }
                skipWhitespace()
                try expect(":")
                skipWhitespace()
                path.append(.key(key))
                pairs.append((key, try parseValue(depth: depth + 1, key: keyRange)))
                path.removeLast()
                skipWhitespace()
                guard index < bytes.count else {
                    throw error(expected: "',' or '}'", found: "the end of the file")
                }
                if bytes[index] == UInt8(ascii: ",") {
                    advance()
                    continue
                }
                if bytes[index] == UInt8(ascii: "}") {
                    advance()
                    return .object(pairs)
                }
                throw error(expected: "',' or '}' after an object member", found: describeCurrent())
            }
        }

        mutating func parseArray(depth: Int) throws(TranscriptError) -> JSONValue {
            advance()
            var items: [JSONValue] = []
            skipWhitespace()
            if at(UInt8(ascii: "]")) {
                advance()
                return .array([])
            }
            while true {
                skipWhitespace()
                path.append(.index(items.count))
                items.append(try parseValue(depth: depth + 1))
                path.removeLast()
                skipWhitespace()
                guard index < bytes.count else {
                    throw error(expected: "',' or ']'", found: "the end of the file")
                }
                if bytes[index] == UInt8(ascii: ",") {
                    advance()
                    continue
                }
                if bytes[index] == UInt8(ascii: "]") {
                    advance()
                    return .array(items)
                }
                throw error(expected: "',' or ']' after an array element", found: describeCurrent())
            }
        }

        mutating func parseString() throws(TranscriptError) -> String {
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
                    throw error(expected: "a closing '\"'", found: "the end of the file")
                }
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    advance()
                    return out
                }
                if byte < 0x20 {
                    throw error(expected: "an escaped control character (such as \\n)", found: describeCurrent())
                }
                let escapeStart = here
                advance()
                guard index < bytes.count else {
                    throw error(expected: "an escape sequence", found: "the end of the file")
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
                case "u": out.unicodeScalars.append(try parseUnicodeEscape())
                default:
                    throw TranscriptError(
                        file: file, pointer: pointer, location: escapeStart,
                        expected: "one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u",
                        found: "\\\(Character(escape))")
                }
            }
        }

        mutating func parseHex4() throws(TranscriptError) -> UInt32 {
            var value: UInt32 = 0
            for _ in 0..<4 {
                guard index < bytes.count, let digit = Character(current().scalar).hexDigitValue else {
                    throw error(expected: "four hexadecimal digits after \\u", found: describeCurrent())
                }
                value = value * 16 + UInt32(digit)
                advance()
            }
            return value
        }

        mutating func parseUnicodeEscape() throws(TranscriptError) -> Unicode.Scalar {
            let first = try parseHex4()
            if (0xD800...0xDBFF).contains(first) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    throw error(
                        expected: "a low surrogate \\uDC00-\\uDFFF after a high surrogate", found: describeCurrent())
                }
                advance()
                advance()
                let second = try parseHex4()
                guard (0xDC00...0xDFFF).contains(second),
                    let scalar = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
                else {
                    throw error(expected: "a low surrogate \\uDC00-\\uDFFF", found: String(format: "\\u%04X", second))
                }
                return scalar
            }
            guard let scalar = Unicode.Scalar(first) else {
                throw error(expected: "a Unicode scalar value", found: String(format: "a lone surrogate \\u%04X", first))
            }
            return scalar
        }

        mutating func parseNumber() throws(TranscriptError) -> Double {
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
                throw error(expected: "a digit", found: describeCurrent())
            }
            if bytes[index] == UInt8(ascii: "0") { advance() } else { _ = digits(&self) }
            if at(UInt8(ascii: ".")) {
                advance()
                guard digits(&self) > 0 else { throw error(expected: "a digit after '.'", found: describeCurrent()) }
            }
            if at(UInt8(ascii: "e")) || at(UInt8(ascii: "E")) {
                advance()
                if at(UInt8(ascii: "+")) || at(UInt8(ascii: "-")) { advance() }
                guard digits(&self) > 0 else {
                    throw error(expected: "a digit in the exponent", found: describeCurrent())
                }
            }
            let text = bytes[start..<index].withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
            guard let number = Double(text), number.isFinite else {
                throw error(expected: "a finite number", found: text)
            }
            return number
        }
    }
}
