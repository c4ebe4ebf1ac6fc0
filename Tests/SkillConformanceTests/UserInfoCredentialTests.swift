import Foundation
import SkillKit
import Testing

@testable import SkillConformance

/// Sopel's weather command: the app hands it the OpenWeatherMap key in `userInfo`, and it answers a missing key, or a
/// failed request, in words. With `leaks`, the failure's answer quotes the request (`requests`' exception text), key
/// and all.
private struct ConfiguredWeatherSkill: AgentSkill {
    var leaks = true
    let id = "configured-weather"
    let displayName = "Weather"
    let description = "Says the weather, such as weather in Paris."
    let keywords = ["weather"]
    var samples: SkillSamples { SkillSamples(handled: ["weather in Paris"], unhandled: ["note this"]) }

    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        guard let key = context.userInfo["weather_api_key"], !key.isEmpty else {
            return SkillOutput(summary: "Weather API key missing. Please configure this module.")
        }
        let url = URL(string: "https://api.openweathermap.org/data/2.5/weather?q=Paris&appid=\(key)")!
        do {
            let response = try await context.networkService.send(NetworkRequest(url: url))
            guard response.isSuccess else { throw URLError(.badServerResponse) }
            return SkillOutput(summary: "Paris: \(response.body.count) bytes of weather")
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            return SkillOutput(summary: leaks ? "Could not get weather: \(error) (GET \(url))" : "Could not get weather right now.")
        }
    }
}

@Suite("A credential the app hands a skill in context.userInfo")
struct UserInfoCredentialTests {
    @available(SkillCheckTesting, *)
    @Test("the keys read from userInfo that name a credential, by a literal, a constant or an enum's raw value")
    func keys() {
        let source = """
            enum Setting: String { case token = "slack_bot_token" }
            struct Settings {
                static let weatherKey = "weather_api_key"
                let key = context.userInfo[Settings.weatherKey]
                let provider = context.userInfo["weather_provider"]
                let geocoder = userInfo["geocoords_api_key"] ?? ""
                let slack = userInfo[Setting.token.rawValue]
            }
            """
        #expect(UserInfoCredentials.keys(inSources: [source]) == ["geocoords_api_key", "slack_bot_token", "weather_api_key"])
        #expect(UserInfoCredentials.keys(inSources: [#"let key = environment["WEATHER_API_KEY"]"#]).isEmpty)
    }

    @available(SkillCheckTesting, *)
    @Test("the checks give it a placeholder, so the skill reaches its request, and ERR-3 fails an answer that quotes the key")
    func keyInAnswer() async throws {
        let leaky = await SkillConformance.check(for: "ERR-3").run(try SourceRepliesTests.declaredInThisFile(ConfiguredWeatherSkill()))
        let failed = leaky.filter { $0.outcome == .failed }
        #expect(
            !failed.isEmpty
                && failed.allSatisfy {
                    $0.observed.hasPrefix("the answer \"Could not get weather:")
                        && $0.observed.contains("shows the credential the skill read")
                },
            "\(leaky.map(\.message))")
        let careful = await SkillConformance.check(for: "ERR-3")
            .run(try SourceRepliesTests.declaredInThisFile(ConfiguredWeatherSkill(leaks: false)))
        #expect(!careful.isEmpty && careful.allSatisfy { $0.outcome != .failed }, "\(careful.map(\.message))")
        // Without its package, the kit cannot tell which key the skill reads: the run is keyless, as before.
        let keyless = await SkillConformance.check(for: "ERR-3").run(SkillUnderTest(ConfiguredWeatherSkill()))
        #expect(keyless.allSatisfy { $0.outcome != .failed }, "\(keyless.map(\.message))")
    }
}
