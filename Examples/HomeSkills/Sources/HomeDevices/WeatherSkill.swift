import Foundation
import HomeSkills
import SkillKit

/// Today's weather: "天气怎么样", "杭州气温多少".
public struct WeatherSkill: HomeSkill {
    public let id = "weather"
    public let displayName = "天气"
    public let description = "查询城市当前的天气，默认是家里所在的城市。"
    public let keywords = ["天气", "气温", "weather"]
    public let area = HomeArea.info

    public init() {}

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        let city = HomeLocation.city(in: input.rawText) ?? HomeLocation.defaultCity
        let weather = try await context.networkService.fetchWeather(city: city)
        return SkillOutput(
            summary: "\(city)现在\(weather.temperature)°C，\(weather.condition)",
            detail: "体感 \(weather.feelsLike)°C，湿度 \(weather.humidity)%"
        )
    }
}
