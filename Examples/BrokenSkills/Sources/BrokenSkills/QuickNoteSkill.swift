import Foundation
import SkillKit

/// Breaks TIME-2 (a SHOULD): it saves `NoteItem(content:)`, whose defaults are `UUID()` and `Date()`, so
/// the same input stores a different note, and answers a different id, every run.
public struct QuickNoteSkill: AgentSkill {
    public let id = "quick-note"
    public let displayName = "速记"
    public let description = "Jots a note down, such as 速记 周五交报告."
    public let keywords = ["速记", "jot"]

    public init() {}

    public var samples: SkillSamples {
        SkillSamples(handled: ["速记 周五交报告", "jot buy milk"], unhandled: ["北京天气怎么样"])
    }

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        var content = input.rawText
        for keyword in keywords { content = content.replacingOccurrences(of: keyword, with: "") }
        content = content.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !content.isEmpty else { throw SkillError.invalidInput("say what to jot down, such as 速记 周五交报告") }
        try Task.checkCancellation()
        let note = NoteItem(content: content)
        do {
            try await context.storage.save(note)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw SkillError.executionFailed("笔记没有保存：\(error.localizedDescription)")
        }
        return SkillOutput(summary: "已速记：\(content)", detail: note.id.uuidString, shouldRefreshUI: true)
    }
}
