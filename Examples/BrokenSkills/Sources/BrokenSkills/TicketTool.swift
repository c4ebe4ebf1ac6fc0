import Foundation
import SkillKit

/// Breaks TOOL-5: it files a ticket as `NoteItem(content:)`, whose id and date are `UUID()` and
/// `Date()`, and tells the model the id, so the same call gives another result every time and a
/// scripted conversation replayed against it departs from its script.
public struct TicketTool: ToolSkill {
    public let id = "ticket.create"
    public let name = "create_ticket"
    public let description = "为用户创建一个报修工单。用户说“报修”“坏了”时使用。"
    public let inputSchema: JSON = [
        "type": "object",
        "properties": ["problem": ["type": "string", "description": "问题描述"]],
        "required": ["problem"],
        "additionalProperties": false,
    ]

    private let storage: any DataStoring

    public init(context: SkillContext) {
        storage = context.storage
    }

    struct Arguments: Decodable { let problem: String }

    public func execute(arguments: Data) async throws -> String {
        let arguments = try decodeArguments(Arguments.self, from: arguments)
        try Task.checkCancellation()
        let ticket = NoteItem(content: arguments.problem)
        do {
            try await storage.save(ticket)
        } catch let error as StorageError {
            throw SkillError.executionFailed("工单没有创建（\(error.message(in: .zhHans))）")
        }
        return "已创建工单 \(ticket.id.uuidString.prefix(8))：\(arguments.problem)"
    }
}
