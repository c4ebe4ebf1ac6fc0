import Foundation
import SkillKit

/// A reminder, as the reminders screen shows it.
public struct Reminder: Codable, Hashable, Sendable {
    public var id: UUID
    public var text: String
    public var createdAt: Date
}

/// Saves a reminder: "提醒我明天早上交水费", "remind me to call mom".
public struct ReminderSkill: HomeSkill {
    public let id = "reminder"
    public let displayName = "提醒事项"
    public let description = "记下需要提醒的事情，比如“提醒我明天交水费”。"
    public let keywords = ["提醒我", "remind me"]
    public let area = HomeArea.household

    public init() {}

    public var samples: SkillSamples {
        SkillSamples(handled: ["提醒我明天早上交水费", "remind me to call mom"],
                     unhandled: ["计时5分钟", "购物清单"])
    }

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        let text = strippingTriggers(["提醒我", "remind me to", "remind me"], from: input.rawText)
        guard !text.isEmpty else {
            throw SkillError.invalidInput("要提醒你什么呢？比如“提醒我明天交水费”")
        }
        try Task.checkCancellation()
        let reminder = Reminder(id: UUID(), text: text, createdAt: Date())
        do {
            try await context.storage.save(reminder, id: reminder.id.uuidString, in: "reminders")
        } catch let error as StorageError {
            throw SkillError.executionFailed("提醒没有保存（\(error.message(in: .zhHans))）")
        }
        return SkillOutput(summary: "好的，我会提醒你：\(text)",
                           detail: "创建于 \(reminder.createdAt.formatted(date: .abbreviated, time: .shortened))",
                           shouldRefreshUI: true)
    }
}
