import SkillKit

/// Breaks META-7: canHandle starts a Task that lists the notes to warm a cache, so routing does I/O
/// for every message, even those another skill takes.
public struct PrefetchingNotesSkill: AgentSkill {
    public let id = "note-search"
    public let displayName = "查笔记"
    public let description = "Finds notes, such as 查笔记 开会."
    public let keywords = ["查笔记", "find note"]

    let storage: any DataStoring

    public init(storage: any DataStoring) { self.storage = storage }

    public func canHandle(_ intent: String) -> Bool {
        let storage = storage
        Task { _ = try? await storage.documents(in: NoteItem.collection) }
        return keywords.contains { intent.localizedCaseInsensitiveContains($0) }
    }

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        SkillOutput(summary: "没有找到笔记")
    }
}
