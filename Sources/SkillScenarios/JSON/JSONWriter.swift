import Foundation

/// Writes ``JSONValue``s as text.
@available(SkillCheckTesting, *)
enum JSONWriter {
    static func write(_ value: JSONValue, pretty: Bool, sortKeys: Bool) -> String {
        var out = ""
        write(value, into: &out, indent: 0, pretty: pretty, sortKeys: sortKeys)
        return out
    }

    /// A container of scalars only, short enough to read on one line: `{"role": "user", "at": 0}`.
    static func inline(_ value: JSONValue, sortKeys: Bool) -> String? {
        let children: [JSONValue]
        switch value {
        case .array(let items): children = items
        case .object(let pairs): children = pairs.map(\.value)
        default: return nil
        }
        guard children.allSatisfy({ if case .array = $0 { false } else if case .object = $0 { false } else { true } })
        else { return nil }
        var out = ""
        switch value {
        case .array(let items):
            out = "[" + items.map { write($0, pretty: false, sortKeys: sortKeys) }.joined(separator: ", ") + "]"
        case .object(let pairs):
            let ordered = sortKeys ? pairs.sorted { $0.key < $1.key } : pairs
            out =
                "{"
                + ordered.map { quote($0.key) + ": " + write($0.value, pretty: false, sortKeys: sortKeys) }
                .joined(separator: ", ") + "}"
        default: break
        }
        return out.count <= 100 ? out : nil
    }

    private static func write(_ value: JSONValue, into out: inout String, indent: Int, pretty: Bool, sortKeys: Bool) {
        if pretty, let line = inline(value, sortKeys: sortKeys) {
            out += line
            return
        }
        let pad = pretty ? String(repeating: "  ", count: indent + 1) : ""
        let closePad = pretty ? String(repeating: "  ", count: indent) : ""
        let newline = pretty ? "\n" : ""
        switch value {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .number(let number): out += format(number)
        case .string(let text): out += quote(text)
        case .array(let items):
            guard !items.isEmpty else {
                out += "[]"
                return
            }
            out += "[" + newline
            for (index, item) in items.enumerated() {
                out += pad
                write(item, into: &out, indent: indent + 1, pretty: pretty, sortKeys: sortKeys)
                out += (index < items.count - 1 ? "," : "") + newline
            }
            out += closePad + "]"
        case .object(let pairs):
            guard !pairs.isEmpty else {
                out += "{}"
                return
            }
            let ordered = sortKeys ? pairs.sorted { $0.key < $1.key } : pairs
            out += "{" + newline
            for (index, pair) in ordered.enumerated() {
                out += pad + quote(pair.key) + (pretty ? ": " : ":")
                write(pair.value, into: &out, indent: indent + 1, pretty: pretty, sortKeys: sortKeys)
                out += (index < ordered.count - 1 ? "," : "") + newline
            }
            out += closePad + "}"
        }
    }

    static func format(_ number: Double) -> String {
        if number.isFinite, number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
        return "\(number)"
    }

    static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
