import Foundation
import SkillKit

/// A running kitchen timer, as the timers screen lists it.
public struct KitchenTimer: Codable, Hashable, Sendable {
    public var id: String
    public var seconds: Int
    public var firesAt: Date
}

/// Starts a timer: "计时5分钟", "set a timer for 90 seconds".
public struct TimerSkill: HomeSkill {
    public let id = "timer"
    public let displayName = "计时器"
    public let description = "设置一个倒计时，比如“计时5分钟”或“set a timer for 10 minutes”。"
    public let keywords = ["计时", "倒计时", "timer"]
    public let area = HomeArea.kitchen

    /// The longest timer the kitchen screen can show.
    static let longest = 24 * 60 * 60

    public init() {}

    public var samples: SkillSamples {
        SkillSamples(handled: ["计时5分钟", "倒计时30秒", "set a timer for 10 minutes"],
                     unhandled: ["北京天气怎么样", "记一下买牛奶"])
    }

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        guard let seconds = Self.duration(in: input.rawText) else {
            throw SkillError.invalidInput("说一下要计时多久，比如“计时5分钟”")
        }
        guard seconds > 0, seconds <= Self.longest else {
            throw SkillError.invalidInput("计时要在1秒到24小时之间")
        }
        try Task.checkCancellation()
        let timer = KitchenTimer(id: context.newID().uuidString, seconds: seconds,
                                 firesAt: context.now.addingTimeInterval(TimeInterval(seconds)))
        do {
            try await context.storage.save(timer, id: timer.id, in: "timers")
        } catch let error as StorageError {
            throw SkillError.executionFailed("计时器没有设置成功（\(error.message(in: .zhHans))）")
        }
        return SkillOutput(summary: "好的，\(Self.spoken(seconds))后提醒你", detail: timer.id, shouldRefreshUI: true)
    }

    /// The first number in `text` and the unit after it, in seconds; minutes when no unit is given.
    static func duration(in text: String) -> Int? {
        guard let start = text.firstIndex(where: { $0.isASCII && $0.isNumber }) else { return nil }
        let digits = text[start...].prefix { $0.isASCII && $0.isNumber }
        guard let amount = Int(digits), amount <= longest else { return nil }
        let rest = text[digits.endIndex...].lowercased().trimmingCharacters(in: .whitespaces)
        if rest.hasPrefix("秒") || rest.hasPrefix("sec") || rest.hasPrefix("s ") || rest == "s" { return amount }
        if rest.hasPrefix("小时") || rest.hasPrefix("个小时") || rest.hasPrefix("hour") || rest.hasPrefix("h") {
            return amount * 3600
        }
        return amount * 60
    }

    static func spoken(_ seconds: Int) -> String {
        switch seconds {
        case ..<60: return "\(seconds)秒"
        case ..<3600 where seconds % 60 == 0: return "\(seconds / 60)分钟"
        case ..<3600: return "\(seconds / 60)分\(seconds % 60)秒"
        default: return "\(seconds / 3600)小时\(seconds % 3600 / 60)分钟"
        }
    }
}
