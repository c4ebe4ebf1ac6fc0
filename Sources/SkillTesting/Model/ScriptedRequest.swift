import Foundation
import SkillKit

/// One request a ``ScriptedLLMClient`` was sent: which turn it was, the conversation, and the tools shown.
///
/// ```swift
/// #expect(model.requests.map(\.toolNames) == [["query_weather", "query_calendar"], ["query_weather"]])
/// #expect(model.requests[1].lastMessage == .toolResult(call, "北京 晴 21°C"))
/// ```
@available(SkillCheckTesting, *)
public struct ScriptedRequest: Sendable, Hashable, CustomStringConvertible {
    /// The request's number, from 1: the turn that answers it (past the script's end for an extra request).
    public var turn: Int
    public var messages: [LLMMessage]
    public var tools: [ToolSchema]
    /// Whether it came through `stream(messages:tools:)` rather than `complete(messages:tools:)`.
    public var streamed: Bool

    package init(turn: Int, messages: [LLMMessage], tools: [ToolSchema], streamed: Bool) {
        self.turn = turn
        self.messages = messages
        self.tools = tools
        self.streamed = streamed
    }

    /// The names of the tools shown, in the order they were sent.
    public var toolNames: [String] { tools.map(\.name) }

    /// The conversation's last message: what the model is answering.
    public var lastMessage: LLMMessage? { messages.last }

    /// `tools [a, b], last message user("...")`: what arrived, for error messages.
    public var description: String {
        "tools \(Self.list(toolNames)), last message \(lastMessage.map(Self.render) ?? "(none: no messages)")"
    }

    // MARK: Rendering

    /// A message as an error message shows it: `user("北京天气")`, `toolResult(call-1 query_weather: "晴")`.
    package static func render(_ message: LLMMessage) -> String {
        switch message {
        case .system(let text): "system(\(quote(text)))"
        case .user(let text): "user(\(quote(text)))"
        case .assistant(let text): "assistant(\(quote(text)))"
        case .toolCall(let call): "toolCall(\(call.id) \(call.name) \(abbreviate(call.argumentsText)))"
        case .toolResult(let call, let result): "toolResult(\(call.id) \(call.name): \(quote(result)))"
        }
    }

    /// `"text"`, abbreviated past 80 characters with its full length in bytes.
    static func quote(_ text: String) -> String {
        "\"" + abbreviate(text).replacingOccurrences(of: "\n", with: "\\n") + "\""
    }

    static func abbreviate(_ text: String) -> String {
        text.count > 80 ? String(text.prefix(77)) + "… (\(text.utf8.count) bytes)" : text
    }

    static func list(_ names: [String]) -> String {
        "[" + names.joined(separator: ", ") + "]"
    }
}
