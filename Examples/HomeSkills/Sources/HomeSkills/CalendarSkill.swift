import Foundation
import SkillKit

/// One event on a shared family calendar.
public struct CalendarEvent: Codable, Hashable, Sendable {
    public var title: String
    public var start: Date
}

/// Reads today's events from one of the family's calendars: "今天有什么安排".
///
/// The app makes one per calendar the user shares with the assistant:
///
/// ```swift
/// engine.register(CalendarSkill(calendar: "family"))
/// ```
public struct CalendarSkill: HomeSkill {
    public let id: String
    public let displayName = "日程"
    public let description = "读出今天日历上的安排。"
    public let keywords = ["日程", "安排", "calendar"]
    public let area = HomeArea.info
    /// The storage collection holding the calendar's events.
    public let calendar: String

    public init(calendar: String) {
        self.calendar = calendar
        self.id = "calendar-\(calendar)"
    }

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        let events: [CalendarEvent]
        do {
            events = try await context.storage.loadAll(CalendarEvent.self, in: "calendar-\(calendar)")
        } catch let error as StorageError {
            throw SkillError.executionFailed("日历暂时打不开（\(error.message(in: .zhHans))）")
        }
        let today = Calendar(identifier: .gregorian).startOfDay(for: context.now)
        let todays = events.filter { $0.start >= today && $0.start < today.addingTimeInterval(86_400) }
        guard !todays.isEmpty else { return SkillOutput(summary: "今天没有安排") }
        return SkillOutput(summary: "今天有 \(todays.count) 项安排：" + todays.map(\.title).joined(separator: "、"))
    }
}
