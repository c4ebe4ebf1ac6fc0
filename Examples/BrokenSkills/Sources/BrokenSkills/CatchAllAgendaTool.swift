import Foundation
import SkillKit

/// Breaks CAN-3, as a tool skill: its `catch` maps every error, cancellation included, into
/// `SkillError.executionFailed`, so a call the engine cancelled reads as a failure of the tool.
public struct CatchAllAgendaTool: ToolSkill {
    public let id = "agenda.today"
    public let name = "today_agenda"
    public let description = "列出用户今天的待办事项。用户问“今天有什么事”时使用。"
    public let inputSchema: JSON = ["type": "object", "properties": [:], "additionalProperties": false]

    private let storage: any DataStoring

    public init(context: SkillContext) {
        storage = context.storage
    }

    struct Arguments: Decodable {}

    public func execute(arguments: Data) async throws -> String {
        _ = try decodeArguments(Arguments.self, from: arguments)
        do {
            let items = try await storage.fetchAllNotes()
            return items.isEmpty ? "今天没有待办" : items.map(\.content).joined(separator: "\n")
        } catch {
            throw SkillError.executionFailed("待办读取失败：\(error)")
        }
    }
}
