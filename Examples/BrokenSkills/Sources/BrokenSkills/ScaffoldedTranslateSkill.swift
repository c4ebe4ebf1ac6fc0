import SkillKit

/// Breaks META-3: the description was left empty when the skill was scaffolded.
public struct ScaffoldedTranslateSkill: AgentSkill {
    public let id = "translate"
    public let displayName = "翻译"
    public let description = "" // TODO
    public let keywords = ["翻译", "translate"]

    public init() {}

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        SkillOutput(summary: "翻译：\(input.rawText)")
    }
}
