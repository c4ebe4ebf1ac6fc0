import Foundation
import SkillKit

/// Breaks TOOL-8: Gemini's `parameters` has no `null` type, so its author followed the usual advice,
/// `"nullable": true`, on the optional `note`, and left it in `required`. Gemini sends `"note": null` when
/// the user gives no note, and the tool's own decoding refuses it as "note: is required".
public struct PackingNoteTool: ToolSkill {
    public let id = "packing.add"
    public let name = "add_packing_item"
    public let description = "往行李清单里加一件东西，可附备注。用户说要带什么时使用。"
    public let inputSchema: JSON = [
        "type": "object",
        "properties": [
            "item": ["type": "string", "description": "要带的东西，如 雨伞"],
            "note": ["type": "string", "nullable": true, "description": "备注；没有就是 null"],
        ],
        "required": ["item", "note"],
    ]
    public var sampleArguments: [JSON] { [["item": "雨伞", "note": "放在背包侧袋"]] }

    private let storage: any DataStoring

    public init(context: SkillContext) {
        storage = context.storage
    }

    struct Arguments: Decodable {
        let item: String
        let note: String?
    }

    public func execute(arguments: Data) async throws -> String {
        let arguments = try decodeArguments(Arguments.self, from: arguments)
        try Task.checkCancellation()
        do {
            try await storage.saveDocument(Data((arguments.note ?? "").utf8), id: arguments.item, in: "packing")
        } catch let error as StorageError {
            throw SkillError.executionFailed("没有加进行李清单（\(error.message(in: .zhHans))）")
        }
        return "已加入行李清单：\(arguments.item)" + (arguments.note.map { "（\($0)）" } ?? "")
    }
}
