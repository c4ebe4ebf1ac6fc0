import Foundation
import SkillKit

/// A weather skill for the rule tests: the same name, keywords and samples; what differs is how it fetches, waits and
/// maps errors.
protocol WeatherFixture: AgentSkill {}

extension WeatherFixture {
    var displayName: String { "Weather" }
    var description: String { "Says the weather, such as weather in Paris." }
    var keywords: [String] { ["weather"] }
    var samples: SkillSamples { SkillSamples(handled: ["weather in Paris"], unhandled: ["note this"]) }
}

/// The Paris weather request as a careful skill sends it: its failure mapped to a SkillError, a cancellation let through.
func sendParisWeatherRequest(_ network: any NetworkServing) async throws -> NetworkResponse {
    let request = NetworkRequest(method: .get, url: URL(string: "https://weather.example.com/v1/current?city=Paris")!)
    do {
        return try await network.send(request)
    } catch is CancellationError {
        throw CancellationError()
    } catch {
        throw SkillError.executionFailed("The weather service did not answer.")
    }
}
