import Foundation
import SkillKit
import Testing

@testable import SkillConformance

/// Reads the weather with a key in the URL's query, as OpenWeather's API takes it, and on a failed request says which
/// URL failed: the key with it. `key` stands for what it reads from its environment, where skillcheck puts its
/// placeholder.
private struct KeyedWeatherSkill: AgentSkill {
    let key: String
    var quotesURL = true
    let id = "keyed-weather"
    let displayName = "Weather"
    let description = "Says the weather, such as weather in Paris."
    let keywords = ["weather"]
    var samples: SkillSamples { SkillSamples(handled: ["weather in Paris"], unhandled: ["note this"]) }

    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        let url = URL(string: "https://api.openweathermap.org/data/2.5/weather?q=Paris&appid=\(key)")!
        let response: NetworkResponse
        do {
            response = try await context.networkService.send(NetworkRequest(url: url))
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw SkillError.executionFailed(quotesURL ? "GET \(url) failed: \(error)" : "the weather service did not answer")
        }
        guard response.isSuccess else {
            throw SkillError.executionFailed(quotesURL ? "GET \(url) answered \(response.status)" : "the weather service failed")
        }
        return SkillOutput(summary: "晴")
    }
}

@Suite("ERR-3: a reason never shows a credential")
struct CredentialInReasonTests {
    @Test("a reason that quotes the request's URL, key and all, fails ERR-3; one that says what failed without it passes")
    func keyInReason() async {
        let leaky = await SkillConformance.check(for: "ERR-3").run(
            SkillUnderTest { _ in KeyedWeatherSkill(key: SkillConformance.credentialPlaceholder) })
        let failed = leaky.filter { $0.outcome == .failed }
        #expect(!failed.isEmpty && failed.allSatisfy { $0.observed.contains("shows the credential") }, "\(leaky.map(\.message))")
        let careful = await SkillConformance.check(for: "ERR-3").run(
            SkillUnderTest { _ in KeyedWeatherSkill(key: SkillConformance.credentialPlaceholder, quotesURL: false) })
        #expect(!careful.isEmpty && careful.allSatisfy { $0.outcome == .passed }, "\(careful.map(\.message))")
    }
}
