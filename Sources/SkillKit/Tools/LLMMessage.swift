/// One entry of the conversation a model is sent (seed 002 §2.1).
///
/// Encoded with a `"role"`: `{"role": "user", "content": "..."}`,
/// `{"role": "toolCall", "call": {...}}`, `{"role": "toolResult", "call": {...}, "content": "..."}`.
public enum LLMMessage: Sendable, Hashable {
    /// Instructions for the model.
    case system(String)
    /// What the user typed.
    case user(String)
    /// What the model answered in text.
    case assistant(String)
    /// A tool call the model made.
    case toolCall(ToolCall)
    /// What a tool call returned, fed back to the model.
    case toolResult(ToolCall, String)
}

extension LLMMessage: Codable {
    private enum CodingKeys: String, CodingKey { case role, content, call }
    private enum Role: String, Codable { case system, user, assistant, toolCall, toolResult }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(Role.self, forKey: .role) {
        case .system: self = .system(try container.decode(String.self, forKey: .content))
        case .user: self = .user(try container.decode(String.self, forKey: .content))
        case .assistant: self = .assistant(try container.decode(String.self, forKey: .content))
        case .toolCall: self = .toolCall(try container.decode(ToolCall.self, forKey: .call))
        case .toolResult:
            self = .toolResult(
                try container.decode(ToolCall.self, forKey: .call),
                try container.decode(String.self, forKey: .content))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .system(let text):
            try container.encode(Role.system, forKey: .role)
            try container.encode(text, forKey: .content)
        case .user(let text):
            try container.encode(Role.user, forKey: .role)
            try container.encode(text, forKey: .content)
        case .assistant(let text):
            try container.encode(Role.assistant, forKey: .role)
            try container.encode(text, forKey: .content)
        case .toolCall(let call):
            try container.encode(Role.toolCall, forKey: .role)
            try container.encode(call, forKey: .call)
        case .toolResult(let call, let result):
            try container.encode(Role.toolResult, forKey: .role)
            try container.encode(call, forKey: .call)
            try container.encode(result, forKey: .content)
        }
    }
}
