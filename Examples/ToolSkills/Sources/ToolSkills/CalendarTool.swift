import Foundation
import SkillKit

/// An event in the user's calendar, as ``CalendarTool`` reads it from the `calendar` collection.
public struct CalendarEvent: Sendable, Codable, Hashable {
    public var title: String
    public var start: Date

    public init(title: String, start: Date) {
        self.title = title
        self.start = start
    }

    /// The collection the events are stored in.
    public static let collection = "calendar"
}

/// `query_calendar`: the user's events between two date-times, the last seven days by default (seed 002
/// §2.3). The calendar is private, so the user must allow it (`requiresPermission`).
///
/// ```swift
/// let tool = CalendarTool(context: context)
/// try await tool.execute(arguments: Data(#"{"start": "2025-04-09T00:00:00Z", "end": "2025-04-10T00:00:00Z"}"#.utf8))
/// ```
public struct CalendarTool: ToolSkill {
    public let id = "calendar.query"
    public let name = "query_calendar"
    public let description = "查找用户在指定时间段内的日历日程。时间段缺省时默认最近7天。start 和 end 是 ISO 8601 时间。"
    public let inputSchema: JSON = [
        "type": "object",
        "properties": [
            "start": ["type": "string", "format": "date-time", "description": "开始时间，如 2025-04-09T00:00:00Z"],
            "end": ["type": "string", "format": "date-time", "description": "结束时间"],
        ],
        "additionalProperties": false,
    ]
    public var requiresPermission: Bool { true }

    public var sampleArguments: [JSON] {
        [[:], ["start": "2025-04-01T00:00:00Z", "end": "2025-04-09T00:00:00Z"]]
    }

    /// The most events a result lists; the rest are counted (TOOL-6: a result stays under 2 KB).
    public static let shownEvents = 10

    private let context: SkillContext

    public init(context: SkillContext) {
        self.context = context
    }

    struct Arguments: Decodable {
        let start: Date?
        let end: Date?
    }

    public func execute(arguments: Data) async throws -> String {
        let arguments = try decodeArguments(Arguments.self, from: arguments)
        let end = arguments.end ?? context.now
        let start = arguments.start ?? end.addingTimeInterval(-7 * 24 * 3600)
        guard start <= end else { throw SkillError.invalidInput("end: comes before start; give an end after \(Self.format(start))") }
        let events: [CalendarEvent]
        do {
            events = try await context.storage.loadAll(CalendarEvent.self, in: CalendarEvent.collection)
        } catch let error as StorageError {
            throw SkillError.executionFailed("日历读取失败（\(error.message(in: .zhHans))）")
        }
        let found = events.filter { start <= $0.start && $0.start <= end }.sorted { ($0.start, $0.title) < ($1.start, $1.title) }
        let span = "\(Self.format(start)) 至 \(Self.format(end))"
        guard !found.isEmpty else { return "\(span) 没有日程" }
        let lines = found.prefix(Self.shownEvents).map { "\(Self.format($0.start)) \($0.title)" }
        let more = found.count > Self.shownEvents ? "\n…另有 \(found.count - Self.shownEvents) 个日程" : ""
        return "\(span) 共 \(found.count) 个日程：\n" + lines.joined(separator: "\n") + more
    }

    static func format(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        return formatter.string(from: date)
    }
}
