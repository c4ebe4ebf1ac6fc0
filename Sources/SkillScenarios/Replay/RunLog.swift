import Foundation
import SkillCheckSupport

/// Each run a tool-calling replay started, and how its stream ended: shared with the run tasks.
@available(SkillCheckTesting, *)
final class RunLog: Sendable {
    enum Outcome: Sendable, Hashable {
        case running, finished, cancelled
        case threw(String)
    }

    struct Run: Sendable {
        var input: String
        var label: String?
        var session: String?
        var outcome: Outcome
    }

    private let state = Locked<[Run]>([])

    func start(input: String, label: String?, session: String?) {
        state.withLock { $0.append(Run(input: input, label: label, session: session, outcome: .running)) }
    }

    func finish(_ index: Int, _ outcome: Outcome) {
        state.withLock { $0[index].outcome = outcome }
    }

    var all: [Run] { state.withLock { $0 } }

    /// `[{"run": 1, "input": "...", "label"?: "a", "session"?: "b", "outcome": "finished"}]`; a stream that threw has
    /// `"outcome": {"threw": "iterationLimit(3)"}`.
    var json: JSONValue {
        .array(
            all.enumerated().map { index, run in
                var pairs: [(key: String, value: JSONValue)] = [("run", .number(Double(index + 1))), ("input", .string(run.input))]
                if let label = run.label { pairs.append(("label", .string(label))) }
                if let session = run.session { pairs.append(("session", .string(session))) }
                let outcome: JSONValue =
                    switch run.outcome {
                    case .running: .string("running")
                    case .finished: .string("finished")
                    case .cancelled: .string("cancelled")
                    case .threw(let error): .object([("threw", .string(error))])
                    }
                pairs.append(("outcome", outcome))
                return .object(pairs)
            })
    }
}
