import SkillKit

/// Not broken: the note skill `ArchiveNoteSkill` was copied from, shipped in the same package, as it
/// happens when a copied skill keeps the original's id. Each is fine alone; together they break META-2,
/// which flags both (rename one). `skillcheck Examples/BrokenSkills` shows that; SkillCheck's own tests
/// check ArchiveNoteSkill among the reference skills, whose NoteSkill has the same id.
public struct TeamNoteSkill: AgentSkill {
    public let id = "note"
    public let displayName = "团队笔记"
    public let description = "Records a team note, such as 团队笔记 周五发布."
    public let keywords = ["团队笔记", "team note"]

    public init() {}

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        let content = input.rawText.replacingOccurrences(of: "团队笔记", with: "").trimmingCharacters(in: .whitespaces)
        guard !content.isEmpty else { throw SkillError.invalidInput("笔记是空的") }
        try Task.checkCancellation()
        do {
            try await context.storage.save(NoteItem(id: context.newID(), content: content, createdAt: context.now))
        } catch let error as StorageError {
            throw SkillError.executionFailed("笔记没有保存（\(error.localizedDescription)）")
        }
        return SkillOutput(summary: "已记录：\(content)", shouldRefreshUI: true)
    }
}
