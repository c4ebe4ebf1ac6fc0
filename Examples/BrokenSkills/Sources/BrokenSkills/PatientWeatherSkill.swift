import Foundation
import SkillKit

/// Breaks CAN-2: it keeps asking the weather service for up to 30 s of its clock and treats every error
/// as a reason to ask again, cancellation included. Once cancelled, the sleep between attempts throws at
/// once and its `try?` swallows that, so the clock never moves and it asks again, for ever.
public struct PatientWeatherSkill: AgentSkill {
    public let id = "patient-weather"
    public let displayName = "耐心天气"
    public let description = "Keeps trying Beijing's weather for 30 s, such as 一定要查到天气."
    public let keywords = ["一定要查到天气", "patient weather"]

    public init() {}

    public var samples: SkillSamples {
        SkillSamples(handled: ["一定要查到天气", "patient weather please"], unhandled: ["记一下买牛奶"])
    }

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        let giveUpAt = context.now.addingTimeInterval(30)
        var lastError = "没有尝试"
        while context.now < giveUpAt {
            do {
                let weather = try await context.networkService.fetchWeather(city: "北京")
                return SkillOutput(summary: "北京 \(weather.temperature)°C，\(weather.condition)")
            } catch {
                lastError = error.localizedDescription
                try? await context.clock.sleep(for: .seconds(2))
            }
        }
        throw SkillError.executionFailed("30 秒内没有查到天气：\(lastError)")
    }
}
