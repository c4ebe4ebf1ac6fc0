import Foundation
import SkillEngine
import SkillKit
import SkillTesting

extension ReplayRun {
    /// Everything observed so far of `field`, as JSON.
    func observations(of field: String) -> [JSONValue] {
        switch field {
        case "messages":
            return engine.messages.map { message in
                var pairs: [(key: String, value: JSONValue)] = [
                    ("role", .string(message.role.rawValue)), ("content", .string(message.content)),
                ]
                if let skillID = message.skillID { pairs.append(("skillID", .string(skillID))) }
                // Dates are Doubles since 2001; rounding to the microsecond gives back the virtual offset exactly.
                let at = (message.timestamp.timeIntervalSince(clock.origin) * 1e6).rounded() / 1e6
                pairs.append(("at", .number(at)))
                return .object(pairs)
            }
        case "events":
            return engine.eventLog.map { (try? JSONValue(encoding: $0)) ?? .null }
        default:
            return network.requests.map { request in
                var pairs: [(key: String, value: JSONValue)] = [
                    ("method", .string(request.method.rawValue)), ("url", .string(request.url.absoluteString)),
                ]
                if !request.headers.isEmpty {
                    pairs.append(("headers", .object(request.headers.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })))
                }
                if let body = request.body { pairs.append(("body", Self.json(body))) }
                return .object(pairs)
            }
        }
    }

    /// Stored bytes as JSON when they are JSON, else as a string.
    static func json(_ data: Data) -> JSONValue {
        (try? JSONParser.parse(data, file: "<body>").value) ?? .string(String(decoding: data, as: UTF8.self))
    }

    /// The current value of `field` for an `expect` step: for lists, what came since the last check.
    func observe(_ field: String) -> JSONValue {
        switch field {
        case "messages", "events", "network":
            return .array(Array(observations(of: field).dropFirst(checked[field]!)))
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
                missingExpectations = true
            } else if field == "now" {
                if DurationText.duration(of: expected) != clock.now.offset {
                    comparison.record(.changed, ["now"], expected, actual)
                }
            } else if !transcript.exhaustive, case .array(let wanted) = expected, case .array(let found) = actual {
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
        observed[step] = seen
    }

    /// Non-exhaustive: the expected elements must appear in order, with anything in between.
    func compareSubsequence(_ wanted: [JSONValue], _ found: [JSONValue], field: String, comparison: inout Comparison) {
        var cursor = 0
        for (index, element) in wanted.enumerated() {
            guard let match = found[cursor...].firstIndex(where: { comparison.matches(element, $0, tokens: [field, "*"]) }) else {
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

extension JSONValue {
    var arrayValue: [JSONValue]? { if case .array(let items) = self { items } else { nil } }
}
