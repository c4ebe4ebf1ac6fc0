import SkillKit

/// Breaks SEND-1: the skill keeps a cache in a stored property whose type is a plain class, so every
/// copy of the skill shares one mutable object that is not Sendable. Real code does this when a package
/// still builds in Swift 5 language mode, where the compiler only warns (this target is Swift 5 on
/// purpose: in Swift 6 mode it would not compile at all). `skillcheck` builds the package with
/// `-strict-concurrency=complete` and reports the warning as a SEND-1 failure.
///
/// The fix: keep the cache behind the context's storage, or make it an actor or a `Mutex`-guarded
/// final class that is `Sendable`.
public struct QuoteOfTheDaySkill: AgentSkill {
    public let id = "quote-of-the-day"
    public let displayName = "每日一句"
    public let description = "Gives a quote for the day, such as 今天的每日一句."
    public let keywords = ["每日一句", "quote of the day"]

    /// Quotes already given, by day: a class, so every copy of the skill shares it.
    let cache = QuoteCache()

    public init() {}

    public var samples: SkillSamples {
        SkillSamples(handled: ["今天的每日一句", "quote of the day"], unhandled: ["北京天气怎么样"])
    }

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        let day = Int(context.now.timeIntervalSince1970 / 86_400)
        let quote = cache.quote(forDay: day)
        return SkillOutput(summary: quote)
    }
}

/// A cache written before Swift concurrency: a class with mutable state and no lock.
final class QuoteCache {
    // The day last asked for, written by every call with no lock. An Int, so that concurrent calls race
    // without trapping: a dictionary here could trap under 64 concurrent calls, making runs disagree.
    private var lastDay = -1
    private let all = ["千里之行，始于足下。", "Simplicity is prerequisite for reliability."]

    func quote(forDay day: Int) -> String {
        lastDay = day
        return all[day % all.count]
    }
}
