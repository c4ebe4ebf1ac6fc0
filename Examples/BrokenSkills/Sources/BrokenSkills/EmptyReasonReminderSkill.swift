import Foundation
import SkillKit

/// Breaks ERR-3: its invalidInput reason is the content it failed to find, so the reason is empty.
public struct EmptyReasonReminderSkill: AgentSkill {
    public let id = "reminder"
    public let displayName = "提醒我"
    public let description = "Reminds you of something, such as 提醒我 买牛奶."
    public let keywords = ["提醒我", "remind me"]

    public init() {}

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        var content = input.rawText
        for keyword in keywords { content = content.replacingOccurrences(of: keyword, with: "") }
        content = content.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !content.isEmpty else { throw SkillError.invalidInput(content) }
        return SkillOutput(summary: "好的，会提醒你：\(content)")
    }
}
