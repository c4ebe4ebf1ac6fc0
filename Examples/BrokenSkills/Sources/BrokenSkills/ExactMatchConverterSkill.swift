import SkillKit

/// Breaks META-4: canHandle compares the whole text with a keyword, so "把 3 km 换算成英里" is not taken.
public struct ExactMatchConverterSkill: AgentSkill {
    public let id = "exact-converter"
    public let displayName = "换算"
    public let description = "Converts units, such as 把 3 km 换算成英里."
    public let keywords = ["换算", "convert"]

    public init() {}

    public var samples: SkillSamples {
        SkillSamples(handled: ["把 3 km 换算成英里", "convert 5 kg to pounds"], unhandled: ["北京天气怎么样"])
    }

    public func canHandle(_ intent: String) -> Bool { keywords.contains(intent) }

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        SkillOutput(summary: "换算：\(input.rawText)")
    }
}
