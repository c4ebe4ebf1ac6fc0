import SkillKit

/// Breaks META-1: its id is a slug of the display name's ASCII letters, and "计时器" has none.
public struct SlugIDTimerSkill: AgentSkill {
    public var id: String { displayName.lowercased().filter { $0.isASCII && $0.isLetter } }
    public let displayName = "计时器"
    public let description = "Starts a countdown, such as 计时 5 分钟."
    public let keywords = ["计时", "timer"]

    public init() {}

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        SkillOutput(summary: "计时开始")
    }
}
