import Foundation
import SkillKit

/// One answer of a ``ScriptedLLMClient``: what the model says to the request it is sent at this turn.
///
/// A turn answers with text, a tool call, or both; or it fails. Its text can be streamed in pieces split
/// anywhere, inside a UTF-8 character too, with latency on the client's clock; and it can check what
/// arrives before it answers.
///
/// ```swift
/// let turns: [ScriptedTurn] = [
///     .toolCall("query_weather", ["city": "北京"])                          // id "call-1"
///         .expecting(tools: .including(["query_weather"]), lastMessage: .user("北京天气怎么样")),
///     .text("北京今天晴，21°C", chunks: .bytes(4))                           // "晴" split across pieces
///         .latency(first: .milliseconds(300), between: .milliseconds(20))
///         .expecting(lastMessage: .toolResult(callID: "call-1", containing: "晴")),
/// ]
/// ```
@available(SkillCheckTesting, *)
public struct ScriptedTurn: Sendable {
    /// A tool call a turn makes: the tool's name, its arguments as JSON text, and an id.
    ///
    /// ```swift
    /// ScriptedTurn.Call("query_weather", ["city": "北京"])                    // "call-n" for the script's nth call
    /// ScriptedTurn.Call("query_weather", rawArguments: #"{"city": "北"#)      // broken JSON, as a model can send
    /// ```
    public struct Call: Sendable, Hashable {
        public var name: String
        /// The arguments' text, sent as it is (it may be broken JSON).
        public var arguments: Data
        /// The call's id.
        ///
        /// `nil` numbers it: the script's nth tool call is `"call-n"` unless it has an id.
        public var id: String?

        /// A call with these arguments, as JSON.
        public init(_ name: String, _ arguments: JSON = [:], id: String? = nil) {
            self.init(name, rawArguments: arguments.text, id: id)
        }

        /// A call whose arguments are this text, sent byte for byte: for broken JSON.
        public init(_ name: String, rawArguments: String, id: String? = nil) {
            self.name = name
            self.arguments = Data(rawArguments.utf8)
            self.id = id
        }
    }

    /// How a streamed turn cuts its text's UTF-8 bytes into pieces.
    ///
    /// ```swift
    /// ScriptedTurn.text("北京", chunks: .whole)             // one piece
    /// ScriptedTurn.text("北京", chunks: .bytes(2))          // 2 bytes a piece: "北" (3 bytes) is split
    /// ScriptedTurn.text("北京", chunks: .offsets([1, 4]))   // pieces [0, 1), [1, 4), [4, end)
    /// ```
    public enum Chunking: Sendable, Hashable {
        /// The whole text in one piece.
        case whole
        /// Pieces of `n` bytes (the last may be shorter).
        ///
        /// `n` must be at least 1.
        case bytes(Int)
        /// Cuts at these byte offsets, each inside the text (0 < offset < byte count) and increasing.
        case offsets([Int])
    }

    /// Waiting on the client's clock: before the first piece of the answer, and before each piece after it.
    ///
    /// ```swift
    /// ScriptedTurn.Latency(first: .milliseconds(300), between: .milliseconds(20))
    /// ```
    ///
    /// `complete(messages:tools:)` waits as long as the whole stream would.
    public struct Latency: Sendable, Hashable {
        public var first: Duration
        public var between: Duration

        /// A wait before the first piece, and before each piece after it.
        public init(first: Duration = .zero, between: Duration = .zero) {
            self.first = first
            self.between = between
        }

        /// No waiting.
        package static let none = Latency()

        /// Whether any waiting is asked for.
        package var isNone: Bool { first == .zero && between == .zero }
    }

    /// The answer's text; empty for a turn that only calls a tool or fails.
    package var text: String
    /// The tool call the answer makes, after its text.
    package var toolCall: Call?
    /// Thrown instead of answering: after the text's pieces when streamed, after the whole latency by `complete`.
    ///
    /// ``ScriptedModelError`` has the usual failures.
    package var failure: (any Error)?
    package var chunks: Chunking
    package var latency: Latency
    /// What the request must carry; a departure throws ``ScriptError``.
    package var expectation: Expectation

