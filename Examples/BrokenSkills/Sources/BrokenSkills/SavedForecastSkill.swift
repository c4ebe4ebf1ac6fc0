import SkillKit

/// Breaks CAN-3 at its second await only: the weather lookup lets cancellation through, but the save
/// after it is wrapped in a catch-all that turns every error into `executionFailed`, cancellation
/// included. Cancelled while it waits for the weather, it throws `CancellationError`; cancelled while
/// it saves, it reports a failure the user never asked about.
public struct SavedForecastSkill: AgentSkill {
    public let id = "saved-forecast"
    public let displayName = "保存天气"
    public let description = "Looks up Beijing's weather and keeps it in the forecast log, such as 保存天气."
    public let keywords = ["保存天气", "save forecast"]

    public init() {}

    public var samples: SkillSamples {
        SkillSamples(handled: ["保存天气", "save forecast please"], unhandled: ["记一下买牛奶"])
    }

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        try Task.checkCancellation()
        let weather: WeatherResponse
        do {
            weather = try await context.networkService.fetchWeather(city: "北京")
        } catch let error as NetworkError {
            throw SkillError.executionFailed("天气服务暂时不可用：\(error.message(in: .zhHans))")
        }
        let line = "北京 \(weather.temperature)°C，\(weather.condition)"
        do {
            try await context.storage.save(["line": line], id: "beijing", in: "forecasts")
        } catch {
            throw SkillError.executionFailed("天气已查到，但没能保存：\(error.localizedDescription)")
        }
        return SkillOutput(summary: line, shouldRefreshUI: true)
    }
}
