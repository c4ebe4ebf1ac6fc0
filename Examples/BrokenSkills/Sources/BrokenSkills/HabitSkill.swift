import Foundation
import SkillKit

/// A check-in as HabitSkill stores it, in the collection "check-ins".
public struct CheckIn: Codable, Sendable, Hashable {
    public var id: String
    public var habit: String
    public var at: Date
}

/// Breaks TIME-1 inside Foundation: it stores each check-in at `context.now`, then counts today's with
/// `Calendar.current.isDateInToday(_:)`, which compares with the real clock, not the context's. On virtual
/// time it always counts none; no `Date()` is in its source.
public struct HabitSkill: AgentSkill {
    public let id = "habit"
    public let displayName = "打卡"
    public let description = "Checks in a habit and counts today's check-ins, such as 打卡 跑步."
    public let keywords = ["打卡"]

    public init() {}

    public var samples: SkillSamples { SkillSamples(handled: ["打卡 跑步"], unhandled: ["北京天气怎么样"]) }

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        let habit = input.rawText.replacingOccurrences(of: "打卡", with: "").trimmingCharacters(in: .whitespaces)
        guard !habit.isEmpty else { throw SkillError.invalidInput("say which habit, such as 打卡 跑步") }
        try Task.checkCancellation()
        do {
            let checkIn = CheckIn(id: context.newID().uuidString, habit: habit, at: context.now)
            try await context.storage.save(checkIn, id: checkIn.id, in: "check-ins")
            let today = try await context.storage.loadAll(CheckIn.self, in: "check-ins")
                .filter { $0.habit == habit && Calendar.current.isDateInToday($0.at) }
            return SkillOutput(summary: "\(habit)：今天第 \(today.count) 次", shouldRefreshUI: true)
        } catch let error as StorageError {
            throw SkillError.executionFailed("没有打上卡（\(error.message(in: .zhHans))）")
        }
    }
}
