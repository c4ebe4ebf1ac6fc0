/// The list of skills a package offers, for tools that discover skills (`skillcheck`, transcripts).
///
/// ```swift
/// public enum ReferenceSkills: SkillCatalog {
///     public static var skills: [any AgentSkill] { [NoteSkill(), WeatherSkill()] }
/// }
/// ```
public protocol SkillCatalog {
    /// Fresh instances of every skill, in the order an engine should register them.
    static var skills: [any AgentSkill] { get }
}

extension SkillCatalog {
    /// The skill with this id, if the catalogue has one.
    public static func skill(id: String) -> (any AgentSkill)? {
        skills.first { $0.id == id }
    }
}
