import SkillKit

/// Breaks META-5: canHandle returns true for everything ("let the engine decide"), so it takes
/// intents meant for other skills.
public struct GreedyJokeSkill: AgentSkill {
    public let id = "joke"
    public let displayName = "笑话"
    public let description = "Tells a joke, such as 讲个笑话."
    public let keywords = ["笑话", "joke"]

    public init() {}

    public var samples: SkillSamples {
        SkillSamples(handled: ["讲个笑话", "tell me a joke"], unhandled: ["北京天气怎么样"])
    }

    public func canHandle(_ intent: String) -> Bool { true }

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        SkillOutput(summary: "从前有座山……")
    }
}
