import Foundation

/// A kind of spelling a source scan looks for, such as `@unchecked Sendable` or `Date()`.
@available(SkillCheckTesting, *)
package protocol SourceSpelling: RawRepresentable<String>, CaseIterable, Codable, Hashable, Sendable {
    /// Each kind with the pattern that finds it, made on each call (a `Regex` is not `Sendable`).
    static var patterns: [(Self, Regex<Substring>)] { get }

    /// How a finding names a match of this kind, from what the source wrote (`spelling`): the kind's name unless
    /// the kind covers APIs of other names, where the name of one would misname another.
    func label(forSpelling spelling: String) -> String
}

@available(SkillCheckTesting, *)
extension SourceSpelling {
    package func label(forSpelling spelling: String) -> String { rawValue }
}

/// One spelling found in a source file, outside comments and string literals.
///
/// What the static stage reports with a file and a line: an escape hatch from Sendable checking
/// (``EscapeHatch``) or a read of real time (``RealTimeUse``). The source is scanned as text, because the
/// compiler reports neither and the symbol graph keeps no attributes; a spelling is unambiguous once
/// comments and strings are blanked out (``SourceScanner/code(of:)``).
///
/// ```swift
/// let hatches = EscapeHatch.scan("final class Memo: @unchecked Sendable {}", file: "Memo.swift")
/// print(hatches[0].kind.rawValue, hatches[0].line)   // @unchecked Sendable 1
/// ```
@available(SkillCheckTesting, *)
package struct SourceMatch<Kind: SourceSpelling>: Sendable, Hashable, Codable, CustomStringConvertible {
    package var kind: Kind
    package var file: String
    package var line: Int
    package var column: Int
    /// The source line, trimmed.
    package var text: String
    /// What the pattern matched, as written (`systemUptime`, `usleep(`); `nil` in a scan saved before it was kept.
    package var spelling: String?

    package var location: String { "\(file):\(line):\(column)" }
    /// The match's name in a finding: `DispatchTime.now()`, or `systemUptime` where that is what the line reads.
    package var label: String { spelling.map(kind.label(forSpelling:)) ?? kind.rawValue }
    package var description: String { "`\(label)` at \(location): \(text)" }

    /// Every match of a kind's pattern in `source`, in order.
    package static func scan(_ source: String, file: String) -> [Self] {
        SourceScanner.matches(of: Kind.patterns, in: source).map {
            Self(kind: $0.kind, file: file, line: $0.line, column: $0.column, text: $0.text, spelling: $0.spelling)
        }
    }
}

/// Reads source text the way the scans need it: code only, comments and string literals blanked.
@available(SkillCheckTesting, *)
package enum SourceScanner {
    /// Where each pattern matches `source` outside comments and string literals, in order: its kind, its
    /// 1-based line and column, and the source line, trimmed.
    static func matches<Kind>(
        of patterns: [(Kind, Regex<Substring>)], in source: String
    )
        -> [(kind: Kind, line: Int, column: Int, text: String, spelling: String)]
    {
        let original = source.split(separator: "\n", omittingEmptySubsequences: false)
        let code = code(of: source).split(separator: "\n", omittingEmptySubsequences: false)
        var found: [(kind: Kind, line: Int, column: Int, text: String, spelling: String)] = []
        for (index, line) in code.enumerated() {
            for (kind, pattern) in patterns {
                // Simple word boundaries: by Unicode's default, `ContinuousClock.now` is one word, and a `\b`
                // after `ContinuousClock` would not match.
                for match in line.matches(of: pattern.wordBoundaryKind(.simple)) {
                    let column = line.distance(from: line.startIndex, to: match.range.lowerBound) + 1
                    let text = index < original.count ? original[index].trimmingCharacters(in: .whitespaces) : ""
                    found.append((kind, index + 1, column, text, String(match.output)))
                }
            }
        }
        return found.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
    }

    /// The source with comments and string literals replaced by spaces, lines and columns kept.
    /// Handles `//` and nested `/* */` comments, `"…"` with escapes, `"""…"""` and raw `#"…"#` strings.
    /// An interpolation is code: `"It is \(Date())"` keeps `Date()` where it stands, and a string inside
    /// the interpolation is blanked in turn.
    package static func code(of source: String) -> String {
        var scanner = Scanner(chars: Array(source))
        scanner.code(untilClosingParenthesis: false)
        return String(scanner.output)
    }

    /// One pass over source text, writing code as it is and everything else as spaces.
    private struct Scanner {
        let chars: [Character]
        var index = 0
        var output: [Character] = []

        init(chars: [Character]) {
            self.chars = chars
            output.reserveCapacity(chars.count)
        }

        mutating func blank() {
            output.append(chars[index] == "\n" ? "\n" : " ")
            index += 1
        }

        func at(_ offset: Int) -> Character? { index + offset < chars.count ? chars[index + offset] : nil }

        /// Copies code up to the end, or (in an interpolation) up to the parenthesis that closes it, which it
        /// blanks and steps over.
        mutating func code(untilClosingParenthesis: Bool) {
            var depth = 0
            while index < chars.count {
                let c = chars[index]
                if c == "/", at(1) == "/" {
                    while index < chars.count, chars[index] != "\n" { blank() }
                } else if c == "/", at(1) == "*" {
                    comment()
                } else if c == "\"" || (c == "#" && (at(1) == "\"" || at(1) == "#")) {
                    string()
                } else if untilClosingParenthesis && c == ")" && depth == 0 {
                    blank()
                    return
                } else {
                    if c == "(" { depth += 1 }
                    if c == ")" { depth -= 1 }
                    output.append(c)
                    index += 1
                }
            }
        }

        mutating func comment() {
            var depth = 0
            repeat {
                if chars[index] == "/", at(1) == "*" {
                    depth += 1
                    blank()
                    blank()
                } else if chars[index] == "*", at(1) == "/" {
                    depth -= 1
                    blank()
                    blank()
                } else {
                    blank()
                }
            } while depth > 0 && index < chars.count
        }

        /// Blanks the string literal starting here (its `#`s first), interpolations kept as code.
        mutating func string() {
            var hashes = 0
            while index < chars.count, chars[index] == "#" {
                hashes += 1
                blank()
            }
            guard index < chars.count, chars[index] == "\"" else { return }
            let triple = at(1) == "\"" && at(2) == "\""
            let quotes = triple ? 3 : 1
            for _ in 0..<quotes { blank() }
            while index < chars.count {
                if chars[index] == "\\", (0..<hashes).allSatisfy({ at($0 + 1) == "#" }) {
                    // An escape, or with `(` an interpolation: `\(…)`, `\#(…)` in a raw string.
                    for _ in 0...hashes { blank() }
                    guard index < chars.count else { return }
                    if chars[index] == "(" {
                        blank()
                        code(untilClosingParenthesis: true)
                    } else {
                        blank()
                    }
                    continue
                }
                if chars[index] == "\"", closes(quotes: quotes, hashes: hashes) {
                    for _ in 0..<(quotes + hashes) { blank() }
                    return
                }
                if !triple, chars[index] == "\n" { return } // an unterminated literal ends at the line
                blank()
            }
        }

        func closes(quotes: Int, hashes: Int) -> Bool {
            guard index + quotes + hashes <= chars.count else { return false }
            return chars[index..<(index + quotes)].allSatisfy { $0 == "\"" }
                && chars[(index + quotes)..<(index + quotes + hashes)].allSatisfy { $0 == "#" }
        }
    }
}
