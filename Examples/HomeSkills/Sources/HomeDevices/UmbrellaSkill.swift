import Foundation
import HomeSkills
import SkillKit

/// Says whether to take an umbrella or a coat: "要带伞吗", "穿什么".
public struct UmbrellaSkill: HomeSkill {
    public let id = "umbrella"
    public let displayName = "出门提醒"
    public let description = "看看天气，告诉你出门要不要带伞、穿多少。"
    public let keywords = ["带伞", "穿什么", "umbrella"]
    public let area = HomeArea.info

    public init() {}

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        let city = HomeLocation.city(in: input.rawText) ?? HomeLocation.defaultCity
        // The weather service drops requests now and then in the morning rush: try a few times.
        for attempt in 1...3 {
            do {
                let weather = try await context.networkService.fetchWeather(city: city)
                return SkillOutput(summary: Self.advice(for: weather), detail: "\(city) \(weather.temperature)°C，\(weather.condition)")
            } catch {
                try? await context.clock.sleep(for: .seconds(attempt * 2))
            }
        }
        throw SkillError.executionFailed("暂时查不到\(city)的天气，请稍后再试")
    }

    static func advice(for weather: WeatherResponse) -> String {
        let rainy = ["雨", "雪", "rain", "snow", "shower"].contains { weather.condition.lowercased().contains($0) }
        let clothes: String
        switch weather.feelsLike {
        case ..<5: clothes = "穿厚外套"
        case 5..<15: clothes = "穿件外套"
        case 15..<25: clothes = "穿长袖就好"
        default: clothes = "穿短袖就好"
        }
        return rainy ? "记得带伞，\(clothes)" : "不用带伞，\(clothes)"
    }
}
