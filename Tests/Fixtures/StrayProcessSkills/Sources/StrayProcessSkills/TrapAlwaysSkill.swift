import SkillKit

/// Traps on every run: it force-unwraps a rate its table does not have. Every run-based rule traps, in the
/// conformance stage and under ThreadSanitizer alike.
public struct TrapAlwaysSkill: AgentSkill {
    public let id = "tip.always-traps"
    public let displayName = "小费"
    public let description = "Works out a tip in the user's currency."
    public let keywords = ["tip"]
    static let rates = ["en_US": 0.15]

    public init() {}

    public var samples: SkillSamples { SkillSamples(handled: ["tip 200"], unhandled: ["weather"]) }

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        let rate = Self.rates["zh_CN"]!
        return SkillOutput(summary: "tip: \(rate * 200)")
    }
}
