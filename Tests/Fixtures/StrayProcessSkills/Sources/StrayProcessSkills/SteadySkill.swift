import Foundation
import SkillKit

/// Does nothing wrong: it keeps its full result whatever the skills beside it do.
public struct SteadySkill: AgentSkill {
    public let id = "echo.steady"
    public let displayName = "回声"
    public let description = "Repeats what it is told."
    public let keywords = ["echo"]

    public init() {}

    public var samples: SkillSamples { SkillSamples(handled: ["echo hi"], unhandled: ["weather"]) }

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        let text = input.rawText.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { throw SkillError.invalidInput("nothing to repeat. Try: echo hi") }
        return SkillOutput(summary: text)
    }
}
