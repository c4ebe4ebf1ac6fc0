import SkillKit

/// Breaks META-7: canHandle starts a Task that warms a search index, so routing starts work for every
/// message, even those another skill takes, and that work runs outside any clock a test controls.
public struct PrefetchingNotesSkill: AgentSkill {
    public let id = "note-search"
    public let displayName = "查笔记"
    public let description = "Finds notes, such as 查笔记 开会."
    public let keywords = ["查笔记", "find note"]

    public init() {}

    public func canHandle(_ intent: String) -> Bool {
        Task { await NoteIndex.shared.warmUp(for: intent) }
        return keywords.contains { intent.localizedCaseInsensitiveContains($0) }
    }

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        SkillOutput(summary: "没有找到笔记")
    }
}

/// The index the skill warms.
actor NoteIndex {
    static let shared = NoteIndex()
    private var warmed: Set<String> = []

    func warmUp(for intent: String) {
        warmed.insert(intent)
    }
}
