import Foundation
import SkillEngine
import SkillKit
import SkillTesting

@available(SkillCheckTesting, *)
extension ReplayRun {
    /// Every entry of the log `field` observed so far, as JSON; only the entries that came since the
    /// last call are converted.
    mutating func entries(of field: ObservedField) -> [JSONValue] {
        guard case .log(let entries) = field.read(in: &self) else { return [] }
        return entries
    }

    static func json(_ message: AgentMessage, origin: Date) -> JSONValue {
        var pairs: [(key: String, value: JSONValue)] = [
            ("role", .string(message.role.rawValue)), ("content", .string(message.content)),
        ]
        if let skillID = message.skillID { pairs.append(("skillID", .string(skillID))) }
        // Dates are Doubles since 2001; rounding to the microsecond gives back the virtual offset exactly.
        let at = (message.timestamp.timeIntervalSince(origin) * 1e6).rounded() / 1e6
        pairs.append(("at", .number(at)))
        return .object(pairs)
    }

    static func json(_ request: NetworkRequest) -> JSONValue {
        var pairs: [(key: String, value: JSONValue)] = [
            ("method", .string(request.method.rawValue)), ("url", .string(request.url.absoluteString)),
        ]
        if !request.headers.isEmpty {
            pairs.append(("headers", .object(request.headers.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })))
        }
        if let body = request.body { pairs.append(("body", Self.json(body))) }
        return .object(pairs)
    }

    /// Stored bytes as JSON when they are JSON, else as a string.
    static func json(_ data: Data) -> JSONValue {
        (try? JSONParser.parse(data, file: "<body>").value) ?? .string(String(decoding: data, as: UTF8.self))
    }

    /// The current value of `field` for an `expect` step: for a log, what came since the last check;
    /// for a duration, its exact value too.
    mutating func observe(_ field: ObservedField) -> (value: JSONValue, duration: Duration?) {
        switch field.read(in: &self) {
        case .log(let entries): (.array(Array(entries[checked[field, default: 0]...])), nil)
        case .value(let value): (value, nil)
        case .duration(let duration): (.string(duration.written), duration)
        }
    }

    mutating func check(_ expectation: Transcript.Expectation, step: Int) {
        let values =
            expectation.values.isEmpty
            ? ObservedField.recordedWhenEmpty(transcript.kind).map { (field: $0, value: JSONValue.null) }
            : expectation.values
        var comparison = Comparison(matchers: transcript.matchers + expectation.matchers, step: step)
        var seen: [(field: ObservedField, value: JSONValue)] = []
        for (field, expected) in values {
            let (actual, exact) = observe(field)
            seen.append((field, actual))
            if case .null = expected {
                unrecorded.append(
                    Difference(
                        kind: .unrecorded, step: step, path: field.rawValue, expected: nil, actual: actual,
                        note: "never recorded (record mode never, as on CI); record it with `swift run skillcheck scenarios "
                            + "--record missing \(transcript.file)` or, for your own skills, "
                            + "`ScenarioRunner(skills: ..., recordMode: .missing)`"))
                if recordMode == .never { comparison.differences.append(unrecorded.last!) }
            } else if let exact, comparison.matcher(for: [field.rawValue]) == nil {
                if DurationText.duration(of: expected) != exact {
                    comparison.record(.changed, [field.rawValue], expected, actual)
                }
            } else if !transcript.exhaustive, comparison.matcher(for: [field.rawValue]) == nil,
                case .array(let wanted) = expected, case .array(let found) = actual
            {
                compareSubsequence(wanted, found, field: field, comparison: &comparison)
            } else {
                comparison.compare(expected, actual, tokens: [field.rawValue])
            }
            if field.isLog {
                checked[field, default: 0] += actual.arrayValue?.count ?? 0
                everChecked.insert(field)
            }
        }
        differences += comparison.differences
        noteMatchers(
            of: expectation, step: step, observed: .object(seen.map { ($0.field.rawValue, $0.value) }),
            expected: .object(values.map { ($0.field.rawValue, $0.value) }))
        observed[step] = seen
    }

    /// Non-exhaustive: the expected elements must appear in order, with anything in between.
    func compareSubsequence(_ wanted: [JSONValue], _ found: [JSONValue], field: ObservedField, comparison: inout Comparison) {
        var cursor = 0
        for (index, element) in wanted.enumerated() {
            // Matchers address the observed list, so each candidate is compared at its own index.
            guard
                let match = (cursor..<found.count).first(where: {
                    comparison.matches(element, found[$0], tokens: [field.rawValue, "\($0)"])
                })
            else {
                comparison.record(.missing, [field.rawValue, "\(index)"], element, nil, note: "not found in order")
                continue
            }
            cursor = match + 1
        }
    }
}

@available(SkillCheckTesting, *)
extension JSONValue {
    var arrayValue: [JSONValue]? { if case .array(let items) = self { items } else { nil } }
}
