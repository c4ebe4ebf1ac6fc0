import Foundation
import SkillKit

/// Reads its API key once, on the first request, and ends the program when it is not set, as a ported server does
/// at start-up (`if (!API_KEY) { console.error(…); process.exit(1) }`): in an app that is a crash on the first
/// request of every user who has not set it. `skillcheck` gives the key a placeholder for its rules, so only
/// CRASH-1's run with the key unset sees this; KeyedWeatherSkill, which answers "set the key", passes it.
public struct RequiredKeyWeatherSkill: AgentSkill {
    public let id = "weather.required-key"
    public let displayName = "天气"
    public let description = "The weather, such as weather in Rome."
    public let keywords = ["weather"]

    public init() {}

    public var samples: SkillSamples { SkillSamples(handled: ["weather in Rome"], unhandled: ["echo hi"]) }

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        _ = requiredWeatherKey
        let weather = try await context.networkService.fetchWeather(city: "Rome")
        return SkillOutput(summary: "\(weather.temperature)°")
    }
}

/// Initialised on first use, as a global is: the first request.
let requiredWeatherKey: String = {
    let key = ProcessInfo.processInfo.environment["STRAY_REQUIRED_WEATHER_KEY"] ?? ""
    if key.isEmpty {
        FileHandle.standardError.write(Data("Error: STRAY_REQUIRED_WEATHER_KEY environment variable is required\n".utf8))
        exit(1)
    }
    return key
}()
