import Foundation
import SkillKit

/// Breaks CAN-4, but only in an order first-in-first-out never runs: an `async let` fan-out notes the weather
/// of both cities of a trip, each child fetching its city and then saving. Nothing checks for cancellation
/// between a child's reply and its save, so when the cancellation reaches one child while the other already
/// has its reply in hand, that other child still writes. Every `try` is there and every error is mapped:
/// only another schedule shows it. ``CarefulTripWeatherNoteSkill`` is its correct twin.
public struct TripWeatherNoteSkill: AgentSkill {
    public let id = "trip-weather"
    public let displayName = "行程天气"
    public let description = "Notes the weather of both cities of a trip, such as 行程天气."
    public let keywords = TripWeather.keywords

    public init() {}

    public var samples: SkillSamples { TripWeather.samples }

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        try await TripWeather.note(context: context, checksBeforeSaving: false)
    }
}

/// The correct twin of ``TripWeatherNoteSkill``: each child checks for cancellation once its reply is in,
/// right before it saves. It passes every rule.
public struct CarefulTripWeatherNoteSkill: AgentSkill {
    public let id = "careful-trip-weather"
    public let displayName = "行程天气"
    public let description = "Notes the weather of both cities of a trip, such as 行程天气."
    public let keywords = TripWeather.keywords

    public init() {}

    public var samples: SkillSamples { TripWeather.samples }

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        try await TripWeather.note(context: context, checksBeforeSaving: true)
    }
}

/// What both trip skills share: the fan-out, and where they differ.
enum TripWeather {
    static let keywords = ["行程天气", "trip weather"]
    static let samples = SkillSamples(handled: ["行程天气", "trip weather"], unhandled: ["记一下买牛奶"])

    static func note(context: SkillContext, checksBeforeSaving: Bool) async throws -> SkillOutput {
        try Task.checkCancellation()
        async let departure = noteCity("北京", context: context, checksBeforeSaving: checksBeforeSaving)
        async let arrival = noteCity("上海", context: context, checksBeforeSaving: checksBeforeSaving)
        let (from, to) = try await (departure, arrival)
        return SkillOutput(summary: "行程天气：\(from)；\(to)", shouldRefreshUI: true)
    }

    private static func noteCity(_ city: String, context: SkillContext, checksBeforeSaving: Bool) async throws -> String {
        do {
            let weather = try await context.networkService.fetchWeather(city: city)
            let line = "\(city) \(weather.condition) \(weather.temperature)°C"
            if checksBeforeSaving { try Task.checkCancellation() }
            try await context.storage.saveDocument(Data(line.utf8), id: "trip-\(city)", in: "notes")
            return line
        } catch let error as CancellationError {
            throw error
        } catch let error as SkillError {
            throw error
        } catch {
            throw SkillError.executionFailed("\(city)的天气没有记下：\(error.localizedDescription)")
        }
    }
}