    package init(
        text: String = "",
        toolCall: Call? = nil,
        failure: (any Error)? = nil,
        chunks: Chunking = .whole,
        latency: Latency = .none,
        expecting expectation: Expectation = Expectation()
    ) {
        self.text = text
        self.toolCall = toolCall
        self.failure = failure
        self.chunks = chunks
        self.latency = latency
        self.expectation = expectation
    }
}

@available(SkillCheckTesting, *)
extension ScriptedTurn {
    /// A turn that answers in text: the final answer of a run.
    ///
    /// ```swift
    /// ScriptedTurn.text("北京今天晴", chunks: .bytes(3))
    /// ```
    public static func text(_ text: String, chunks: Chunking = .whole) -> ScriptedTurn {
        ScriptedTurn(text: text, chunks: chunks)
    }

    /// A turn that calls a tool, optionally saying something first.
    ///
    /// ```swift
    /// ScriptedTurn.toolCall("query_weather", ["city": "北京"])
    /// ScriptedTurn.toolCall("query_weather", ["city": "北京"], id: "w1", text: "我查一下。")
    /// ```
    public static func toolCall(_ name: String, _ arguments: JSON = [:], id: String? = nil, text: String = "") -> ScriptedTurn {
        ScriptedTurn(text: text, toolCall: Call(name, arguments, id: id))
    }

    /// A turn that calls a tool with arguments written as text, sent byte for byte: for broken JSON.
    ///
    /// ```swift
    /// ScriptedTurn.toolCall("query_weather", rawArguments: #"{"city": "北"#)
    /// ```
    public static func toolCall(_ name: String, rawArguments: String, id: String? = nil, text: String = "") -> ScriptedTurn {
        ScriptedTurn(text: text, toolCall: Call(name, rawArguments: rawArguments, id: id))
    }

    /// A turn whose request fails with `error`.
    ///
    /// ```swift
    /// ScriptedTurn.failure(ScriptedModelError.rateLimited)
    /// ```
    public static func failure(_ error: any Error) -> ScriptedTurn {
        ScriptedTurn(failure: error)
    }

    /// A request refused for too many requests (HTTP 429): ``ScriptedModelError/rateLimited``.
    public static var rateLimited: ScriptedTurn { failure(ScriptedModelError.rateLimited) }

    /// A request whose connection dropped: ``ScriptedModelError/connectionLost``.
    public static var connectionLost: ScriptedTurn { failure(ScriptedModelError.connectionLost) }

    // MARK: Modifiers

    /// This turn with its text cut into these pieces when streamed.
    public func chunked(_ chunks: Chunking) -> ScriptedTurn {
        var turn = self
        turn.chunks = chunks
        return turn
    }

    /// This turn waiting `first` before its first piece and `between` before each later one.
    ///
    /// ```swift
    /// ScriptedTurn.text("好的").latency(first: .seconds(2))
    /// ```
    public func latency(first: Duration, between: Duration = .zero) -> ScriptedTurn {
        var turn = self
        turn.latency = Latency(first: first, between: between)
        return turn
    }

    /// This turn failing with `error` after its text: a stream that breaks off midway.
    ///
    /// ```swift
    /// ScriptedTurn.text("北京今天", chunks: .bytes(3)).failing(with: ScriptedModelError.connectionLost)
    /// ```
    public func failing(with error: any Error) -> ScriptedTurn {
        var turn = self
        turn.failure = error
        return turn
    }

    /// This turn checking the tools shown and the last message before it answers.
    ///
    /// ```swift
    /// ScriptedTurn.text("好的").expecting(tools: .exactly([]), lastMessage: .user("你好"))
    /// ```
    public func expecting(tools: Expectation.Tools? = nil, lastMessage: Expectation.Message? = nil) -> ScriptedTurn {
        var turn = self
        if let tools { turn.expectation.tools = tools }
        if let lastMessage { turn.expectation.lastMessage = lastMessage }
        return turn
    }
}
