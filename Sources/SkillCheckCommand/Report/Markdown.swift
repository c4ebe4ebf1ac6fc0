/// Text made safe to put into GitHub-flavoured Markdown: what a skill returned or a compiler said is
/// shown as written, never read as formatting, a link, HTML or a table's column separator.
///
/// ```swift
/// Markdown.escape("expected <5 s|*any*>")     // expected \<5 s\|\*any\*\>
/// Markdown.codeBlock("error: `x` is not Sendable")
/// ```
@available(SkillCheckTesting, *)
enum Markdown {
    /// The ASCII punctuation that can start formatting; CommonMark lets a backslash escape any of it.
    static let special: Set<Character> = ["\\", "`", "*", "_", "[", "]", "<", ">", "|", "~", "#", "&", "!"]

    /// `text` on one line, every character that could format escaped; line breaks become `<br>`.
    static func escape(_ text: String, maximumLength: Int = 500) -> String {
        var out = ""
        var count = 0
        for character in text {
            if count == maximumLength {
                out += "…"
                break
            }
            count += 1
            switch character {
            case "\n", "\r\n": out += "<br>"
            case "\r", "\t": out += " "
            case _ where special.contains(character): out += "\\" + String(character)
            default: out.append(character)
            }
        }
        return out
    }

    /// `text` for a table cell: escaped, on one line.
    static func cell(_ text: String) -> String { escape(text) }

    /// `text` as inline code, on one line: backslashes mean nothing inside it, so nothing is escaped, and
    /// the backtick fence is longer than any run of backticks in the text.
    static func code(_ text: String) -> String {
        let line = String(text.map { $0.isNewline ? " " : $0 }.prefix(500))
        let fence = String(repeating: "`", count: longestRun(of: "`", in: line) + 1)
        let padding = line.hasPrefix("`") || line.hasSuffix("`") ? " " : ""
        return fence + padding + line + padding + fence
    }

    /// `text` as a fenced code block, with a fence longer than any run of backticks inside it.
    static func codeBlock(_ text: String) -> String {
        let fence = String(repeating: "`", count: max(3, longestRun(of: "`", in: text) + 1))
        return "\(fence)text\n\(text)\n\(fence)"
    }

    static func longestRun(of mark: Character, in text: String) -> Int {
        var longest = 0, run = 0
        for character in text {
            run = character == mark ? run + 1 : 0
            longest = max(longest, run)
        }
        return longest
    }
}
