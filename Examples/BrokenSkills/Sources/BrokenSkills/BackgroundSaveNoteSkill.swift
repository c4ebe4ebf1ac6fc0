import Foundation
import SkillKit

/// Breaks TIME-1: it answers at once and saves the note in a background `Task {}`, so the save runs on
/// the global executor, outside any clock or schedule a test controls, and may still be running (or fail
/// unseen) after the engine has shown "已记下". ``AwaitedSaveNoteSkill`` is its correct twin.
public struct BackgroundSaveNoteSkill: AgentSkill {
    public let id = "background-note"
    public let displayName = "速记"
    public let description = "Jots a note down without waiting, such as 速记 买牛奶."
    public let keywords = ["速记", "jot"]

    public init() {}

    public var samples: SkillSamples { SkillSamples(handled: ["速记 买牛奶", "jot buy milk"], unhandled: ["北京天气"]) }

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        let note = NoteItem(id: context.newID(), content: input.rawText, createdAt: context.now)
        let storage = context.storage
        Task { try? await storage.save(note) }
        return SkillOutput(summary: "已记下：\(note.content)", shouldRefreshUI: true)
    }
}

/// The correct twin of ``BackgroundSaveNoteSkill``: it awaits the save before it answers, and says so when
/// the save fails. It passes every rule.
public struct AwaitedSaveNoteSkill: AgentSkill {
    public let id = "awaited-note"
    public let displayName = "速记"
    public let description = "Jots a note down, such as 速记 买牛奶."
    public let keywords = ["速记", "jot"]

    public init() {}

    public var samples: SkillSamples { SkillSamples(handled: ["速记 买牛奶", "jot buy milk"], unhandled: ["北京天气"]) }

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        try Task.checkCancellation()
        let note = NoteItem(id: context.newID(), content: input.rawText, createdAt: context.now)
        do {
            try await context.storage.save(note)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw SkillError.executionFailed("笔记没有保存：\(error.localizedDescription)")
        }
        return SkillOutput(summary: "已记下：\(note.content)", shouldRefreshUI: true)
    }
}
