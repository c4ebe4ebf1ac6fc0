import Foundation
import SkillKit

/// Breaks CAN-1: writes an audit record before it looks at cancellation, so a request the engine
/// cancelled before it started still leaves a write behind.
public struct AuditedNoteSkill: AgentSkill {
    public let id = "audited-note"
    public let displayName = "备注"
    public let description = "Keeps a remark with an audit trail, such as 备注 周五交报告."
    public let keywords = ["备注", "remark"]

    public init() {}

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        do {
            let audit = Data("received: \(input.rawText)".utf8)
            try await context.storage.saveDocument(audit, id: context.newID().uuidString, in: "audit")
            try Task.checkCancellation()
            var content = input.rawText
            for keyword in keywords { content = content.replacingOccurrences(of: keyword, with: "") }
            guard !content.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                throw SkillError.invalidInput("say what to remark, such as 备注 周五交报告")
            }
            return SkillOutput(summary: "已备注")
        } catch let error as SkillError {
            throw error
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw SkillError.executionFailed("备注没有保存：\(error.localizedDescription)")
        }
    }
}
