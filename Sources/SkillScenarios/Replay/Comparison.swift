import Foundation
import SkillKit
import SkillTesting

/// Compares an expected value with an observed one under matchers, collecting differences.
@available(SkillCheckTesting, *)
struct Comparison {
    let matchers: [Matcher]
    let step: Int
    var differences: [Difference] = []

    init(matchers: [Matcher], step: Int) {
        self.matchers = matchers
        self.step = step
    }

    func matcher(for tokens: [String]) -> Matcher? {
        matchers.last { $0.applies(to: tokens) }
    }

    /// Whether `actual` matches `expected` at `tokens`, without recording anything.
    func matches(_ expected: JSONValue, _ actual: JSONValue, tokens: [String]) -> Bool {
        var probe = Comparison(matchers: matchers, step: step)
        probe.compare(expected, actual, tokens: tokens)
        return probe.differences.isEmpty
    }

    static func display(_ tokens: [String]) -> String {
        guard let field = tokens.first else { return "" }
        var head = field
        var rest = tokens.dropFirst()
        if let index = rest.first, Int(index) != nil, ObservedField(rawValue: field)?.isLog == true {
            head += "[\(index)]"
            rest = rest.dropFirst()
        }
        return rest.isEmpty ? head : head + " › /" + rest.map { JSONParser.escape($0) }.joined(separator: "/")
    }

    /// Every observed member is compared, optional ones (`skillID`, `headers`, `body`) included: the
    /// note says how to expect it or to leave it unchecked on purpose.
    static func unexpectedMember(_ tokens: [String]) -> String {
        var pattern = tokens
        if pattern.count > 2, ObservedField(rawValue: pattern[0])?.isLog == true, Int(pattern[1]) != nil { pattern[1] = "*" }
        let pointer = pattern.map { "/" + JSONParser.escape($0) }.joined()
        return "observed but not expected; expect it, or leave it unchecked with the matcher \"\(pointer)\": \"ignore\""
    }

    mutating func record(
        _ kind: Difference.Kind, _ tokens: [String], _ expected: JSONValue?, _ actual: JSONValue?,
        note: String? = nil
    ) {
        differences.append(
            Difference(
                kind: kind, step: step, path: Self.display(tokens), expected: expected,
                actual: actual, note: note))
    }

    mutating func compare(_ expected: JSONValue, _ actual: JSONValue, tokens: [String]) {
        if let matcher = matcher(for: tokens) {
            apply(matcher.rule, expected, actual, tokens: tokens)
            return
        }
        switch (expected, actual) {
        case (.object(let expectedPairs), .object(let actualPairs)):
            for (key, value) in expectedPairs {
                if let other = actualPairs.first(where: { $0.key == key })?.value {
                    compare(value, other, tokens: tokens + [key])
                } else if matcher(for: tokens + [key]).map({ if case .ignore = $0.rule { false } else { true } }) ?? true {
                    record(.missing, tokens + [key], value, nil)
                }
            }
            for (key, value) in actualPairs where !expectedPairs.contains(where: { $0.key == key }) {
                if let matcher = matcher(for: tokens + [key]), case .ignore = matcher.rule { continue }
                record(.extra, tokens + [key], nil, value, note: Self.unexpectedMember(tokens + [key]))
            }
        case (.array(let expectedItems), .array(let actualItems)):
            compareArrays(expectedItems, actualItems, tokens: tokens)
        case (.string(let wanted), .string(let found)) where RedactionPlaceholder.occurs(in: wanted):
            // A recording redacted a secret here: its place is compared, never its value.
            if !RedactionPlaceholder.matches(wanted, found) { record(.changed, tokens, expected, actual) }
        case (.string(let wanted), .string(let found)) where wanted != found:
            // A tool's JSON text (a result, a message's content) is compared as JSON: `JSONEncoder` writes a
            // struct's keys in an order that changes from run to run, and keys in any order are one object.
            if JSON.comparable(wanted) != JSON.comparable(found) { record(.changed, tokens, expected, actual) }
        default:
            if expected != actual { record(.changed, tokens, expected, actual) }
        }
    }

