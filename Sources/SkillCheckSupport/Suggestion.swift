/// "Did you mean ...?": the nearest of some names to what was typed, by edit distance.
///
/// A name is near when at most about a third of its letters differ (one for short names, never more than
/// three), ignoring case and leading dashes; of equally near names the first declared wins.
///
/// ```swift
/// Suggestion.nearest(to: "--formt", among: ["--format", "--output"])   // "--format"
/// Suggestion.nearest(to: "--verbose", among: ["--format", "--output"]) // nil
/// ```
package enum Suggestion {
    /// The nearest candidate to `text`, or `nil` when none is near enough to be what was meant.
    package static func nearest(to text: String, among candidates: [String]) -> String? {
        let typed = normalized(text)
        let limit = max(1, min(3, typed.count / 3))
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != text {
            let distance = distance(typed, normalized(candidate))
            if distance <= limit, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.name
    }

    /// The number of insertions, deletions, substitutions and swaps of two neighbours that turn `a` into
    /// `b` (optimal string alignment distance), counted in characters.
    package static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previous = [Int](), row = Array(0...b.count)
        for i in 1...a.count {
            let beforePrevious = previous
            previous = row
            row = [i] + [Int](repeating: 0, count: b.count)
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    row[j] = min(row[j], beforePrevious[j - 2] + 1)
                }
            }
        }
        return row[b.count]
    }

    static func normalized(_ text: String) -> String {
        String(text.drop(while: { $0 == "-" })).lowercased()
    }
}
