import Foundation
import SkillKit

/// Breaks META-6: canHandle "learns" that an intent it has seen ten times is probably its own, so the
/// same text gets a different answer on the eleventh call.
public struct LearningRouterSkill: AgentSkill {
    public let id = "learning-search"
    public let displayName = "搜索"
    public let description = "Searches the web, such as 搜索 Swift 并发."
    public let keywords = ["搜索", "search"]

    private let seen = SeenIntents()

    public init() {}

    public var samples: SkillSamples {
        SkillSamples(handled: ["搜索 Swift 并发", "search swift testing"], unhandled: ["北京天气怎么样"])
    }

    public func canHandle(_ intent: String) -> Bool {
        let sightings = seen.record(intent)
        return keywords.contains { intent.localizedCaseInsensitiveContains($0) } || sightings > 10
    }

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        SkillOutput(summary: "搜索结果：\(input.rawText)")
    }
}

/// How often each intent was seen.
final class SeenIntents: @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [String: Int] = [:]

    func record(_ intent: String) -> Int {
        lock.withLock {
            counts[intent, default: 0] += 1
            return counts[intent, default: 0]
        }
    }
}
