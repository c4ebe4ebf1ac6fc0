import Foundation
import SkillKit

/// Breaks TOOL-4: it decodes its arguments with a bare `JSONDecoder`, so arguments that do not fit (a
/// missing field, a string for a number, text that is not JSON) throw a `DecodingError` the model cannot
/// read, instead of `SkillError.invalidInput` naming the field.
public struct CountdownReminderTool: ToolSkill {
    public let id = "reminder.in"
    public let name = "remind_in"
    public let description = "过几分钟提醒用户一件事。用户说“十分钟后提醒我”时使用。"
    public let inputSchema: JSON = [
        "type": "object",
        "properties": [
            "minutes": ["type": "integer", "description": "几分钟后"],
            "text": ["type": "string", "description": "提醒内容"],
        ],
        "required": ["minutes", "text"],
    ]

    public init() {}

    struct Arguments: Decodable {
        let minutes: Int
        let text: String
    }

    public func execute(arguments: Data) async throws -> String {
        let arguments = try JSONDecoder().decode(Arguments.self, from: arguments)
        return "好的，\(arguments.minutes) 分钟后提醒你：\(arguments.text)"
    }
}
