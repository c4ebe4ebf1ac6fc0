/// Which contract a skill implements: each rule of the catalogue says which it applies to.
///
/// ```swift
/// RuleCatalog.standard["TOOL-4"]?.appliesTo   // [.tool]
/// SkillUnderTest(tool: WeatherTool()).kind     // .tool
/// ```
@available(SkillCheckTesting, *)
public enum SkillKind: String, Sendable, Codable, Hashable, CaseIterable {
    /// An `AgentSkill`: routed by its own `canHandle` over the user's text, returns a `SkillOutput`.
    case agent
    /// A `ToolSkill`: picked by a model from its input schema, run on JSON arguments, returns text.
    case tool

    /// How the catalogue names it: `AgentSkill`, `ToolSkill`.
    package var protocolName: String {
        switch self {
        case .agent: "AgentSkill"
        case .tool: "ToolSkill"
        }
    }

    /// The protocol's name with its article, as a sentence says it: "an AgentSkill", "a ToolSkill".
    package var withArticle: String {
        switch self {
        case .agent: "an AgentSkill"
        case .tool: "a ToolSkill"
        }
    }
}
