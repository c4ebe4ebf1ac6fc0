import Foundation
import SkillKit

/// Breaks TOOL-1: its name is its dotted id, `days.until`, which model APIs refuse (a tool name is
/// letters, digits, `_` and `-`), so the whole request with every tool in it fails.
public struct CountdownTool: ToolSkill {
    public let id = "days.until"
    public var name: String { id }
    public let description = "How many days from now until a date-time, such as a birthday or a deadline."
    public let inputSchema: JSON = [
        "type": "object",
        "properties": ["date": ["type": "string", "format": "date-time"]],
        "required": ["date"],
        "additionalProperties": false,
    ]

    private let context: SkillContext

    public init(context: SkillContext) {
        self.context = context
    }

    struct Arguments: Decodable { let date: Date }

    public func execute(arguments: Data) async throws -> String {
        let arguments = try decodeArguments(Arguments.self, from: arguments)
        let days = Int((arguments.date.timeIntervalSince(context.now) / 86_400).rounded(.up))
        return days >= 0 ? "还有 \(days) 天" : "已经过去 \(-days) 天"
    }
}
