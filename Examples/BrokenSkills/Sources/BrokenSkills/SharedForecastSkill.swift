import SkillKit

/// Breaks SEND-4: the app keeps one instance, and the instance keeps today's forecast in an actor so that
/// the second question in a day costs no request. The actor checks its entry, awaits the network, then
/// writes: actors are reentrant, so two questions at once both miss and both fetch, where one after the
/// other fetch once. No data race, so Swift 6 compiles it and ThreadSanitizer stays quiet.
/// ``CoalescingForecastSkill`` is its correct twin.
public struct SharedForecastSkill: AgentSkill {
    public let id = "shared-forecast"
    public let displayName = "今日天气"
    public let description = "Tells today's Beijing weather, fetched once a day, such as 今天天气怎么样."
    public let keywords = TodayWeather.keywords
    private let cache = ForecastCache()

    public init() {}

    public var samples: SkillSamples { TodayWeather.samples }

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        try await TodayWeather.answer(from: cache, context: context)
    }
}

/// What both forecast skills share: the answer, from whichever cache.
protocol ForecastCaching: Actor {
    func weather(for city: String, network: any NetworkServing) async throws -> WeatherResponse
}

enum TodayWeather {
    static let keywords = ["今天天气", "weather today"]
    static let samples = SkillSamples(handled: ["今天天气怎么样", "weather today?"], unhandled: ["记一下买牛奶"])

    static func answer(from cache: any ForecastCaching, context: SkillContext) async throws -> SkillOutput {
        try Task.checkCancellation()
        let weather: WeatherResponse
        do {
            weather = try await cache.weather(for: "北京", network: context.networkService)
        } catch let error as NetworkError {
            throw SkillError.executionFailed(error.localizedDescription)
        }
        return SkillOutput(summary: "北京今天 \(weather.condition)，\(weather.temperature)°C")
    }
}

/// Today's forecast by city: checks, awaits the network, then writes.
actor ForecastCache: ForecastCaching {
    private var entries: [String: WeatherResponse] = [:]

    func weather(for city: String, network: any NetworkServing) async throws -> WeatherResponse {
        if let cached = entries[city] { return cached }
        let fresh = try await network.fetchWeather(city: city)
        entries[city] = fresh
        return fresh
    }
}

/// The correct twin of ``SharedForecastSkill``: the first question marks the city as being fetched before it
/// awaits, and a question that comes meanwhile waits for that fetch. It passes every rule.
public struct CoalescingForecastSkill: AgentSkill {
    public let id = "coalescing-forecast"
    public let displayName = "今日天气"
    public let description = "Tells today's Beijing weather, fetched once a day, such as 今天天气怎么样."
    public let keywords = TodayWeather.keywords
    private let cache = CoalescingForecastCache()

    public init() {}

    public var samples: SkillSamples { TodayWeather.samples }

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        try await TodayWeather.answer(from: cache, context: context)
    }
}

/// Today's forecast by city, fetched once however many ask at once.
actor CoalescingForecastCache: ForecastCaching {
    private var entries: [String: WeatherResponse] = [:]
    private var waiting: [String: [CheckedContinuation<WeatherResponse, any Error>]] = [:]

    func weather(for city: String, network: any NetworkServing) async throws -> WeatherResponse {
        if let cached = entries[city] { return cached }
        if waiting[city] != nil {
            return try await withCheckedThrowingContinuation { waiting[city, default: []].append($0) }
        }
        waiting[city] = [] // before the await: a question that comes meanwhile waits for this fetch
        do {
            let fresh = try await network.fetchWeather(city: city)
            entries[city] = fresh
            for waiter in waiting.removeValue(forKey: city) ?? [] { waiter.resume(returning: fresh) }
            return fresh
        } catch {
            for waiter in waiting.removeValue(forKey: city) ?? [] { waiter.resume(throwing: error) }
            throw error
        }
    }
}
