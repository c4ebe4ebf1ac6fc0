import Foundation

extension JSON {
    /// `text` as a comparison of two runs sees it: JSON text (an object or an array, or JSON Lines of them)
    /// written as ``text`` writes it, keys sorted and no whitespace; any other text as it is.
    ///
    /// Objects are unordered, and `JSONEncoder` and `JSONSerialization` write a dictionary's keys in an order
    /// that changes from one dictionary to the next within one process: two runs that encode the same value
    /// can write different text, and neither is wrong. Arrays keep their order: a list in another order is a
    /// different answer.
    ///
    /// ```swift
    /// JSON.comparable("{\n  \"b\" : 2,\n  \"a\" : 1\n}")   // {"a":1,"b":2}
    /// JSON.comparable("第 1 次查询")                          // 第 1 次查询
    /// ```
    package static func comparable(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.first == "{" || trimmed.first == "[" else { return text }
        if let value = parsed(trimmed) { return value.text }
        // JSON Lines: every line a value (a log, or a store kept one record a line).
        let lines = trimmed.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard lines.count > 1 else { return text }
        var written: [String] = []
        for line in lines {
            guard line.first == "{" || line.first == "[", let value = parsed(line) else { return text }
            written.append(value.text)
        }
        return written.joined(separator: "\n")
    }

    /// The value of `text`, or `nil` when it is not JSON.
    private static func parsed(_ text: String) -> JSON? {
        let data = Data(text.utf8)
        if let value = read(data) { return value }
        do {
            return try JSON(parsing: data)
        } catch {
            return nil // not JSON: compared as the text it is
        }
    }
}
