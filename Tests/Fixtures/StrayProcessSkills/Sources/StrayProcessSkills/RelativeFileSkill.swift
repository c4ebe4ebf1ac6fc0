import Foundation
import SkillKit

/// Keeps a tally in `tally.txt`, a path relative to the directory the process runs in, as a port of a script
/// would: each run reads it and writes it back one higher. It must never land in the folder `skillcheck` was
/// started from, and a run must not read what an earlier run left (IO-1 reports the file either way).
public struct RelativeFileSkill: AgentSkill {
    public let id = "tally.relative-file"
    public let displayName = "计数"
    public let description = "Counts how often it is asked, such as tally up."
    public let keywords = ["tally"]

    public init() {}

    public var samples: SkillSamples { SkillSamples(handled: ["tally up"], unhandled: ["weather"]) }

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        try Task.checkCancellation()
        let file = URL(fileURLWithPath: "tally.txt")
        let before = (try? String(contentsOf: file, encoding: .utf8)).flatMap { Int($0) } ?? 0
        do {
            try Data("\(before + 1)".utf8).write(to: file)
        } catch {
            throw SkillError.executionFailed("the tally could not be kept")
        }
        return SkillOutput(summary: "tally \(before + 1)")
    }
}