    /// Equal lengths compare element by element. Otherwise `CollectionDifference` says which elements
    /// were kept; between two kept ones, the expected elements left out and the observed ones put in pair
    /// up in order and compare field by field, so a changed item is located by its pointer whatever the
    /// lengths around it. An element found whole elsewhere in the list is a move; what is left is missing
    /// or extra.
    mutating func compareArrays(_ expected: [JSONValue], _ actual: [JSONValue], tokens: [String]) {
        if expected.count == actual.count {
            for (index, pair) in zip(expected, actual).enumerated() { compare(pair.0, pair.1, tokens: tokens + ["\(index)"]) }
            return
        }
        // Indices stand for the elements, so that matchers, which address the observed list, compare each
        // candidate at its own index.
        let difference = Array(actual.indices).difference(from: Array(expected.indices)) {
            matches(expected[$0], actual[$1], tokens: tokens + ["\($1)"])
        }
        var removed: Set<Int> = [], inserted: Set<Int> = []
        for change in difference {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): inserted.insert(offset)
            }
        }
        // The gaps between kept elements: (expected indices left out, observed indices put in).
        var gaps: [(removed: [Int], inserted: [Int])] = [([], [])]
        var old = 0, new = 0
        while old < expected.count || new < actual.count {
            if old < expected.count, removed.contains(old) {
                gaps[gaps.count - 1].removed.append(old)
                old += 1
            } else if new < actual.count, inserted.contains(new) {
                gaps[gaps.count - 1].inserted.append(new)
                new += 1
            } else {
                gaps.append(([], []))
                old += 1
                new += 1
            }
        }
        // Moves first: an expected element found whole among the observed ones put in elsewhere.
        var movedTo: [Int: Int] = [:]
        var taken: Set<Int> = []
        for (index, gap) in gaps.enumerated() {
            for from in gap.removed {
                let elsewhere = gaps.enumerated().filter { $0.offset != index }.flatMap(\.element.inserted)
                if let to = elsewhere.first(where: {
                    !taken.contains($0) && matches(expected[from], actual[$0], tokens: tokens + ["\($0)"])
                }) {
                    movedTo[from] = to
                    taken.insert(to)
                }
            }
        }
        for gap in gaps {
            let left = gap.removed.filter { movedTo[$0] == nil }
            let put = gap.inserted.filter { !taken.contains($0) }
            for (from, to) in zip(left, put) {
                let before = differences.count
                compare(expected[from], actual[to], tokens: tokens + ["\(to)"])
                if from != to {
                    for index in before..<differences.count {
                        let note = "the list's length differs: this is expected item \(from), observed at \(to)"
                        differences[index].note = differences[index].note.map { "\($0); \(note)" } ?? note
                    }
                }
            }
            for from in left.dropFirst(put.count) { record(.missing, tokens + ["\(from)"], expected[from], nil) }
            for to in put.dropFirst(left.count) { record(.extra, tokens + ["\(to)"], nil, actual[to]) }
        }
        for (from, to) in movedTo.sorted(by: { $0.key < $1.key }) {
            record(.moved, tokens + ["\(from)"], expected[from], actual[to], note: "expected at \(from), found at \(to)")
        }
    }

    mutating func apply(_ rule: Matcher.Rule, _ expected: JSONValue, _ actual: JSONValue, tokens: [String]) {
        switch rule {
        case .ignore:
            return
        case .regex(let pattern):
            guard case .string(let text) = actual, let regex = try? NSRegularExpression(pattern: pattern),
                regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
            else {
                record(.changed, tokens, .string("/\(pattern)/"), actual, note: "does not match the regex")
                return
            }
        case .type(let name):
            if Matcher.typeName(of: actual) != name {
                record(.changed, tokens, .string("a \(name)"), actual, note: "wrong type")
            }
        case .tolerance(let tolerance):
            guard case .number(let wanted) = expected, case .number(let found) = actual, abs(wanted - found) <= tolerance else {
                record(.changed, tokens, expected, actual, note: "not within \(tolerance)")
                return
            }
        case .unordered:
            guard case .array(let wanted) = expected, case .array(let found) = actual, wanted.count == found.count else {
                record(.changed, tokens, expected, actual, note: "not the same elements")
                return
            }
            var remaining = Array(found.indices)
            for element in wanted {
                guard let position = remaining.firstIndex(where: { matches(element, found[$0], tokens: tokens + ["\($0)"]) }) else {
                    record(.changed, tokens, expected, actual, note: "not the same elements in any order")
                    return
                }
                remaining.remove(at: position)
            }
        }
    }
}
