/// Everything record mode would change in one transcript after one replay: a patch per `expect`
/// step, at its JSON pointer, and the fields it cannot write truthfully.
@available(SkillCheckTesting, *)
struct RecordingPlan {
    var patches: [(pointer: String, patch: RecordingPatch)] = []
    var unrecordable: [Unrecordable] = []

    var isEmpty: Bool { patches.isEmpty }

    /// With `fillOnly` (record mode `missing`), only `null` fields and empty `expect` steps are filled.
    init(_ result: ReplayResult, fillOnly: Bool) {
        self.init(
            transcript: result.transcript, observations: result.observations, differences: result.differences,
            fillOnly: fillOnly)
    }

    init(
        transcript: Transcript, observations: [Int: [(field: ObservedField, value: JSONValue)]], differences: [Difference],
        fillOnly: Bool
    ) {
        for index in observations.keys.sorted() {
            guard transcript.steps.indices.contains(index), case .expect(let expectation) = transcript.steps[index],
                case .object(let written)? = transcript.document.value.value(at: ["steps", "\(index)", "expect"])
            else { continue }
            let pointer = "/steps/\(index)/expect"
            let merge = RecordingMerge(matchers: transcript.matchers + expectation.matchers)
            let seen = observations[index] ?? []
            let patch = Self.expectPatch(written, seen: seen, fillOnly: fillOnly) { field, expected, actual in
                Self.fieldPatch(field, expected, actual, merge: merge, exhaustive: transcript.exhaustive, fillOnly: fillOnly)
            }
            guard !patch.isKeep else { continue }
            patches.append((pointer, patch))
            unrecordable += patch.held(at: pointer).map { Unrecordable(pointer: $0, reason: .matcherFails) }
        }
        guard !fillOnly else { return }
        for difference in differences where difference.kind == .unchecked {
            unrecordable.append(Unrecordable(pointer: "/steps/-", reason: .afterLastExpect, path: difference.path))
        }
    }

    /// The patch for one `expect` object: each observed field patched, fields it lacks added before
    /// its `matchers`.
    static func expectPatch(
        _ written: [(key: String, value: JSONValue)], seen: [(field: ObservedField, value: JSONValue)],
        fillOnly: Bool, field: (ObservedField, JSONValue, JSONValue) -> RecordingPatch
    ) -> RecordingPatch {
        let added = seen.filter { item in !written.contains { $0.key == item.field.rawValue } }
        if written.isEmpty { return .replace(.object(seen.map { ($0.field.rawValue, $0.value) })) }
        var entries = written.map { pair -> RecordingPatch.Entry in
            let patch = seen.first { $0.field.rawValue == pair.key }.map { field($0.field, pair.value, $0.value) } ?? .keep
            return .init(key: pair.key, source: pair.key, patch: patch)
        }
        guard !added.isEmpty else { return RecordingMerge.children(entries.map { ($0.key!, $0.patch) }) }
        let position = entries.firstIndex { $0.key == "matchers" } ?? entries.count
        entries.insert(contentsOf: added.map { .init(key: $0.field.rawValue, source: nil, patch: .replace($0.value)) }, at: position)
        return .rebuilt(entries)
    }

    static func fieldPatch(
        _ field: ObservedField, _ expected: JSONValue, _ actual: JSONValue, merge: RecordingMerge,
        exhaustive: Bool, fillOnly: Bool
    ) -> RecordingPatch {
        if case .null = expected { return .replace(actual) }
        if fillOnly { return .keep }
        if case .duration = field.form {
            return DurationText.duration(of: expected) == DurationText.duration(of: actual) ? .keep : .replace(actual)
        }
        if !exhaustive, case .array(let wanted) = expected, case .array(let found) = actual,
            isSubsequence(wanted, of: found, field: field, comparison: merge.comparison)
        {
            return .keep
        }
        return merge.merge(expected, actual, tokens: [field.rawValue])
    }

    /// Whether `wanted` appears in `found` in order, as a non-exhaustive transcript checks it.
    static func isSubsequence(_ wanted: [JSONValue], of found: [JSONValue], field: ObservedField, comparison: Comparison) -> Bool {
        var cursor = found.startIndex
        for element in wanted {
            guard let match = found[cursor...].firstIndex(where: { comparison.matches(element, $0, tokens: [field.rawValue, "*"]) })
            else { return false }
            cursor = match + 1
        }
        return true
    }

    /// The written document with every patch applied, as a value.
    func applied(to document: JSONValue) -> JSONValue {
        var result = document
        for (pointer, patch) in patches {
            let tokens = Matcher.tokens(of: pointer)
            result = result.replacing(at: tokens, with: patch.applied(to: result.value(at: tokens) ?? .null))
        }
        return result
    }
}

@available(SkillCheckTesting, *)
extension JSONValue {
    /// This value with the value at `tokens` replaced.
    func replacing(at tokens: [String], with replacement: JSONValue) -> JSONValue {
        guard let first = tokens.first else { return replacement }
        guard let child = child(first) else { return self }
        return replacing(first, with: child.replacing(at: Array(tokens.dropFirst()), with: replacement))
    }
}
