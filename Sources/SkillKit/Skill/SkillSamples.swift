/// Example intents that a skill says it handles, and some it does not, for conformance checks.
///
/// A skill overrides ``AgentSkill/samples`` when its keywords alone do not describe what it takes:
///
/// ```swift
/// var samples: SkillSamples {
///     SkillSamples(handled: ["记一下明天开会"], unhandled: ["今天天气怎么样"])
/// }
/// ```
///
/// Samples that read what an earlier call saved say what they expect to find, and each check saves it in
/// its fresh store before the sample runs (not as one of the skill's own operations):
///
/// ```swift
/// SkillSamples(
///     handled: ["读一下 todo.md"],
///     storage: ["files": [StoredDocument(id: "todo.md", data: Data("- 买牛奶".utf8))]])
/// ```
public struct SkillSamples: Sendable, Codable, Hashable {
    /// Intents for which ``AgentSkill/canHandle(_:)`` must return `true`.
    public var handled: [String]
    /// Intents for which ``AgentSkill/canHandle(_:)`` must return `false`.
    public var unhandled: [String]
    /// Documents the handled intents expect in storage, by collection; none by default.
    public var storage: [String: [StoredDocument]]

    public init(handled: [String], unhandled: [String] = [], storage: [String: [StoredDocument]] = [:]) {
        self.handled = handled
        self.unhandled = unhandled
        self.storage = storage
    }

    /// Samples that expect nothing in storage.
    ///
    /// The same as `init(handled:unhandled:storage:)` with no storage; kept so that code that names this
    /// initialiser (`SkillSamples.init(handled:unhandled:)`) still compiles.
    public init(handled: [String], unhandled: [String]) {
        self.init(handled: handled, unhandled: unhandled, storage: [:])
    }

    private enum CodingKeys: String, CodingKey {
        case handled, unhandled, storage
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        handled = try container.decode([String].self, forKey: .handled)
        unhandled = try container.decodeIfPresent([String].self, forKey: .unhandled) ?? []
        storage = try container.decodeIfPresent([String: [StoredDocument]].self, forKey: .storage) ?? [:]
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
