import SkillKit

/// Answers "北京天气怎么样" with the current weather, through the context's network service.
///
/// The seed's `WeatherSkill`, with the city read from the text (the seed left that as an exercise).
public struct WeatherSkill: AgentSkill {
    public let id = "weather"
    public let displayName = "天气"
    public let description = "查询指定城市当前天气，适合包含“天气”“气温”“会不会下雨”等关键词的指令。"
    public let keywords = ["天气", "气温", "下雨"]

    /// Cities the skill recognises in a text; the first one mentioned wins.
    public static let cities = ["北京", "上海", "广州", "深圳", "杭州", "成都", "武汉", "西安", "南京", "重庆"]
    /// The city asked about when the text names none.
    public static let defaultCity = "北京"

    public init() {}

    public func canHandle(_ intent: String) -> Bool {
        keywords.contains { intent.contains($0) }
    }

    public var samples: SkillSamples {
        SkillSamples(handled: ["北京天气怎么样", "上海今天会不会下雨", "气温多少"],
                     unhandled: ["记一下买牛奶", "weather"])
    }

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        let city = Self.city(in: input.rawText) ?? Self.defaultCity
        let response: WeatherResponse
        do {
            response = try await context.networkService.fetchWeather(city: city)
        } catch let error as NetworkError {
            // The user reads a SkillError (conformance rule ERR-1); cancellation goes through as it is.
            throw Self.skillError(error, city: city)
        }
        return SkillOutput(
            summary: "\(city) 当前 \(response.temperature)°C，\(response.condition)",
            detail: "体感温度 \(response.feelsLike)°C，湿度 \(response.humidity)%",
            shouldRefreshUI: false
        )
    }

    /// What the user reads when the weather service fails. A client error (4xx other than 408 and 429)
    /// is `invalidInput`: the same request fails again, so `RetryPolicy`'s default does not retry it.
    static func skillError(_ error: NetworkError, city: String) -> SkillError {
        let reason = error.message(in: .zhHans)
        if case .httpStatus(let status) = error, (400...499).contains(status), status != 408, status != 429 {
            return .invalidInput("天气服务查不到\(city)（\(reason)）")
        }
        return .executionFailed("无法获取\(city)的天气（\(reason)）")
    }

    /// The known city mentioned first in `text`.
    static func city(in text: String) -> String? {
        cities.compactMap { city in text.range(of: city).map { (city, $0.lowerBound) } }
            .min { $0.1 < $1.1 }?.0
    }
}
