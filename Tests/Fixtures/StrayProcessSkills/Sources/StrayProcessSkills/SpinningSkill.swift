import SkillKit
import Synchronization

/// Busy-waits, with no suspension point, for a flag nothing ever sets: no virtual clock, cancellation or
/// watchdog inside the process can stop it; only ending the process does.
public struct SpinningSkill: AgentSkill {
    public let id = "sync.spinner"
    public let displayName = "同步"
    public let description = "Waits until the sync service is ready, then syncs."
    public let keywords = ["sync"]

    public init() {}

    public var samples: SkillSamples { SkillSamples(handled: ["sync now"], unhandled: ["weather"]) }

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        while !syncServiceReady.load(ordering: .relaxed) {}
        return SkillOutput(summary: "synced")
    }
}

private let syncServiceReady = Atomic<Bool>(false)
