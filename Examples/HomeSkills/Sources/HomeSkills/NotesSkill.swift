import Foundation
import SkillKit

/// Jots a note down, or reads the notes back: "记一下：物业电话 12345", "备忘".
public struct NotesSkill: HomeSkill {
    public let id = "notes"
    public let displayName = "便签"
    public let description = "记下一条便签，或者读出最近的便签。"
    public let keywords = ["记一下", "备忘", "note"]
    public let area = HomeArea.household

    public init() {}

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        let content = strippingTriggers(keywords, from: input.rawText)
        do {
            guard !content.isEmpty else { return try await latestNotes(context: context) }
            try Task.checkCancellation()
            let note = NoteItem(id: context.newID(), content: content, createdAt: context.now)
            try await context.storage.save(note)
            return SkillOutput(summary: "已记下：\(content)", detail: note.id.uuidString, shouldRefreshUI: true)
        } catch let error as StorageError {
            throw SkillError.executionFailed("便签暂时打不开（\(error.message(in: .zhHans))）")
        }
    }

    private func latestNotes(context: SkillContext) async throws -> SkillOutput {
        let notes = try await context.storage.fetchAllNotes()
        guard !notes.isEmpty else { return SkillOutput(summary: "还没有便签") }
        let latest = notes.suffix(3).reversed().map(\.content)
        return SkillOutput(summary: "最近的便签：" + latest.joined(separator: "；"), detail: "共 \(notes.count) 条")
    }
}
