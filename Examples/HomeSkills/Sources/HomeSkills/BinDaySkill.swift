import Foundation
import SkillKit

/// Says which bins go out this week: "垃圾哪天收", "bin day".
///
/// Our estate collects general waste every Tuesday, and recycling on Fridays of even weeks.
public struct BinDaySkill: HomeSkill {
    public let id = "bin-day"
    public let displayName = "垃圾收运"
    public let description = "告诉你这周哪天收垃圾、哪天收可回收物。"
    public let keywords = ["垃圾", "bin day", "recycling"]
    public let area = HomeArea.household

    public init() {}

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Asia/Shanghai") ?? .current
        let today = calendar.component(.weekday, from: context.now)   // 1 is Sunday
        let week = calendar.component(.weekOfYear, from: context.now)
        let general = Self.daysUntil(weekday: 3, from: today)
        var summary = general == 0 ? "今天收其他垃圾" : "\(general)天后（周二）收其他垃圾"
        if week % 2 == 0 {
            let recycling = Self.daysUntil(weekday: 6, from: today)
            summary += recycling == 0 ? "，今天收可回收物" : "，周五收可回收物"
        } else {
            summary += "，这周不收可回收物"
        }
        return SkillOutput(summary: summary)
    }

    static func daysUntil(weekday: Int, from today: Int) -> Int {
        (weekday - today + 7) % 7
    }
}
