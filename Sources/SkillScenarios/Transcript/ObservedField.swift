import Foundation
import SkillEngine
import SkillKit
import SkillTesting

/// A field an `expect` step checks: something the replay observes of the engine and its fakes.
///
/// Everything that differs from one field to another is here: its name in the JSON, whether it is a
/// log observed incrementally, what a written expectation must look like, and how a replay reads it.
/// Adding a field is adding a case and answering these for it; the reader, the comparison, the
/// exhaustive check and record mode follow.
///
/// ```json
/// {"expect": {"messages": [{"role": "user", "content": "echo 你好", "at": 0}], "state": "processing", "now": "9.5s"}}
/// ```
@available(SkillCheckTesting, *)
package enum ObservedField: String, CaseIterable, Sendable, Hashable {
    /// The conversation's messages added since the last check: `{"role", "content", "skillID"?, "at"}`.
    case messages
    /// The engine's state: `"idle"`, `"processing"`, ...
    case state
    /// The engine's events since the last check.
    case events
    /// Every stored collection: `{"notes": [{"id", "value"}]}`.
    case storage
    /// The network requests since the last check: `{"method", "url", "headers"?, "body"?}`.
    case network
    /// Virtual time, such as `"10s"`.
    case now
    /// Tool-calling: the conversation's history, as the model is sent it, since the last check:
    /// `{"role": "user", "content"}`, `{"role": "toolCall", "call"}`, `{"role": "toolResult", "call", "content"}`.
    case history
    /// Tool-calling: the requests the model was sent since the last check: `{"turn", "tools", "lastMessage"}`.
    case sent
    /// Tool-calling: every run so far and how its stream ended: `{"run", "input", "label"?, "outcome"}`.
    case runs

    /// The fields an `expect` step of an `AgentEngine` transcript may check, in the order error messages
    /// list them.
    package static let agentFields: [ObservedField] = [.messages, .state, .events, .storage, .network, .now]

    /// The fields an `expect` step of a tool-calling transcript may check.
    package static let toolFields: [ObservedField] = [.events, .history, .sent, .runs, .storage, .network, .now]

    /// The fields a transcript of `kind` may check.
    package static func fields(of kind: Transcript.Kind) -> [ObservedField] {
        switch kind {
        case .agent: agentFields
        case .toolCalling: toolFields
        }
    }

    /// What an empty `expect` step (`{"expect": {}}`) stands for: fields to be recorded.
    static func recordedWhenEmpty(_ kind: Transcript.Kind) -> [ObservedField] {
        switch kind {
        case .agent: [.messages, .state]
        case .toolCalling: [.events]
        }
    }

    /// A log only grows: an `expect` step sees the entries since the last step that checked it, an
    /// index in a JSON pointer counts from there, and in an exhaustive transcript every entry must be
    /// expected by some step.
    package var isLog: Bool {
        switch self {
        case .messages, .events, .network, .history, .sent: true
        case .state, .storage, .now, .runs: false
        }
    }

    /// What a written expectation must be, besides `null` (to be recorded).
    enum Form {
        /// A JSON array: a log's entries.
        case array
        /// A JSON object; `expected` is the error's wording.
        case object(expected: String)
        /// A duration (`"1.5s"`, `250ms`, a number of seconds), compared as one: `"9.5s"` equals `9.5`.
        case duration
        /// Any JSON value, compared literally.
        case any
    }

    var form: Form {
        switch self {
        case .messages, .events, .network, .history, .sent, .runs: .array
        case .storage: .object(expected: "an object of collections, or null to record")
        case .now: .duration
        case .state: .any
        }
    }

    /// How many tokens of a pointer into this field name the list a value changing from run to run sits
    /// in, when any number of such values can come (a storage collection's documents): a suggested
    /// matcher then covers them all with `*` at that depth.
    var wildcardDepth: Int? {
        self == .storage ? 2 : nil
    }
}

@available(SkillCheckTesting, *)
extension ObservedField {
    /// What a replay reads of a field: every entry of a log so far, or the whole value now.
    enum Reading {
        case log([JSONValue])
        case value(JSONValue)
        /// A duration, compared exactly with the expected one and shown as `"9.5s"`.
        case duration(Duration)
    }

    /// Reads this field from the replay's engine and fakes. A log's entries are converted once each
    /// (``ObservationLog``), so replay time stays linear in the number of entries.
    func read(in run: inout ReplayRun) -> Reading {
        switch self {
        case .messages:
            let origin = run.clock.origin
            return .log(run.log.catchUp(self, from: run.engine.messages) { ReplayRun.json($0, origin: origin) })
        case .events:
            if let tooling = run.tooling { return .log(run.log.catchUp(self, from: tooling.engine.eventLog, ToolRig.json(_:))) }
            return .log(run.log.catchUp(self, from: run.engine.eventLog) { (try? JSONValue(encoding: $0)) ?? .null })
        case .network:
            return .log(run.log.catchUp(self, from: run.network.requests, ReplayRun.json(_:)))
        case .state:
            return .value((try? JSONValue(encoding: run.engine.state)) ?? .null)
        case .storage:
            return .value(
                .object(
                    run.store.snapshot().sorted { $0.key < $1.key }.map { collection, documents in
                        (collection, .array(documents.map { .object([("id", .string($0.id)), ("value", ReplayRun.json($0.data))]) }))
                    }))
        case .now:
            return .duration(run.clock.now.offset)
        case .history:
            return .log(run.log.catchUp(self, from: run.tooling?.session.history ?? [], ToolRig.json(_:)))
        case .sent:
            return .log(run.log.catchUp(self, from: run.tooling?.model.requests ?? [], ToolRig.json(_:)))
        case .runs:
            return .value(run.tooling?.runs.json ?? .array([]))
        }
    }
}
