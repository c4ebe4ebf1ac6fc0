// The seed article's NoteSkill and WeatherSkill (seed 000 §4.1 and §4.3), copied as written; the only
// change is `import SkillKit`. If this file stops compiling, SkillKit has broken the seed's contract.
import Foundation
import SkillKit

/// 笔记技能：记录、追加和查询便签内容
struct NoteSkill: AgentSkill {
    let id = "note"
    let displayName = "笔记"
    let description = "记录、追加和查询便签内容，适合处理包含“记一下”“备忘”“note”等关键词的指令。"
    let keywords = ["记一下", "备忘", "note", "提醒"]

    func canHandle(_ intent: String) -> Bool {
        keywords.contains { intent.lowercased().contains($0.lowercased()) }
    }

    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        let trimmed = input.rawText
            .replacingOccurrences(of: "记一下", with: "")
            .replacingOccurrences(of: "备忘", with: "")
            .replacingOccurrences(of: "提醒", with: "")
            .trimmingCharacters(in: .whitespacesAndNewlines)

        guard !trimmed.isEmpty else {
            throw SkillError.invalidInput("没有从指令中提取到笔记内容")
        }

        let note = NoteItem(content: trimmed, createdAt: Date())
        try await context.storage.save(note)

        return SkillOutput(
            summary: "已记录：\(trimmed)",
            detail: note.id.uuidString,
            shouldRefreshUI: true
        )
    }
}

/// 天气查询技能
struct WeatherSkill: AgentSkill {
    let id = "weather"
    let displayName = "天气"
    let description = "查询指定城市当前天气，适合包含“天气”“气温”“会不会下雨”等关键词的指令。"
    let keywords = ["天气", "气温", "下雨"]

    func canHandle(_ intent: String) -> Bool {
        keywords.contains { intent.contains($0) }
    }

    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        // 简单地从指令里截取城市名，真实场景可以让 LLM 来解析
        let city = extractCity(from: input.rawText) ?? "北京"
        let response = try await context.networkService.fetchWeather(city: city)

        return SkillOutput(
            summary: "\(city) 当前 \(response.temperature)°C，\(response.condition)",
            detail: "体感温度 \(response.feelsLike)°C，湿度 \(response.humidity)%",
            shouldRefreshUI: false
        )
    }

    private func extractCity(from text: String) -> String? {
        // 这里用正则或 City 名称表匹配，略
        nil
    }
}
