import Foundation
import SkillEngine
import SkillKit
import SkillTesting

@available(SkillCheckTesting, *)
extension ReplayRun {
    /// Everything observed so far of `field` (`messages`, `events` or `network`), as JSON; only the
    /// entries that came since the last call are converted.
    mutating func observations(of field: String) -> [JSONValue] {
        switch field {
        case "messages":
            let origin = clock.origin
            return log.catchUp(field, from: engine.messages) { Self.json($0, origin: origin) }
        case "events":
            return log.catchUp(field, from: engine.eventLog) { (try? JSONValue(encoding: $0)) ?? .null }
        default:
            return log.catchUp(field, from: network.requests, Self.json(_:))
        }
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

    /// The current value of `field` for an `expect` step: for lists, what came since the last check.
    mutating func observe(_ field: String) -> JSONValue {
        switch field {
        case "messages", "events", "network":
            return .array(Array(observations(of: field)[checked[field]!...]))
        case "state":
            return (try? JSONValue(encoding: engine.state)) ?? .null
        case "storage":
            return .object(store.snapshot().sorted { $0.key < $1.key }.map { collection, documents in
                (collection, .array(documents.map { .object([("id", .string($0.id)), ("value", Self.json($0.data))]) }))
            })
        default:
            return .string(DurationText.format(clock.now.offset))
        }
    }

    mutating func check(_ expectation: Transcript.Expectation, step: Int) {
        let values = expectation.values.isEmpty
            ? [(field: "messages", value: JSONValue.null), (field: "state", value: .null)]
            : expectation.values
        var comparison = Comparison(matchers: transcript.matchers + expectation.matchers, step: step)
        var seen: [(field: String, value: JSONValue)] = []
        for (field, expected) in values {
            let actual = observe(field)
            seen.append((field, actual))
            if case .null = expected {
                unrecorded.append(Difference(
                    kind: .unrecorded, step: step, path: field, expected: nil, actual: actual,
                    note: "never recorded (record mode never, as on CI); record it with `swift run skillcheck scenarios "
                        + "--record missing \(transcript.file)` or, for your own skills, "
                        + "`ScenarioRunner(skills: ..., recordMode: .missing)`"))
                if recordMode == .never { comparison.differences.append(unrecorded.last!) }
            } else if field == "now", comparison.matcher(for: ["now"]) == nil {
                if DurationText.duration(of: expected) != clock.now.offset {
                    comparison.record(.changed, ["now"], expected, actual)
                }
            } else if !transcript.exhaustive, comparison.matcher(for: [field]) == nil,
                      case .array(let wanted) = expected, case .array(let found) = actual {
                compareSubsequence(wanted, found, field: field, comparison: &comparison)
            } else {
                comparison.compare(expected, actual, tokens: [field])
            }
            if let count = checked[field] {
                checked[field] = count + (actual.arrayValue?.count ?? 0)
                everChecked.insert(field)
            }
        }
        differences += comparison.differences
        noteMatchers(of: expectation, step: step, observed: .object(seen.map { ($0.field, $0.value) }),
                     expected: .object(values.map { ($0.field, $0.value) }))
        observed[step] = seen
    }

    /// Non-exhaustive: the expected elements must appear in order, with anything in between.
    func compareSubsequence(_ wanted: [JSONValue], _ found: [JSONValue], field: String, comparison: inout Comparison) {
        var cursor = 0
        for (index, element) in wanted.enumerated() {
            // Matchers address the observed list, so each candidate is compared at its own index.
            guard let match = (cursor..<found.count).first(where: { comparison.matches(element, found[$0], tokens: [field, "\($0)"]) }) else {
                comparison.record(.missing, [field, "\(index)"], element, nil, note: "not found in order")
                continue
            }
            cursor = match + 1
        }
    }

    /// The transcript with each `expect` value that differs replaced by what was observed, as record
    /// mode would change it: values a matcher accepts stay as written, and a value under a matcher
    /// that fails shows what was observed.
    func actualTranscript() -> JSONValue {
        RecordingPlan(transcript: transcript, observations: observed, differences: differences, fillOnly: false)
            .applied(to: transcript.document.value)
    }
}

@available(SkillCheckTesting, *)
extension JSONValue {
    var arrayValue: [JSONValue]? { if case .array(let items) = self { items } else { nil } }
}
