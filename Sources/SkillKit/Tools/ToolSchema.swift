import Foundation

/// What a model is shown of one tool skill: its name, what it does, and the JSON Schema of its arguments (seed 002 §2.3).
///
/// ``SkillRegistry/visibleSchemas()`` hands these to ``LLMClient``.
///
/// ```swift
/// let schema = ToolSchema(
///     name: "query_calendar",
///     description: "查找用户在指定时间段内的日历日程。时间段缺省时默认最近7天。",
///     parameters: ["type": "object", "properties": ["start": ["type": "string", "format": "date-time"]]]
/// )
/// ```
public struct ToolSchema: Sendable, Hashable, Codable {
    /// The name the model calls the tool by; unique within a registry.
    public var name: String
    /// When to use the tool, in natural language: the model reads only this and ``parameters``.
    public var description: String
    /// The JSON Schema of the arguments: an object schema (see ``JSONSchema``).
    public var parameters: JSON

    public init(name: String, description: String, parameters: JSON) {
        self.name = name
        self.description = description
        self.parameters = parameters
    }
}
