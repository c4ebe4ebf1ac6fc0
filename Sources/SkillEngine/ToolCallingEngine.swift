import Foundation
import SkillKit

/// The model-driven engine of seed 002.
///
/// Sends the conversation and the visible tool schemas to a model, runs the tool skill it calls, feeds the
/// result back, and loops until the model answers in text.
///
/// ```swift
/// let registry = SkillRegistry()
/// registry.register(WeatherTool(context: context))
/// let engine = ToolCallingEngine(model: client, registry: registry)
/// let session = ConversationSession()
/// for try await event in engine.run(input: "北京今天会下雨吗", in: session) {
///     if case .textChunk(let text) = event { print(text, terminator: "") }
/// }
/// ```
///
/// A run is a stream that does its work while it is iterated, in the iterating task: it never starts a
/// task of its own, so on a virtual clock it is as deterministic as its model and skills, and cancelling
/// the iterating task cancels the model request or the skill in flight. Requests share the
/// ``AgentEngine``'s lifecycle: ``Configuration/concurrencyPolicy`` decides what a run that starts while
/// another runs does. A run that stops being iterated before it ends counts as cancelled.
public final class ToolCallingEngine: Sendable {
    /// How the engine behaves; every field has seed 002's default.
    public struct Configuration: Sendable {
        /// Model requests per run before it fails with ``ToolCallingError/iterationLimit(_:)``.
        public var maxIterations: Int
        /// How long a skill call may run, on the engine's clock (seed 002 §6.3: every external call has one).
        public var timeout: Duration
        /// Limits for particular skills, by id, instead of ``timeout``.
        public var timeouts: [String: Duration]
        /// The most bytes of a result fed back to the model (seed 002 §5.1: 2 KB); longer results are
        /// summarized by ``summarize``.
        public var resultLimit: Int
        /// What a run that starts while another runs does.
        public var concurrencyPolicy: ConcurrencyPolicy
        /// The texts failures are fed back and shown in.
        public var catalog: MessageCatalog
        /// Whether to use `LLMClient/stream(messages:tools:)` (text arrives as it is written) rather
        /// than `LLMClient/complete(messages:tools:)`.
        public var streaming: Bool
        /// Turns an oversized result into one within the limit.
        ///
        /// The default keeps the first bytes that fit, on a character boundary, and says how long the whole
        /// result was.
        public var summarize: @Sendable (_ result: String, _ limit: Int, _ catalog: MessageCatalog) -> String
        /// Whether a failed model request is sent again, and after what wait on the engine's clock.
        ///
        /// Seed 001's retries, applied to the model: `nil`, the default, fails the run at once.
        /// A request is sent again only while its answer has shown no text, and a retry is not an
        /// iteration.
        ///
        /// ```swift
        /// var configuration = ToolCallingEngine.Configuration()
        /// configuration.modelRetry = RetryPolicy(maxRetries: 2, baseDelay: .seconds(1))   // 1 s, then 2 s
        /// ```
        public var modelRetry: RetryPolicy? = nil

        public init(
            maxIterations: Int = 8,
            timeout: Duration = .seconds(10),
            timeouts: [String: Duration] = [:],
            resultLimit: Int = 2048,
            concurrencyPolicy: ConcurrencyPolicy = .cancelPrevious,
            catalog: MessageCatalog = .zhHans,
            streaming: Bool = true,
            summarize: @escaping @Sendable (String, Int, MessageCatalog) -> String = ResultGuard.truncate
        ) {
            self.maxIterations = maxIterations
            self.timeout = timeout
            self.timeouts = timeouts
            self.resultLimit = resultLimit
            self.concurrencyPolicy = concurrencyPolicy
            self.catalog = catalog
            self.streaming = streaming
            self.summarize = summarize
        }

        /// The limit for the skill with this id.
        package func timeout(for skillID: String) -> Duration { timeouts[skillID] ?? timeout }
    }

    /// An event of the run numbered `run` (1, 2, ... in the order ``run(input:in:)`` was called).
    public struct LoggedEvent: Sendable, Hashable, Codable {
        public var run: Int
        public var event: ToolCallingEvent

        package init(run: Int, event: ToolCallingEvent) {
            self.run = run
            self.event = event
        }
    }

    struct Core {
        var log: [LoggedEvent] = []
        var lastRun = 0
    }

    /// A run that has its slot.
    struct Turn: Sendable {
        let signal: SupersedeSignal?
    }

    package let model: any LLMClient
    package let registry: SkillRegistry
    package let clock: any Clock<Duration>
    public let configuration: Configuration
    let lifecycle: RequestLifecycle<Core, ToolRun, Turn>

    public init(
        model: any LLMClient, registry: SkillRegistry, clock: any Clock<Duration> = ContinuousClock(),
        configuration: Configuration = Configuration()
    ) {
        self.model = model
        self.registry = registry
        self.clock = clock
        self.configuration = configuration
        self.lifecycle = RequestLifecycle(Core(), policy: configuration.concurrencyPolicy)
    }

    /// Runs one user input in `session`: the model, the skills it calls, the model again, until it answers in
    /// text (``ToolCallingEvent/completed(_:)``).
    ///
    /// Nothing happens until the stream is iterated.
    public func run(input: String, in session: ConversationSession) -> AsyncThrowingStream<ToolCallingEvent, any Error> {
        let number = lifecycle.withLock { state in
            state.core.lastRun += 1
            return state.core.lastRun
        }
        let run = ToolRun(engine: self, session: session, input: input, number: number)
        return AsyncThrowingStream(unfolding: { try await run.next() })
    }

    /// Every event of every run so far, in the order they happened.
    public var eventLog: [LoggedEvent] { lifecycle.withLock { $0.core.log } }
}
