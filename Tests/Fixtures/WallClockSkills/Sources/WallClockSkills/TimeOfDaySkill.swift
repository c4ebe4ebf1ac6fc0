import Foundation
import SkillKit

/// Tells the time, read from `Date()` and formatted to the minute: "现在几点" gives "现在是 14:05".
public struct TimeOfDaySkill: AgentSkill {
    public let id = "time-of-day"
    public let displayName = "现在几点"
    public let description = "Tells the time, such as 现在几点."
    public let keywords = ["几点"]

    public init() {}

    public var samples: SkillSamples { SkillSamples(handled: ["现在几点"], unhandled: ["北京天气怎么样"]) }

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        try Task.checkCancellation()
        let formatter = DateFormatter()
        formatter.dateFormat = "HH:mm"
        formatter.timeZone = TimeZone(identifier: "UTC")
        return SkillOutput(summary: "现在是 \(formatter.string(from: Date()))")
    }
}
