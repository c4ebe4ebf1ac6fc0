/// Why ``SkillRegistry/execute(_:)`` refused a tool call before running any skill.
///
/// The tool-calling engine feeds this text back to the model, which can then pick another tool.
public enum ToolCallError: Error, Hashable, CatalogLocalizedError, CustomStringConvertible {
    /// No registered skill has this name.
    ///
    /// `available` lists the names the model was shown.
    case unknownSkill(String, available: [String])
    /// The skill exists, but its pack is not shown in the current scene.
    case notVisible(String, pack: SkillPack)
    /// The user switched this skill off (``SkillRegistry/setPermission(_:for:)``).
    case permissionDenied(String)

    public func message(in language: SkillLanguage) -> String {
        switch (self, language) {
        case (.unknownSkill(let name, let available), .zhHans):
            "没有名为 \(name) 的技能（可用：\(available.isEmpty ? "无" : available.joined(separator: ", "))）"
        case (.unknownSkill(let name, let available), .english):
            "No skill named \(name) (available: \(available.isEmpty ? "none" : available.joined(separator: ", ")))"
        case (.notVisible(let name, let pack), .zhHans): "技能 \(name) 属于技能包 \(pack)，当前场景未开放"
        case (.notVisible(let name, let pack), .english): "Skill \(name) is in pack \(pack), which this scene does not show"
        case (.permissionDenied(let name), .zhHans): "用户已关闭技能 \(name)"
        case (.permissionDenied(let name), .english): "The user switched off skill \(name)"
        }
    }

    public var description: String { message(in: .english) }
}
