import Foundation
import SkillKit

/// Starts a helper, once per process, that inherits the process's standard output and error, ignores
/// SIGTERM and never ends: after the skill's process has ended, its output is still open.
public struct OutputHoldingSkill: AgentSkill {
    public let id = "cache.warmer"
    public let displayName = "缓存"
    public let description = "Answers from a cache that a helper process keeps warm."
    public let keywords = ["cache"]

    public init() {}

    public var samples: SkillSamples { SkillSamples(handled: ["cache status"], unhandled: ["weather"]) }

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        _ = helperStarted
        return SkillOutput(summary: "cache: warm")
    }
}

/// Starts the helper the first time it is read (a global's initializer runs once per process).
private let helperStarted: Bool = {
    let helper = Process()
    helper.executableURL = URL(fileURLWithPath: "/bin/sh")
    helper.arguments = ["-c", "trap '' TERM; exec sleep 86400"]
    return (try? helper.run()) != nil
}()
