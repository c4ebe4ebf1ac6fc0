import Foundation
import SkillCheckSupport
import SkillEngine
import SkillKit
import SkillTesting

/// Turns a live tool-calling session into a transcript that replays in CI with no key and no network.
///
/// Run the app once against the real model, keep what happened, replay it for ever after.
///
/// Give it the app's ``ToolSetup`` (tools, engine configuration, system prompt), the app's own model
/// client (any `LLMClient`) and, for tools that go to the network, its `NetworkServing`; run the session;
/// then write. What it writes:
/// - everything that shaped the session: the engine's configuration (catalogue, timeouts, policy, result
///   limit, streaming, model retries) and system prompt as `"engine"`, and the tools' names,
///   descriptions and schemas as each request described them, in the turns' `expect`;
/// - the model's script: each request's answer, its text in the pieces it streamed in (byte offsets),
///   the wait before the first piece and between pieces (real gaps rounded to the millisecond, kept on
///   the virtual clock), each tool call with its arguments (as a JSON object when they parse as one, else
///   as the text that came) and id, and each failure, mapped to a scripted one (SkillKit's
///   `NetworkError.httpStatus(429)` → `rateLimited`, another status → `{"status": N}`, a dropped
///   connection → `connectionLost`; an SDK's own errors through `mapError`);
/// - the tools' network traffic as fixtures (matched by method, URL, query and body);
/// - a `run` step per run of the engine, that is per user input (an app that runs the engine again after
///   a failure made two runs, and both are written), each followed by an `expect` of the runs and the
///   conversation, filled in by replaying the transcript once (record mode `missing`) before it is kept.
///
/// A retry is written as what the model saw: the engine's own (`ToolCallingEngine.Configuration.modelRetry`)
/// as the failed turn and the next; one by a layer between the engine and the recorder (the app's client)
/// as the failed turn marked `"retriedBy": "client"`, which the replay retries the same way. A retry
/// inside the live client never reaches the recorder and is not written. ``Recording/retries`` says
/// which it saw.
///
/// Before anything is written, every string passes the secret scanner (URL parameters and path
/// segments, headers, cookies, JSON at any depth, streamed text however it was cut); a secret is replaced
/// by a placeholder that names its kind (`«redacted: OpenAI API key»`), which a replay matches by its
/// position, never its value, and ``Recording/redacted`` says where.
///
/// ```swift
/// let setup = ToolSetup(tools: [{ WeatherTool(context: $0) }], system: "你是天气助手")
/// let recorder = SessionRecorder(name: "weather question", setup: setup)
/// let context = SkillContext(storage: InMemoryDataStore(), networkService: recorder.recording(liveNetwork))
/// let engine = recorder.engine(model: liveClient, context: context)   // the real model, the real tools
/// for try await _ in engine.run(input: "北京天气怎么样", in: setup.conversation()) {}
/// let recording = try recorder.write(to: URL(fileURLWithPath: "Tests/Transcripts/weather.json"))
/// print(recording.redacted)   // ["/model/3/text (OpenAI API key)"]
/// ```
@available(SkillCheckTesting, *)
public final class SessionRecorder: Sendable {
    /// The transcript's name.
    public let name: String
    /// The tool ids the transcript registers, as the replayer knows them.
    public let tools: [String]
    /// The app's setup, when the recorder was given one: its configuration is written, and
    /// ``write(to:mode:)`` replays through it.
    public let setup: ToolSetup?
    /// How an error of the app's own model client is written, for one the recorder cannot map itself.
    let mapError: (@Sendable (any Error) -> ScriptedModelError?)?
    let elapsed: @Sendable () -> Duration
    let state = Locked(State())

    struct State {
        var requests: [Request] = []
        var exchanges: [Exchange] = []
        /// The dialect the recorded client takes tools' schemas in, as it said.
        var dialect: SchemaDialect = .jsonSchema
    }

    /// One request to the model and what came back.
    struct Request {
        var messages: [LLMMessage]
        var tools: [ToolSchema]
        var streamed: Bool
        var started: Duration
        /// Which run and request of which engine it was, when the kit's engine sent it.
        var tag: ModelRequestTag?
        /// Each piece of text as it arrived, with when.
        var pieces: [(bytes: Data, at: Duration)] = []
        var call: ToolCall?
        var answeredAt: Duration?
        var failure: ScriptedModelError?
        var failureNote: String?
    }

    /// One request a tool sent to the network, and its answer or failure.
    struct Exchange {
        var request: NetworkRequest?
        var weatherCity: String?
        var response: NetworkResponse?
        var weather: WeatherResponse?
        var fault: String?
    }

    /// A recorder for one session, measuring the gaps between pieces on `clock`.
    ///
    /// - Parameters:
    ///   - name: the transcript's name.
    ///   - tools: the ids of the tool skills the session used, as the replayer registers them.
    ///   - clock: what the gaps between pieces are measured on; the real clock unless a test says otherwise.
    public init(name: String, tools: [String], clock: some Clock<Duration> = ContinuousClock()) {
        self.name = name
        self.tools = tools
        self.setup = nil
        self.mapError = nil
        self.elapsed = Self.stopwatch(clock)
    }

