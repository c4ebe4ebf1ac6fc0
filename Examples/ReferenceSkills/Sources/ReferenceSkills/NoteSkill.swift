import Foundation
import SkillKit

/// Records a note: "记一下明天下午三点开会" stores "明天下午三点开会".
///
/// The seed's `NoteSkill`, with the time read from the context instead of `Date()`, so that a
/// replay on a virtual clock stores the same note every run.
public struct NoteSkill: AgentSkill {
    public let id = "note"
    public let displayName = "笔记"
    public let description = "记录、追加和查询便签内容，适合处理包含“记一下”“备忘”“note”等关键词的指令。"
    public let keywords = ["记一下", "备忘", "note", "提醒"]

    /// Words removed from the text to leave the note itself.
    static let triggers = ["记一下", "备忘", "提醒"]

    public init() {}

    public var samples: SkillSamples {
        SkillSamples(handled: ["记一下明天下午三点开会", "备忘：买牛奶", "note: call mom"],
                     unhandled: ["北京天气怎么样", ""])
    }

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        var text = input.rawText
        for trigger in Self.triggers { text = text.replacingOccurrences(of: trigger, with: "") }
        let content = text.trimmingCharacters(in: .whitespacesAndNewlines.union(.init(charactersIn: "：:，,")))
        guard !content.isEmpty else {
            throw SkillError.invalidInput("没有从指令中提取到笔记内容")
        }
        try Task.checkCancellation()
        let note = NoteItem(id: Self.noteID(content: content, at: context.now), content: content, createdAt: context.now)
        do {
            try await context.storage.save(note)
        } catch let error as StorageError {
            // The user reads a SkillError (conformance rule ERR-1); cancellation goes through as it is.
            throw SkillError.executionFailed("笔记没有保存（\(error.message(in: .zhHans))）")
        }
        return SkillOutput(summary: "已记录：\(content)", detail: note.id.uuidString, shouldRefreshUI: true)
    }

    /// A stable id from the content and the time (name-based, FNV-1a), so replays are byte-identical.
    static func noteID(content: String, at date: Date) -> UUID {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        var second: UInt64 = 0x8422_2325_CBF2_9CE4
        for byte in Array(content.utf8) + Array(String(date.timeIntervalSince1970).utf8) {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            second = (second ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        let a = withUnsafeBytes(of: hash.bigEndian) { Array($0) }
        let b = withUnsafeBytes(of: second.bigEndian) { Array($0) }
        return UUID(uuid: (a[0], a[1], a[2], a[3], a[4], a[5], (a[6] & 0x0F) | 0x50, a[7],
                           (b[0] & 0x3F) | 0x80, b[1], b[2], b[3], b[4], b[5], b[6], b[7]))
    }
}
