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

/// Maps every error with `error.localizedDescription`, as much Swift code does: for an error that is not a
/// LocalizedError, Foundation's text names its type and a number.
private struct DescribedWeatherSkill: AgentSkill {
    var described = false
    let id = "described-weather"
    let displayName = "Weather"
    let description = "Says the weather, such as weather in Paris."
    let keywords = ["weather"]
    var samples: SkillSamples { SkillSamples(handled: ["weather in Paris"], unhandled: ["note this"]) }

    /// The skill's own client's error, with no description of its own.
    enum ClientError: Error { case unavailable }

    func fetch(_ context: SkillContext) async throws -> WeatherResponse {
        do {
            return try await context.networkService.fetchWeather(city: "Paris")
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw ClientError.unavailable
        }
    }

    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        do {
            _ = try await fetch(context)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw SkillError.executionFailed(described ? "the weather service did not answer" : error.localizedDescription)
        }
        return SkillOutput(summary: "晴")
    }
}

@Suite("ERR-3: a reason says what failed")
struct DescribedReasonTests {
    @Test("error.localizedDescription of an error that describes nothing fails ERR-3; words of the skill's own pass")
    func localizedDescription() async {
        #expect(SkillConformance.describesNothing("The operation could not be completed. (SkillKit.NetworkError error 0.)"))
        #expect(!SkillConformance.describesNothing("the weather service did not answer (error 500)"))
        // Words of the skill's own say what failed, whatever follows them.
        #expect(!SkillConformance.describesNothing("天气服务不可用：The operation could not be completed. (Swift.CancellationError error 1.)"))
        #expect(SkillConformance.describesNothing("Error: The operation couldn’t be completed. (MyApp.APIError error 2.)") == false)
        #expect(SkillConformance.describesNothing(": The operation couldn’t be completed. (MyApp.APIError error 2.)"))
        let bare = await SkillConformance.check(for: "ERR-3").run(SkillUnderTest { _ in DescribedWeatherSkill() })
        #expect(bare.contains { $0.outcome == .failed && $0.observed.contains("names a type and a number") }, "\(bare.map(\.message))")
        let described = await SkillConformance.check(for: "ERR-3").run(SkillUnderTest { _ in DescribedWeatherSkill(described: true) })
        #expect(!described.isEmpty && described.allSatisfy { $0.outcome == .passed }, "\(described.map(\.message))")
    }
}

/// Swallows every failure into an empty answer, as a chat screen's "never show an error" code does.
private struct QuietWeatherSkill: AgentSkill {
    var answersInWords = false
    let id = "quiet-weather"
    let displayName = "Weather"
    let description = "Says the weather, such as weather in Paris."
    let keywords = ["weather"]
    var samples: SkillSamples { SkillSamples(handled: ["weather in Paris"], unhandled: ["note this"]) }

    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        do {
            let weather = try await context.networkService.fetchWeather(city: "Paris")
            return SkillOutput(summary: weather.condition)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            return SkillOutput(summary: answersInWords ? "I could not reach the weather service just now." : "")
        }
    }
}

@Suite("ERR-1: a fault is never an empty answer")
struct EmptyAnswerTests {
    @Test("an AgentSkill that answers a fault with nothing fails ERR-1; one that answers it in words passes")
    func emptyAnswer() async {
        let quiet = await SkillConformance.check(for: "ERR-1").run(SkillUnderTest { _ in QuietWeatherSkill() })
        #expect(quiet.contains { $0.outcome == .failed && $0.observed.hasPrefix("returned an empty answer") }, "\(quiet.map(\.message))")
        let worded = await SkillConformance.check(for: "ERR-1").run(SkillUnderTest { _ in QuietWeatherSkill(answersInWords: true) })
        #expect(!worded.isEmpty && worded.allSatisfy { $0.outcome == .passed }, "\(worded.map(\.message))")
    }
}