    /// A recorder for one session of an app set up as `setup`.
    ///
    /// The tools' ids come from the tools, and the engine's configuration and system prompt are written
    /// with the session.
    ///
    /// - Parameters:
    ///   - name: the transcript's name.
    ///   - setup: the app's tools, engine configuration and system prompt; give the same to ``Replayer``.
    ///   - clock: what the gaps between pieces are measured on; the real clock unless a test says otherwise.
    ///   - mapError: how an error of the app's own model client is written, such as an SDK's rate-limit
    ///     error as `.rateLimited`; `nil` for one the recorder maps itself (then an unknown error is
    ///     `{"status": 500}`, and ``Recording/notes`` says so).
    ///
    /// ```swift
    /// let recorder = SessionRecorder(name: "weather", setup: setup) { error in
    ///     (error as? MySDKError)?.status == 429 ? .rateLimited : nil
    /// }
    /// ```
    public init(
        name: String, setup: ToolSetup, clock: some Clock<Duration> = ContinuousClock(),
        mapError: (@Sendable (any Error) -> ScriptedModelError?)? = nil
    ) {
        self.name = name
        self.tools = setup.toolIDs
        self.setup = setup
        self.mapError = mapError
        self.elapsed = Self.stopwatch(clock)
    }

    /// The app's engine over `model`, recording every request, with ``setup``'s tools made for `context`
    /// and its configuration.
    ///
    /// A recorder made without a setup has no tools to give: make the engine yourself over
    /// the `recording(_:)` that takes a model client.
    public func engine(model: some LLMClient, context: SkillContext, clock: any Clock<Duration> = ContinuousClock()) -> ToolCallingEngine {
        (setup ?? ToolSetup(tools: [])).engine(model: recording(model), context: context, clock: clock)
    }

    static func stopwatch<C: Clock<Duration>>(_ clock: C) -> @Sendable () -> Duration {
        let start = clock.now
        return { start.duration(to: clock.now) }
    }

    /// `model`, recording every request the session sends it.
    public func recording(_ model: some LLMClient) -> RecordingLLMClient {
        let dialect = model.schemaDialect
        state.withLock { $0.dialect = dialect }
        return RecordingLLMClient(base: model, recorder: self)
    }

    /// `network`, recording every request a tool sends through it as a fixture.
    public func recording(_ network: some NetworkServing) -> RecordingNetworkService {
        RecordingNetworkService(base: network, recorder: self)
    }

    // MARK: What the wrappers report

    func begin(messages: [LLMMessage], tools: [ToolSchema], streamed: Bool) -> Int {
        let now = elapsed()
        let tag = ModelRequestTag.current
        return state.withLock { state in
            state.requests.append(Request(messages: messages, tools: tools, streamed: streamed, started: now, tag: tag))
            return state.requests.count - 1
        }
    }

    func received(_ chunk: LLMStreamChunk, in index: Int) {
        let now = elapsed()
        state.withLock { state in
            switch chunk {
            case .text(let bytes): state.requests[index].pieces.append((bytes, now))
            case .toolCall(let call): state.requests[index].call = call
            }
            if state.requests[index].answeredAt == nil { state.requests[index].answeredAt = now }
        }
    }

    func answered(_ response: LLMResponse, in index: Int) {
        let now = elapsed()
        state.withLock { state in
            if !response.text.isEmpty { state.requests[index].pieces.append((Data(response.text.utf8), now)) }
            state.requests[index].call = response.toolCall
            state.requests[index].answeredAt = now
        }
    }

    func failed(_ error: any Error, in index: Int) {
        let now = elapsed()
        let (failure, note) = mapError?(error).map { ($0, nil) } ?? Self.scripted(error)
        state.withLock { state in
            state.requests[index].failure = failure
            state.requests[index].failureNote = note
            if state.requests[index].answeredAt == nil { state.requests[index].answeredAt = now }
        }
    }

    func exchanged(_ exchange: Exchange) {
        state.withLock { $0.exchanges.append(exchange) }
    }

    /// The scripted failure a live error replays as, and a note when the mapping had to guess.
    static func scripted(_ error: any Error) -> (ScriptedModelError, String?) {
        switch error {
        case let scripted as ScriptedModelError: return (scripted, nil)
        case NetworkError.httpStatus(429): return (.rateLimited, nil)
        case NetworkError.httpStatus(let status): return (.serverError(status: status), nil)
        case NetworkError.offline, NetworkError.timedOut: return (.connectionLost, nil)
        case let error as URLError where error.code == .networkConnectionLost || error.code == .notConnectedToInternet:
            return (.connectionLost, nil)
        default:
            return (
                .serverError(status: 500),
                "\(type(of: error)) (\(error)) has no scripted equivalent: recorded as {\"status\": 500}; "
                    + "map it with SessionRecorder(name:setup:mapError:)"
            )
        }
    }
}
