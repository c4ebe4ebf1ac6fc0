import Foundation
import SkillKit

/// Breaks TOOL-7 (a SHOULD rule): a tool with no arguments, ported from an MCP server, declares its
/// schema as a bare `{"type": "object"}`. The kit's subset accepts it, but OpenAI answers HTTP 400
/// "object schema missing properties", and Gemini refused it too: the app fails only when a user asks.
public struct OpenRemindersTool: ToolSkill {
    public let id = "reminders.open"
    public let name = "list_open_reminders"
    public let description = "列出未完成的提醒事项。用户问还有什么没做时使用。"
    public let inputSchema: JSON = ["type": "object"]

    public init() {}

    public func execute(arguments: Data) async throws -> String {
        _ = try decodeArguments([String: String].self, from: arguments)
        return "未完成：买牛奶；给妈妈打电话"
    }
}
