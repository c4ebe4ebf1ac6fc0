import Foundation
import SkillKit

/// Breaks CAN-4, where only a derived sample reaches it: it wants text after its keyword (`备忘` alone is
/// turned away with `invalidInput` before any I/O) and declares no samples. Its work has two awaits: the
/// weather, to note beside the memo, wrapped in `try?` so that a failed lookup does not lose the memo;
/// then the save. The `try?` swallows cancellation too, so a run cancelled while it waits for the weather
/// carries on and writes the memo (a run cancelled before it starts is stopped by its first line). ``CarefulWeatherMemoSkill`` is its correct twin.
public struct WeatherMemoSkill: AgentSkill {
    public let id = "weather-memo"
    public let displayName = "天气备忘"
    public let description = "Notes a memo with today's Beijing weather beside it, such as 备忘 明天带伞."
    public let keywords = ["备忘", "memo"]

    public init() {}

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        try Task.checkCancellation()
        let text = try MemoText(input, keywords: keywords)
        let weather = try? await context.networkService.fetchWeather(city: "北京")
        return try await MemoText.save(text.content, weather: weather, context: context)
    }
}

/// The correct twin of ``WeatherMemoSkill``: a failed weather lookup still keeps the memo, but a
/// cancellation ends the run. It passes every rule.
public struct CarefulWeatherMemoSkill: AgentSkill {
    public let id = "careful-weather-memo"
    public let displayName = "天气备忘"
    public let description = "Notes a memo with today's Beijing weather beside it, such as 备忘 明天带伞."
    public let keywords = ["备忘", "memo"]

    public init() {}

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        try Task.checkCancellation()
        let text = try MemoText(input, keywords: keywords)
        let weather: WeatherResponse?
        do {
            weather = try await context.networkService.fetchWeather(city: "北京")
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            weather = nil
        }
        return try await MemoText.save(text.content, weather: weather, context: context)
    }
}

/// What both memo skills share: the text after the keyword, and the save.
struct MemoText {
    var content: String

    init(_ input: SkillInput, keywords: [String]) throws {
        var text = input.rawText.trimmingCharacters(in: .whitespacesAndNewlines)
        if let keyword = keywords.first(where: { text.hasPrefix($0) }) { text = String(text.dropFirst(keyword.count)) }
        content = text.trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters))
        guard !content.isEmpty else { throw SkillError.invalidInput("what should the memo say? Try: 备忘 明天带伞") }
    }

    static func save(_ content: String, weather: WeatherResponse?, context: SkillContext) async throws -> SkillOutput {
        let line = weather.map { "\(content)（北京 \($0.temperature)°C，\($0.condition)）" } ?? content
        do {
            try await context.storage.save(NoteItem(id: context.newID(), content: line, createdAt: context.now))
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw SkillError.executionFailed("the memo could not be saved: \(error.localizedDescription)")
        }
        return SkillOutput(summary: "已备忘：\(line)", shouldRefreshUI: true)
    }
}
