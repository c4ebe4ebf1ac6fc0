import SkillKit

/// The skills of this package, in routing order, for `skillcheck` and transcript replays.
///
/// ```swift
/// for skill in ReferenceSkills.skills { engine.register(skill) }
/// ```
public enum ReferenceSkills: SkillCatalog {
    public static var skills: [any AgentSkill] { [NoteSkill(), WeatherSkill()] }
}
