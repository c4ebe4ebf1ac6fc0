import SkillKit

/// Breaks META-2: copied from NoteSkill, it kept the id "note", so an engine indexes only one of them.
public struct ArchiveNoteSkill: AgentSkill {
    public let id = "note"
    public let displayName = "归档"
    public let description = "Archives old notes, such as 归档上个月的笔记."
    public let keywords = ["归档", "archive"]

    public init() {}

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        SkillOutput(summary: "已归档")
    }
}
