import SkillCheckSupport

/// One way the observed conversation differs from the transcript.
@available(SkillCheckTesting, *)
public struct Difference: Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable, Codable {
        /// A value differs.
        case changed
        /// An expected element is not there.
        case missing
        /// An element is there that was not expected.
        case extra
        /// An element is there, but elsewhere.
        case moved
        /// Observed but never expected, in an exhaustive transcript.
        case unchecked
        /// The replay itself could not go on (a send that never finished, ...).
        case replay
        /// An expectation left `null` (or an empty `expect` step) that was never recorded: nothing was
        /// checked there, so under record mode `never` it fails.
        case unrecorded
    }

    public var kind: Kind
    /// The index of the step in `/steps`, or `nil` for the end of the transcript.
    public var step: Int?
    /// Such as `messages[2] › /content`.
    public var path: String
    public var expected: JSONValue?
    public var actual: JSONValue?
    public var note: String?

    /// The member name the difference is at, such as `password` in `storage › /users/0/value/password`:
    /// a secret's name says its value is secret even when the value alone does not look like one.
    var key: String {
        let last = path.split(separator: "/").last.map(String.init) ?? path
        return Matcher.unescape(last)
    }

    public var description: String {
        var head = (step.map { "step \($0)" } ?? "end") + (path.isEmpty ? "" : " › " + path)
        if let note { head += ": " + SecretScanner.redacted(note) }
        var lines = [head]
        let expected = expected.map { SecretScanner.redacted($0, key: key) }
        let actual = actual.map { SecretScanner.redacted($0, key: key) }
        switch (expected, actual) {
        case (.string(let expected)?, .string(let actual)?) where expected.contains("\n") || actual.contains("\n"):
            lines += Self.lineDiff(expected, actual)
        default:
            if let expected { lines.append("  -" + Self.show(expected)) }
            if let actual { lines.append("  +" + Self.show(actual)) }
        }
        return lines.joined(separator: "\n")
    }

    /// What was expected and what was observed, as the diff prints them (secrets redacted); `nil` where the
    /// difference has no such value.
    package var shownValues: (expected: String?, actual: String?) {
        (
            expected.map { Self.show(SecretScanner.redacted($0, key: key)) },
            actual.map { Self.show(SecretScanner.redacted($0, key: key)) }
        )
    }

    /// The note, secrets redacted.
    package var shownNote: String? { note.map(SecretScanner.redacted) }

    /// A value as the diff prints it: strings raw, secrets redacted, everything else as JSON.
    static func show(_ value: JSONValue) -> String {
        let redacted = SecretScanner.redacted(value)
        if case .string(let text) = redacted { return text }
        return redacted.canonical
    }

    /// `-`/`+` lines for two multi-line strings, from `CollectionDifference`.
    static func lineDiff(_ expected: String, _ actual: String) -> [String] {
        let old = SecretScanner.redacted(expected).components(separatedBy: "\n")
        let new = SecretScanner.redacted(actual).components(separatedBy: "\n")
        let difference = new.difference(from: old)
        var removed = Set<Int>(), inserted = Set<Int>()
        for change in difference {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): inserted.insert(offset)
            }
        }
        var lines: [String] = []
        var i = 0, j = 0
        while i < old.count || j < new.count {
            if i < old.count, removed.contains(i) {
                lines.append("  -" + old[i])
                i += 1
                continue
            }
            if j < new.count, inserted.contains(j) {
                lines.append("  +" + new[j])
                j += 1
                continue
            }
            if i < old.count { lines.append("   " + old[i]) }
            i += 1
            j += 1
        }
        return lines
    }
}
