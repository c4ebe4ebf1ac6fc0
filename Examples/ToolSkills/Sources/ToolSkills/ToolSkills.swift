import SkillKit

/// The tool skills of this package, made with the context they work in.
///
/// ```swift
/// let registry = SkillRegistry()
/// for tool in ToolSkills.tools(context: context) { registry.register(tool) }
/// ```
public enum ToolSkills {
    public static func tools(context: SkillContext) -> [any ToolSkill] {
        [WeatherTool(context: context), CalendarTool(context: context), NotesTool(context: context)]
    }
}
