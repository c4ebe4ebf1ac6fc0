// The Sendable, cancellation and hang rules of the standard catalogue.

@available(SkillCheckTesting, *)
extension RuleCatalog {
    static let sendableRules: [ConformanceRule] = [
        ConformanceRule(
            id: "SEND-1", category: .sendable, level: .must,
            sentence:
                "The skill, its stored properties and the code they reach (a helper's static var, a global) are Sendable under Swift 6 strict concurrency.",
            troubleshooting: .init(
                cause: "A stored property holds a class that is not Sendable, such as a cache or a formatter.",
                fix: "Keep state behind the SkillContext, or make the stored type an immutable struct or an actor.",
                example: "struct QuoteSkill: AgentSkill {\n    let formatter: FormatStyleBox   // a Sendable struct, not a class"
            )
        ),
        ConformanceRule(
            id: "SEND-2", category: .sendable, level: .must,
            sentence: "Concurrent execute calls on one instance are race-free and give the same outputs as sequential calls.",
            troubleshooting: .init(
                cause:
                    "An `@unchecked Sendable` class with a counter or cache that many tasks mutate without a lock, or read before an await and written after it.",
                fix:
                    "Keep shared state in a Mutex and update it in one step, never across an await; or remove it: a skill should be an immutable value.",
                example: "let queries = Mutex(0)\nlet number = queries.withLock { $0 += 1; return $0 }"
            )
        ),
        ConformanceRule(
            id: "SEND-3", category: .sendable, level: .should,
            sentence:
                "Escape hatches (`@unchecked Sendable`, `nonisolated(unsafe)`, `@preconcurrency`) are listed, and each needs SEND-2 to pass.",
            troubleshooting: .init(
                cause: "An escape hatch silenced the compiler instead of making the type safe.",
                fix: "Remove the escape hatch, or keep it and make sure SEND-2 passes under ThreadSanitizer.",
                example: "final class Cache: Sendable {\n    private let entries = Mutex<[String: String]>([:])"
            )
        ),
        ConformanceRule(
            id: "SEND-4", category: .sendable, level: .must,
            sentence:
                "Two requests sent at once to one instance of the skill, sharing one store, network and clock, end under every explored schedule as one of the orders in which they could have run one at a time ends: the same outputs, stored documents and requests.",
            troubleshooting: .init(
                cause:
                    "State read before an await and acted on after it: an actor that checks a cache, awaits the network, then writes (actors are reentrant, so both requests miss and both fetch), or a counter read and written back across a save. There is no data race, so neither Swift 6's checker nor ThreadSanitizer sees it.",
                fix:
                    "Decide and write before the await: mark the work as in flight (a task or a list of waiters the later requests await), or re-check after the await; replay the failing schedule in a test with exploreSchedules(replaying:).",
                example:
                    "if waiting[city] != nil { return try await withCheckedThrowingContinuation { waiting[city, default: []].append($0) } }\nwaiting[city] = []   // before the await: a second request waits for this fetch"
            )
        ),
        ConformanceRule(
            id: "SEND-5", category: .sendable, level: .must,
            sentence:
                "One request gives the same output, stored documents and requests under every explored schedule as in first-in-first-out order: its result does not depend on the order its concurrent parts finish (a SHOULD for an AgentSkill, whose answer a person reads, as TIME-2 is).",
            troubleshooting: .init(
                cause:
                    "A task group or `async let` fan-out whose results are appended, or saved, in the order the children finish: the same with equal latencies here, another order on a phone, and a model reading the result sees a different answer each time.",
                fix:
                    "Keep each child's result by its place (an index, or the input it came from) and put them in that order once all are in.",
                example:
                    "for (index, city) in cities.enumerated() { group.addTask { (index, try await fetch(city)) } }\nfor try await (index, row) in group { rows[index] = row }   // rows = Array(repeating: \"\", count: cities.count)"
            )
        ),
    ]

    static let cancellationRules: [ConformanceRule] = [
        ConformanceRule(
            id: "CAN-1", category: .cancellation, level: .must,
            sentence: "A skill cancelled before it starts has no side effects: no storage write and no network request other than a GET.",
            troubleshooting: .init(
                cause: "The skill writes or sends before its first suspension point, without checking for cancellation.",
                fix: "Call `try Task.checkCancellation()` before the first side effect.",
                example: "try Task.checkCancellation()\ntry await context.storage.save(note)"
            )
        ),
        ConformanceRule(
            id: "CAN-2", category: .cancellation, level: .must,
            sentence: "A skill cancelled while awaiting the network or storage ends within a bounded virtual time.",
            troubleshooting: .init(
                cause: "A retry loop or sleep that ignores cancellation keeps the skill running after the engine gave up.",
                fix: "Sleep on `context.clock` with `try await` (it throws when cancelled) and check cancellation in loops.",
                example: "while !done { try Task.checkCancellation()\n    try await context.clock.sleep(for: .seconds(1)) }"
            )
        ),
        ConformanceRule(
            id: "CAN-3", category: .cancellation, level: .must,
            sentence: "A cancelled skill ends by throwing CancellationError, not a SkillError and not an output.",
            troubleshooting: .init(
                cause: "A `catch` that maps every error, cancellation included, into `SkillError.executionFailed`.",
                fix: "Rethrow CancellationError before mapping the rest.",
                example:
                    "} catch is CancellationError { throw CancellationError()\n} catch { throw SkillError.executionFailed(\"\\(error)\") }"
            )
        ),
        ConformanceRule(
            id: "CAN-4", category: .cancellation, level: .must,
            sentence: "After cancellation the skill makes no storage write and no network call.",
            troubleshooting: .init(
                cause: "`try?` swallows the CancellationError of an await, and the code after it writes anyway.",
                fix: "Use `try`, not `try?`, on awaits that can be cancelled, or check cancellation before writing.",
                example: "let weather = try await context.networkService.fetchWeather(city: city)\ntry await context.storage.save(note)"
            )
        ),
    ]

    static let hangRules: [ConformanceRule] = [
        ConformanceRule(
            id: "HANG-1", category: .hang, level: .must,
            sentence:
                "The skill never hangs: it is never left suspended once the scheduler is idle and no sleeper is pending, "
                + "and a tool loop stops asking a model that calls a tool in every answer.",
            troubleshooting: .init(
                cause:
                    "A `withCheckedContinuation` whose continuation is not resumed on some path (an error, a cancellation); "
                    + "or a tool loop with no cap on its rounds.",
                fix:
                    "Resume the continuation exactly once on every path, and resume it with CancellationError when cancelled; "
                    + "give a tool loop a cap on its rounds (seed 002's maxIterations).",
                example:
                    "withTaskCancellationHandler { try await waitForReply() }\n    onCancel: { pending.resume(throwing: CancellationError()) }"
            )
        )
    ]
}
