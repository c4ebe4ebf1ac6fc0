import Foundation
import SkillKit
import Testing

@testable import SkillConformance

/// Sopel's weather plugin, two providers in one file: Dark Sky's reply nests `daily` as an object, OpenWeather's as
/// a list, each with a `Day` of its own. The skill asks OpenWeather, and answers a reply it cannot read in words.
private struct TwoProviderForecastSkill: AgentSkill {
    struct DarkSkyResponse: Decodable {
        struct Daily: Decodable {
            struct Day: Decodable { let time: Double }
            let data: [Day]
        }
        let daily: Daily?
    }
    struct OpenWeatherResponse: Decodable {
        struct Day: Decodable { let dt: Double }
        let daily: [Day]
    }

    let id = "two-provider-forecast"
    let displayName = "Forecast"
    let description = "The forecast, such as forecast London."
    let keywords = ["forecast"]
    var samples: SkillSamples { SkillSamples(handled: ["forecast London"], unhandled: ["note this"]) }

    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        let reply = try await context.networkService.send(
            NetworkRequest(url: URL(string: "https://api.openweathermap.org/data/3.0/onecall")!))
        if context.userInfo["weather_provider"] == "darksky", let dark = try? JSONDecoder().decode(DarkSkyResponse.self, from: reply.body) {
            return SkillOutput(summary: "\(dark.daily?.data.count ?? 0) days ahead")
        }
        guard let forecast = try? JSONDecoder().decode(OpenWeatherResponse.self, from: reply.body) else {
            return SkillOutput(summary: "Could not get forecast.")
        }
        return SkillOutput(summary: "\(forecast.daily.count) days ahead")
    }
}

@Suite("Two services' replies in one skill")
struct ClashingRepliesTests {
    @available(SkillCheckTesting, *)
    @Test("the fitted reply is the one the skill reads, not the merged one its answer says it could not read")
    func readsItsOwnService() async throws {
        let subject = try SourceRepliesTests.declaredInThisFile(TwoProviderForecastSkill())
        let fit = await subject.workingFit(limits: CheckLimits())
        #expect(fit.body == #"{"daily":[{"dt":1.5}]}"#)
    }
}
