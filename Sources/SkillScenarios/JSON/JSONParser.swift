import Foundation

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

/// A parsed JSON document: its value, and where each value (by JSON pointer) starts.
@available(SkillCheckTesting, *)
package struct JSONDocument: Sendable {
    package var file: String
    package var value: JSONValue
    package var locations: [String: SourceLocation]
    /// Where each value's text is, by JSON pointer, as offsets into the document's Unicode scalars:
    /// record mode splices new text over exactly these ranges and keeps every other byte.
    var valueRanges: [String: Range<Int>] = [:]
    /// Where each object member's name (with its quotes) is, by the member's JSON pointer.
    var keyRanges: [String: Range<Int>] = [:]

    /// The location of the value at `pointer`, or of its nearest parent that has one.
    package func location(of pointer: String) -> SourceLocation {
        var current = pointer
        while true {
            if let location = locations[current] { return location }
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
        var parser = Parser(scalars: Array(text.unicodeScalars), file: file)
        parser.skipWhitespace()
        let value = try parser.parseValue(pointer: "", depth: 0)
        parser.skipWhitespace()
        if parser.index < parser.scalars.count {
            throw parser.error(expected: "the end of the document", found: parser.describeCurrent())
        }
        return JSONDocument(
            file: file, value: value, locations: parser.locations, valueRanges: parser.valueRanges,
            keyRanges: parser.keyRanges)
    }

    /// The JSON pointer token for `key` (`~` → `~0`, `/` → `~1`).
    package static func escape(_ key: String) -> String {
        key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    struct Parser {
        let scalars: [Unicode.Scalar]
        let file: String
        var index = 0
        var line = 1
        var column = 1
        var locations: [String: SourceLocation] = [:]
        var valueRanges: [String: Range<Int>] = [:]
        var keyRanges: [String: Range<Int>] = [:]
        static let maxDepth = 256

        init(scalars: [Unicode.Scalar], file: String) {
            self.scalars = scalars
            self.file = file
        }

        var here: SourceLocation { SourceLocation(line: line, column: column) }

        func error(expected: String, found: String, pointer: String = "") -> TranscriptError {
            TranscriptError(file: file, pointer: pointer, location: here, expected: expected, found: found)
        }

        func describeCurrent() -> String {
            guard index < scalars.count else { return "the end of the file" }
            let scalar = scalars[index]
            if scalar == "\n" { return "a line break" }
            return "'\(Character(scalar))'"
        }

        mutating func advance() {
            if scalars[index] == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
            index += 1
        }

        mutating func skipWhitespace() {
            while index < scalars.count, [" ", "\t", "\n", "\r"].contains(scalars[index]) { advance() }
        }

        mutating func expect(_ literal: String, pointer: String) throws(TranscriptError) {
            for scalar in literal.unicodeScalars {
                guard index < scalars.count, scalars[index] == scalar else {
                    throw error(expected: "'\(literal)'", found: describeCurrent(), pointer: pointer)
                }
                advance()
            }
        }

        mutating func parseValue(pointer: String, depth: Int) throws(TranscriptError) -> JSONValue {
            guard depth < Self.maxDepth else {
                throw error(expected: "at most \(Self.maxDepth) levels of nesting", found: "deeper nesting", pointer: pointer)
            }
            locations[pointer] = here
            guard index < scalars.count else {
                throw error(expected: "a value", found: "the end of the file", pointer: pointer)
            }
            let start = index
            let value: JSONValue
            switch scalars[index] {
            case "{": value = try parseObject(pointer: pointer, depth: depth)
            case "[": value = try parseArray(pointer: pointer, depth: depth)
            case "\"": value = .string(try parseString(pointer: pointer))
            case "t":
                try expect("true", pointer: pointer)
                value = .bool(true)
            case "f":
                try expect("false", pointer: pointer)
                value = .bool(false)
            case "n":
                try expect("null", pointer: pointer)
                value = .null
            case "-", "0"..."9": value = .number(try parseNumber(pointer: pointer))
            default:
                throw error(
                    expected: "a value (object, array, string, number, true, false or null)",
                    found: describeCurrent(), pointer: pointer)
            }
            valueRanges[pointer] = start..<index
            return value
        }

        mutating func parseObject(pointer: String, depth: Int) throws(TranscriptError) -> JSONValue {
            advance()
            var pairs: [(key: String, value: JSONValue)] = []
            skipWhitespace()
            if index < scalars.count, scalars[index] == "}" {
                advance()
                return .object([])
            }
            while true {
                skipWhitespace()
                guard index < scalars.count, scalars[index] == "\"" else {
                    throw error(expected: "a member name in double quotes", found: describeCurrent(), pointer: pointer)
                }
                let keyLocation = here, keyStart = index
                let key = try parseString(pointer: pointer)
                let keyRange = keyStart..<index
                if pairs.contains(where: { $0.key == key }) {
                    throw TranscriptError(
                        file: file, pointer: pointer + "/" + JSONParser.escape(key), location: keyLocation,
                        expected: "each member name once", found: "a second \"\(key)\"")
                }
                skipWhitespace()
                try expect(":", pointer: pointer)
                skipWhitespace()
                let childPointer = pointer + "/" + JSONParser.escape(key)
                keyRanges[childPointer] = keyRange
                pairs.append((key, try parseValue(pointer: childPointer, depth: depth + 1)))
                skipWhitespace()
                guard index < scalars.count else {
                    throw error(expected: "',' or '}'", found: "the end of the file", pointer: pointer)
                }
                if scalars[index] == "," {
                    advance()
                    continue
                }
                if scalars[index] == "}" {
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
            if index < scalars.count, scalars[index] == "]" {
                advance()
                return .array([])
            }
            while true {
                skipWhitespace()
                items.append(try parseValue(pointer: pointer + "/\(items.count)", depth: depth + 1))
                skipWhitespace()
                guard index < scalars.count else {
                    throw error(expected: "',' or ']'", found: "the end of the file", pointer: pointer)
                }
                if scalars[index] == "," {
                    advance()
                    continue
                }
                if scalars[index] == "]" {
                    advance()
                    return .array(items)
                }
                throw error(expected: "',' or ']' after an array element", found: describeCurrent(), pointer: pointer)
            }
        }

        mutating func parseString(pointer: String) throws(TranscriptError) -> String {
            advance()
            var out = String.UnicodeScalarView()
            while true {
                guard index < scalars.count else {
                    throw error(expected: "a closing '\"'", found: "the end of the file", pointer: pointer)
                }
                let scalar = scalars[index]
                if scalar == "\"" {
                    advance()
                    return String(out)
                }
                if scalar.value < 0x20 {
                    throw error(expected: "an escaped control character (such as \\n)", found: describeCurrent(), pointer: pointer)
                }
                if scalar != "\\" {
                    out.append(scalar)
                    advance()
                    continue
                }
                let escapeStart = here
                advance()
                guard index < scalars.count else {
                    throw error(expected: "an escape sequence", found: "the end of the file", pointer: pointer)
                }
                let escape = scalars[index]
                advance()
                switch escape {
                case "\"": out.append("\"")
                case "\\": out.append("\\")
                case "/": out.append("/")
                case "b": out.append("\u{08}")
                case "f": out.append("\u{0C}")
                case "n": out.append("\n")
                case "r": out.append("\r")
                case "t": out.append("\t")
                case "u": out.append(try parseUnicodeEscape(pointer: pointer))
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
                guard index < scalars.count, let digit = Character(scalars[index]).hexDigitValue else {
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
                guard index + 1 < scalars.count, scalars[index] == "\\", scalars[index + 1] == "u" else {
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
            if scalars[index] == "-" { advance() }
            func digits(_ parser: inout Parser) -> Int {
                var count = 0
                while parser.index < parser.scalars.count, ("0"..."9").contains(parser.scalars[parser.index]) {
                    parser.advance()
                    count += 1
                }
                return count
            }
            guard index < scalars.count, ("0"..."9").contains(scalars[index]) else {
                throw error(expected: "a digit", found: describeCurrent(), pointer: pointer)
            }
            if scalars[index] == "0" { advance() } else { _ = digits(&self) }
            if index < scalars.count, scalars[index] == "." {
                advance()
                guard digits(&self) > 0 else { throw error(expected: "a digit after '.'", found: describeCurrent(), pointer: pointer) }
            }
            if index < scalars.count, scalars[index] == "e" || scalars[index] == "E" {
                advance()
                if index < scalars.count, scalars[index] == "+" || scalars[index] == "-" { advance() }
                guard digits(&self) > 0 else {
                    throw error(expected: "a digit in the exponent", found: describeCurrent(), pointer: pointer)
                }
            }
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars[start..<index])
            guard let number = Double(text), number.isFinite else {
                throw error(expected: "a finite number", found: text, pointer: pointer)
            }
            return number
        }
    }
}
