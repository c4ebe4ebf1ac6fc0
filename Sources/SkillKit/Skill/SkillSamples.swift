/// Example intents that a skill says it handles, and some it does not, for conformance checks.
///
/// A skill overrides ``AgentSkill/samples`` when its keywords alone do not describe what it takes:
///
/// ```swift
/// var samples: SkillSamples {
///     SkillSamples(handled: ["记一下明天开会"], unhandled: ["今天天气怎么样"])
/// }
/// ```
public struct SkillSamples: Sendable, Codable, Hashable {
    /// Intents for which ``AgentSkill/canHandle(_:)`` must return `true`.
    public var handled: [String]
    /// Intents for which ``AgentSkill/canHandle(_:)`` must return `false`.
    public var unhandled: [String]

    public init(handled: [String], unhandled: [String] = []) {
        self.handled = handled
        self.unhandled = unhandled
    }

    /// Samples made from keywords alone, for a skill that declares none.
    ///
    /// One handled intent per non-empty keyword (the keyword itself), and as unhandled intents the empty string
    /// and a string that contains none of the keywords.
    package static func derived(from keywords: [String]) -> SkillSamples {
        let handled = keywords.filter { !$0.isEmpty }
        var unrelated = "zq-skillcheck-unrelated"
        while handled.contains(where: { unrelated.lowercased().contains($0.lowercased()) }) {
            unrelated += "-x"
        }
        return SkillSamples(handled: handled, unhandled: ["", unrelated])
    }
}
