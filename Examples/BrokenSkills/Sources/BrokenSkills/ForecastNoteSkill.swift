import Foundation
import SkillKit

/// Breaks CAN-4: `try?` swallows the CancellationError of the weather call, and the note is written
/// anyway, after the engine cancelled the skill.
public struct ForecastNoteSkill: AgentSkill {
    public let id = "forecast-note"
    public let displayName = "出门提醒"
    public let description = "Notes tomorrow's weather for going out, such as 出门提醒."
    public let keywords = ["出门提醒", "outing note"]

    public init() {}

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        try Task.checkCancellation()
        let weather = try? await context.networkService.fetchWeather(city: "北京")
        let content = "明天出门：" + (weather.map(\.condition) ?? "天气未知")
        do {
            try await context.storage.save(NoteItem(id: context.newID(), content: content, createdAt: context.now))
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw SkillError.executionFailed("笔记没有保存：\(error.localizedDescription)")
        }
        return SkillOutput(summary: content, shouldRefreshUI: true)
    }
}
