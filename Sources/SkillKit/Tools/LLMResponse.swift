/// A model's answer to one request: text, or a tool call, or both (seed 002 §2.2).
///
/// ```swift
/// LLMResponse(text: "", toolCall: ToolCall(id: "call-1", name: "query_weather", arguments: ["city": "北京"]))
/// ```
public struct LLMResponse: Sendable, Hashable, Codable {
    /// The text the model wrote; the final answer when there is no ``toolCall``.
    public var text: String
    /// The tool the model decided to call, if any.
    public var toolCall: ToolCall?

    public init(text: String, toolCall: ToolCall? = nil) {
        self.text = text
        self.toolCall = toolCall
    }
}
