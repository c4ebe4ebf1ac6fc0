import Foundation

@available(SkillCheckTesting, *)
extension JSONParser {
    /// The error for `data` that is not UTF-8: where the first invalid byte is (line:column, byte
    /// offset), which bytes, and the JSON pointer of the string that holds them when there is one.
    ///
    /// ```text
    /// notes.json:3:22: /steps/0/send: expected UTF-8 text, found the byte 0xFF (byte offset 61), which is not UTF-8
    /// ```
    static func invalidUTF8(_ data: Data, file: String) -> TranscriptError {
        let bytes = [UInt8](data)
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0, line = 1, column = 1
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                if Unicode.UTF8.decode(encoded) == "\n" {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
                offset += encoded.count
            case .error(let length):
                let location = SourceLocation(line: line, column: column)
                let shown = bytes[offset..<min(bytes.count, offset + length)].map { String(format: "0x%02X", $0) }
                let what = shown.count == 1 ? "the byte \(shown[0])" : "the bytes " + shown.joined(separator: " ")
                return TranscriptError(
                    file: file, pointer: pointer(holding: location, in: bytes), location: location,
                    expected: "UTF-8 text",
                    found: "\(what) (byte offset \(offset)), which \(shown.count == 1 ? "is" : "are") not UTF-8")
            case .emptyInput:
                return TranscriptError(
                    file: file, pointer: "", location: SourceLocation(line: 1, column: 1),
                    expected: "UTF-8 text", found: "bytes that are not UTF-8")
            }
        }
    }

    /// The pointer of the string value that holds the invalid bytes at `location`, found by parsing
    /// the text with each invalid sequence replaced by U+FFFD; `""` when the bytes are not in a string
    /// value (or the text is not JSON either way).
    static func pointer(holding location: SourceLocation, in bytes: [UInt8]) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        var parser = Parser(bytes: Array(text.utf8), file: "")
        parser.skipWhitespace()
        guard let value = try? parser.parseValue(depth: 0) else { return "" }
        let document = JSONDocument(file: "", value: value, spans: parser.spans)
        let candidates = document.locations.filter { pointer, start in
            guard (start.line, start.column) <= (location.line, location.column),
                case .string(let string)? = value.at(Matcher.tokens(of: pointer)[...])
            else { return false }
            return string.unicodeScalars.contains("\u{FFFD}")
        }
        let last = candidates.max { ($0.value.line, $0.value.column) < ($1.value.line, $1.value.column) }
        return last?.key ?? ""
    }
}

@available(SkillCheckTesting, *)
extension JSONValue {
    /// The value at the pointer `tokens`, or `nil`.
    func at(_ tokens: ArraySlice<String>) -> JSONValue? {
        guard let token = tokens.first else { return self }
        switch self {
        case .object(let pairs): return pairs.first { $0.key == token }?.value.at(tokens.dropFirst())
        case .array(let items):
            guard let index = Int(token), items.indices.contains(index) else { return nil }
            return items[index].at(tokens.dropFirst())
        default: return nil
        }
    }
}
