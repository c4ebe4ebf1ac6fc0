/// Works out the smallest ``RecordingPatch`` that makes a written expectation say what was observed,
/// walking the two values the way ``Comparison`` compares them, under the same matchers.
///
/// A value equal to the observed one is kept as written (so `1.0` stays `1.0`, `"\u4e2d"` stays
/// escaped); a value a matcher governs is kept as written when the matcher passes and held (reported,
/// never overwritten) when it fails; an element of a list that matches an observed element is kept,
/// even when elements around it come or go.
@available(SkillCheckTesting, *)
struct RecordingMerge {
    let comparison: Comparison

    init(matchers: [Matcher]) {
        comparison = Comparison(matchers: matchers, step: 0)
    }

    func merge(_ expected: JSONValue, _ actual: JSONValue, tokens: [String]) -> RecordingPatch {
        if comparison.matcher(for: tokens) != nil {
            return comparison.matches(expected, actual, tokens: tokens) ? .keep : .held(actual)
        }
        switch (expected, actual) {
        case (.object(let written), .object(let observed)) where !written.isEmpty:
            return mergeObjects(written, observed, tokens: tokens)
        case (.array(let written), .array(let observed)) where !written.isEmpty:
            if written.count == observed.count {
                return Self.children(
                    zip(written, observed).enumerated().map { offset, pair in
                        ("\(offset)", merge(pair.0, pair.1, tokens: tokens + ["\(offset)"]))
                    })
            }
            return mergeArrays(written, observed, tokens: tokens)
        default:
            return expected == actual ? .keep : .replace(actual)
        }
    }

    static func children(_ patches: [(token: String, patch: RecordingPatch)]) -> RecordingPatch {
        let changed = patches.filter { !$0.patch.isKeep }
        return changed.isEmpty ? .keep : .children(changed)
    }

    func isIgnored(_ tokens: [String]) -> Bool {
        if let matcher = comparison.matcher(for: tokens), case .ignore = matcher.rule { return true }
        return false
    }

    /// Members as written, in their order; those no longer observed go, new ones come after the member
    /// they follow in the observed order.
    func mergeObjects(
        _ written: [(key: String, value: JSONValue)], _ observed: [(key: String, value: JSONValue)],
        tokens: [String]
    ) -> RecordingPatch {
        var entries: [RecordingPatch.Entry] = []
        var restructured = false
        for (key, value) in written {
            let path = tokens + [key]
            if let other = observed.first(where: { $0.key == key })?.value {
                entries.append(.init(key: key, source: key, patch: merge(value, other, tokens: path)))
            } else if comparison.matcher(for: path) != nil {
                entries.append(.init(key: key, source: key, patch: isIgnored(path) ? .keep : .held(.null)))
            } else {
                restructured = true
            }
        }
        var previous: String?
        for (key, value) in observed {
            defer { if entries.contains(where: { $0.key == key }) { previous = key } }
            guard !written.contains(where: { $0.key == key }), !isIgnored(tokens + [key]) else { continue }
            let position = previous.flatMap { before in entries.firstIndex { $0.key == before } }.map { $0 + 1 } ?? 0
            entries.insert(.init(key: key, source: nil, patch: .replace(value)), at: position)
            restructured = true
        }
        if restructured { return .rebuilt(entries) }
        return Self.children(entries.map { ($0.key!, $0.patch) })
    }

    /// Lists of different lengths: `CollectionDifference` (under the matchers, as ``Comparison`` does)
    /// says which written elements are still there; those keep their text, a removal and an insertion
    /// at one offset are merged member by member, and only truly new elements are written.
    func mergeArrays(_ written: [JSONValue], _ observed: [JSONValue], tokens: [String]) -> RecordingPatch {
        let difference = observed.difference(from: written) {
            comparison.matches($0, $1, tokens: tokens + ["*"])
        }.inferringMoves()
        var removals: [Int: Bool] = [:], insertions: [Int: Int?] = [:]
        for change in difference {
            switch change {
            case .remove(let offset, _, let move): removals[offset] = move != nil
            case .insert(let offset, _, let move): insertions[offset] = move
            }
        }
        var kept = written.indices.filter { removals[$0] == nil }.makeIterator()
        let entries = observed.indices.map { index -> RecordingPatch.Entry in
            guard let move = insertions[index] else {
                guard let source = kept.next() else { return .init(key: nil, source: nil, patch: .replace(observed[index])) }
                return .init(key: nil, source: "\(source)", patch: .keep)
            }
            if let from = move { return .init(key: nil, source: "\(from)", patch: .keep) }
            if removals[index] == false {
                return .init(key: nil, source: "\(index)", patch: merge(written[index], observed[index], tokens: tokens + ["\(index)"]))
            }
            return .init(key: nil, source: nil, patch: .replace(observed[index]))
        }
        return .rebuilt(entries)
    }
}
