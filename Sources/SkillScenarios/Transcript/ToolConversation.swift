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
package struct ToolConversation: Sendable {
    /// A tool skill to register, by catalogue id: in a pack, and with its permission switch.
    package struct ToolReference: Sendable {
        package var id: String
        /// The pack it joins; `general` by default.
        package var pack: String = SkillPack.general.name
        /// The user's switch before the first step, for a skill that requires permission; `nil` leaves it on.
        package var permission: Bool?
        package var pointer: String
    }

    /// The engine's settings; each has the engine's default.
    package struct Settings: Sendable {
        package var maxIterations = 8
        package var timeout: Duration = .seconds(10)
        /// Per tool skill id, overriding `timeout`; each with the pointer of its id.
        package var timeouts: [(id: String, timeout: Duration, pointer: String)] = []
        package var resultLimit = 2048
        package var policy: ConcurrencyPolicy = .cancelPrevious
        package var language: SkillLanguage = .zhHans
        /// Whether the engine streams the model's answers (else it asks for them whole).
        package var streaming = true
        /// The session's system prompt.
        package var system: String?
        /// A catalogue of the app's own texts, instead of the built-in one for `language`.
        package var catalog: MessageCatalog?
        /// Whether the engine sends a failed model request again.
        package var modelRetry: RetryPolicy?
        /// The dialect the model takes tools' schemas in: the replay's model says it, so the engine sends
        /// each tool's variant for it.
        package var dialect: SchemaDialect = .jsonSchema
    }

    /// One answer of the scripted model, played for the next request it is sent.
    package struct ModelTurn: Sendable {
        /// A failure of the model service instead of (or after the text of) an answer.
        package enum Failure: Sendable, Hashable {
            case rateLimited
            case connectionLost
            case status(Int)
        }

        /// How the streamed text's UTF-8 bytes are cut.
        package enum Chunks: Sendable, Hashable {
            case whole
            case bytes(Int)
            case offsets([Int])
        }

        /// Which tools the request must show.
        package enum ToolsCheck: Sendable, Hashable {
            case exactly([String])
            case including([String])
            case excluding([String])
        }

        /// What the request's last message must be.
        package enum MessageCheck: Sendable, Hashable {
            case user(String)
            case toolResult(callID: String, containing: String)
            case exactly(LLMMessage)
        }

        package var text = ""
        /// The tool call: its name, its arguments' text (sent as it is, so it can be broken JSON), an id.
        package var call: (name: String, arguments: String, id: String?)?
        package var failure: Failure?
        package var chunks: Chunks = .whole
        /// Before the first piece, and before each later one.
        package var latency: (first: Duration, between: Duration) = (.zero, .zero)
        package var tools: ToolsCheck?
        package var lastMessage: MessageCheck?
        /// The tools' definitions as the request must describe them, and its system prompt.
        package var definitions: [ToolSchema]?
        package var system: String?
        /// A failure the app's client retried below the engine (`"retriedBy": "client"`), and after what
        /// wait: the replay retries it the same way, and the engine never sees it.
        package var retriedByClient = false
        package var retryAfter: Duration = .zero
        package var pointer: String
    }

    package var tools: [ToolReference] = []
    package var model: [ModelTurn] = []
    package var settings = Settings()
}
