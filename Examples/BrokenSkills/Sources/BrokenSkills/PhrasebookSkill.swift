import Foundation
import SkillKit

/// Breaks SEND-3 (a SHOULD rule) only: its stored memo is `@unchecked Sendable`, an escape hatch the
/// compiler cannot check. Real code does this to keep a cache on a platform without `Mutex` (macOS 14):
/// a final class guarded by an `NSLock`. Here the lock really guards every access, so the hatch is safe
/// and SEND-2 (concurrent calls under ThreadSanitizer) passes; SEND-3 warns until the caller says SEND-2
/// passed, which is what the rule asks: every hatch must be backed by a passing SEND-2.
///
/// The fix: a `Mutex` (macOS 15, iOS 18) or an actor instead of the hatch, or keep it and run SEND-2
/// under ThreadSanitizer.
public struct PhrasebookSkill: AgentSkill {
    public let id = "phrasebook"
    public let displayName = "常用语"
    public let description = "Translates a few travel phrases, such as 常用语 谢谢."
    public let keywords = ["常用语", "phrasebook"]

    /// Phrases already looked up: shared by every copy of the skill, behind a lock.
    let memo = PhraseMemo()

    public init() {}

    public var samples: SkillSamples {
        SkillSamples(handled: ["常用语 谢谢", "phrasebook 你好"], unhandled: ["北京天气怎么样"])
    }

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        let phrase = input.rawText.split(separator: " ").last.map(String.init) ?? ""
        let english = memo.value(for: phrase) { Self.dictionary[$0] ?? "(no translation for \($0))" }
        return SkillOutput(summary: "\(phrase): \(english)")
    }

    static let dictionary = ["谢谢": "thank you", "你好": "hello", "再见": "goodbye"]
}

/// A memo that computes each value once; every access holds the lock.
final class PhraseMemo: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String: String] = [:]

    func value(for key: String, compute: (String) -> String) -> String {
        lock.lock()
        defer { lock.unlock() }
        if let value = values[key] { return value }
        let value = compute(key)
        values[key] = value
        return value
    }
}
