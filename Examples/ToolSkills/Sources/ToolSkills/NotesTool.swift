import Foundation
import SkillKit

/// `save_note`: stores a note, with optional tags, in the context's storage.
///
/// The note's id and date come from the context (`newID()`, `now`), so a replay on a virtual clock
/// stores the same note every run (TOOL-5).
///
/// ```swift
/// try await NotesTool(context: context).execute(arguments: Data(#"{"content": "明天下午三点开会"}"#.utf8))
/// // "已保存笔记：明天下午三点开会"
/// ```
public struct NotesTool: ToolSkill {
    public let id = "notes.save"
    public let name = "save_note"
    public let description = "保存一条笔记。用户说“记一下”“备忘”时使用；content 是笔记正文，tags 是可选标签。"
    public let inputSchema: JSON = [
        "type": "object",
        "properties": [
            "content": ["type": "string", "description": "笔记正文"],
            "tags": ["type": "array", "items": ["type": "string"], "description": "标签，如 [\"工作\"]"],
        ],
        "required": ["content"],
        "additionalProperties": false,
    ]

    public var sampleArguments: [JSON] {
        [["content": "明天下午三点开会"], ["content": "买牛奶", "tags": ["家务"]]]
    }

    private let context: SkillContext

    public init(context: SkillContext) {
        self.context = context
    }

    struct Arguments: Decodable {
        let content: String
        let tags: [String]?
    }

    public func execute(arguments: Data) async throws -> String {
        let arguments = try decodeArguments(Arguments.self, from: arguments)
        let content = arguments.content.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !content.isEmpty else { throw SkillError.invalidInput("content: say what to note, such as 明天下午三点开会") }
        let tags = arguments.tags ?? []
        let text = tags.isEmpty ? content : content + " " + tags.map { "#\($0)" }.joined(separator: " ")
        // Nothing is written once the call is cancelled (CAN-1).
        try Task.checkCancellation()
        let note = NoteItem(id: context.newID(), content: text, createdAt: context.now)
        do {
            try await context.storage.save(note)
        } catch let error as StorageError {
            throw SkillError.executionFailed("笔记没有保存（\(error.message(in: .zhHans))）")
        }
        return "已保存笔记：\(text)"
    }
}
