import SkillKit

/// Breaks CRASH-1: it force-unwraps the amount it expects at the end of the text, so a text without a
/// number (an empty one, a keyword alone) traps instead of throwing `SkillError.invalidInput`.
public struct TipSkill: AgentSkill {
    public let id = "tip"
    public let displayName = "小费"
    public let description = "Works out a 15% tip, such as 小费 200."
    public let keywords = ["小费", "tip"]

    public init() {}

    public var samples: SkillSamples {
        SkillSamples(handled: ["小费 200", "tip 80"], unhandled: ["记一下买牛奶"])
    }

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        let amount = Double(input.rawText.split(separator: " ").last!)!
        return SkillOutput(summary: "小费 \(amount * 0.15)")
    }
}
