import Foundation
import SkillKit
import SkillTesting
import Synchronization

/// Answers with a fixed summary after `delay` on the context's clock.
@available(SkillCheckTesting, *)
struct ScriptedSkill: AgentSkill {
    let id: String
    var displayName: String { id }
    var description: String { "answers \(summary)" }
    let keywords: [String]
    var summary: String = "done"
    var delay: Duration = .zero
    var error: (any Error)?
    var requiresConfirmation = false

    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        if delay > .zero { try await context.clock.sleep(for: delay) }
        if let error { throw error }
        return SkillOutput(summary: "\(summary): \(input.rawText)", requiresConfirmation: requiresConfirmation)
    }
}

/// Records whether it saw cancellation, then rethrows it.
@available(SkillCheckTesting, *)
final class CancellationProbe: Sendable {
    let cancelled = Mutex(false)
    var wasCancelled: Bool { cancelled.withLock { $0 } }
}

@available(SkillCheckTesting, *)
struct SleepingSkill: AgentSkill {
    let id = "sleeper"
    let displayName = "Sleeper"
    let description = "sleeps"
    let keywords = ["sleep"]
    let duration: Duration
    let probe: CancellationProbe

    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        do {
            try await context.clock.sleep(for: duration)
        } catch is CancellationError {
            probe.cancelled.withLock { $0 = true }
            throw CancellationError()
        }
        return SkillOutput(summary: "woke")
    }
}

@available(SkillCheckTesting, *)
struct PlainError: Error {}
