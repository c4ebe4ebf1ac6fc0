import Foundation
import SkillKit

/// Breaks IO-1: it keeps its journal in a file of its own, written with `FileManager` and `Data.write(to:)`,
/// beside the context's storage rather than in it. A cancelled request cannot take the write back, a test
/// cannot fail it, and a replay cannot see it.
public struct JournalSkill: AgentSkill {
    public let id = "journal"
    public let displayName = "日记"
    public let description = "Writes a line in the journal, such as 日记 今天去了长城."
    public let keywords = ["日记", "journal"]

    public init() {}

    public var samples: SkillSamples { SkillSamples(handled: ["日记 今天去了长城"], unhandled: ["北京天气怎么样"]) }

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        let line = input.rawText.replacingOccurrences(of: "日记", with: "").trimmingCharacters(in: .whitespaces)
        guard !line.isEmpty else { throw SkillError.invalidInput("say what to write, such as 日记 今天去了长城") }
        try Task.checkCancellation()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("skillcheck-journal-fixture")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data((line + "\n").utf8).write(to: folder.appendingPathComponent("journal.txt"), options: .atomic)
        } catch {
            throw SkillError.executionFailed("日记没有写上（\(error.localizedDescription)）")
        }
        return SkillOutput(summary: "写好了：\(line)", shouldRefreshUI: true)
    }
}
