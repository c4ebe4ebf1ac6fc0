import Foundation
import SkillKit

/// Answers a greeting: "你好", "早上好", "hi". The app also registers it as the engine's fallback skill.
public struct GreetingSkill: HomeSkill {
    public let id = "greeting"
    public let displayName = "打招呼"
    public let description = "回应问候，也是没有技能能处理时的默认回答。"
    // Routed by `canHandle` below, not by keywords.
    public let keywords: [String] = []
    public let area = HomeArea.info

    static let greetings = ["你好", "您好", "早上好", "晚上好", "嗨", "hello", "hi", "hey"]

    public init() {}

    public func canHandle(_ intent: String) -> Bool {
        let text = intent.lowercased().trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters))
        return Self.greetings.contains { text == $0 || text.hasPrefix($0 + " ") || text.hasPrefix($0 + "，") }
    }

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Asia/Shanghai") ?? .current
        let hour = calendar.component(.hour, from: context.now)
        let greeting: String
        switch hour {
        case 5..<12: greeting = "早上好"
        case 12..<18: greeting = "下午好"
        default: greeting = "晚上好"
        }
        return SkillOutput(summary: "\(greeting)！可以让我计时、记东西、查天气或者开关灯。")
    }
}
