import Foundation
import SkillEngine
import SkillKit

/// What a tool-calling transcript adds to the format: the model's script, the tool skills to register,
/// and the tool-calling engine's settings. A transcript with a top-level `"model"` or `"tools"` member
/// is one; it replays through `ToolCallingEngine` instead of `AgentEngine`.
///
/// ```json
/// {
///   "schema": "skillcheck.transcript/1",
///   "tools": ["weather"],
///   "model": [
///     {"call": {"name": "query_weather", "arguments": {"city": "北京"}}},
///     {"text": "北京今天晴", "chunks": [4]}
///   ],
///   "steps": [{"run": "北京天气怎么样"}, {"expect": {"events": null}}]
/// }
/// ```
@available(SkillCheckTesting, *)
public struct ToolConversation: Sendable {
    /// A tool skill to register, by catalogue id: in a pack, and with its permission switch.
    public struct ToolReference: Sendable {
        public var id: String
        /// The pack it joins; `general` by default.
        public var pack: String = SkillPack.general.name
        /// The user's switch before the first step, for a skill that requires permission; `nil` leaves it on.
        public var permission: Bool?
        public var pointer: String
    }

    /// The engine's settings; each has the engine's default.
    public struct Settings: Sendable {
        public var maxIterations = 8
        public var timeout: Duration = .seconds(10)
        /// Per tool skill id, overriding `timeout`; each with the pointer of its id.
        public var timeouts: [(id: String, timeout: Duration, pointer: String)] = []
        public var resultLimit = 2048
        public var policy: ConcurrencyPolicy = .cancelPrevious
        public var language: SkillLanguage = .zhHans
        /// Whether the engine streams the model's answers (else it asks for them whole).
        public var streaming = true
        /// The session's system prompt.
        public var system: String?
    }

    /// One answer of the scripted model, played for the next request it is sent.
    public struct ModelTurn: Sendable {
        /// A failure of the model service instead of (or after the text of) an answer.
        public enum Failure: Sendable, Hashable {
            case rateLimited
            case connectionLost
            case status(Int)
        }

        /// How the streamed text's UTF-8 bytes are cut.
        public enum Chunks: Sendable, Hashable {
            case whole
            case bytes(Int)
            case offsets([Int])
        }

        /// Which tools the request must show.
        public enum ToolsCheck: Sendable, Hashable {
            case exactly([String])
            case including([String])
            case excluding([String])
        }

        /// What the request's last message must be.
        public enum MessageCheck: Sendable, Hashable {
            case user(String)
            case toolResult(callID: String, containing: String)
            case exactly(LLMMessage)
        }

        public var text = ""
        /// The tool call: its name, its arguments' text (sent as it is, so it can be broken JSON), an id.
        public var call: (name: String, arguments: String, id: String?)?
        public var failure: Failure?
        public var chunks: Chunks = .whole
        /// Before the first piece, and before each later one.
        public var latency: (first: Duration, between: Duration) = (.zero, .zero)
        public var tools: ToolsCheck?
        public var lastMessage: MessageCheck?
        public var pointer: String
    }

    public var tools: [ToolReference] = []
    public var model: [ModelTurn] = []
    public var settings = Settings()
}
