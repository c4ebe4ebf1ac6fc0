import Foundation
import SkillCheckSupport
import SkillEngine
import SkillKit
import SkillTesting

/// Turns a live tool-calling session into a transcript that replays in CI with no key and no network.
///
/// Run the app once against the real model, keep what happened, replay it for ever after.
///
/// Wrap the app's own model client (any `LLMClient`) and, for tools that go to the network, its
/// `NetworkServing`; run the session; then write. What it writes:
/// - the model's script: each request's answer, its text in the pieces it streamed in (byte offsets),
///   the wait before the first piece and between pieces (real gaps rounded to the millisecond, kept on
///   the virtual clock), each tool call with its raw arguments and id, and each failure, mapped to a
///   scripted one (HTTP 429 → `rateLimited`, another status → `{"status": N}`, a dropped connection →
///   `connectionLost`);
/// - what each request carried, as the turn's `expect`: the tool names and the last message;
/// - the network fixtures the tools' requests got (matched by method, URL, query and body);
/// - a `run` step per user input, each followed by an `expect` of the runs and the conversation, filled
///   in by replaying the transcript once (record mode `missing`) before it is kept, so a recording
///   that would not replay green is an error, never a file.
///
/// Before anything is written, every string passes the secret scanner; a secret is replaced by a named
/// placeholder (`«redacted: bearer token»`) and ``Recording/redacted`` says where. A file that exists is
/// replaced only in record mode `failed` or `all` (the default is `never` on CI, `missing` elsewhere).
///
/// ```swift
/// let recorder = SessionRecorder(name: "weather question", tools: ["weather"])
/// let engine = ToolCallingEngine(model: recorder.recording(liveClient), registry: registry)
/// _ = await engine.run("北京天气怎么样")   // the real model, the real tools
/// let recording = try recorder.write(to: transcriptURL, replayer: Replayer(skills: [], tools: myTools))
/// print(recording.redacted)   // ["/model/0/text (OpenAI key)"]
/// ```
@available(SkillCheckTesting, *)
public final class SessionRecorder: Sendable {
    /// The transcript's name.
    public let name: String
    /// The tool ids the transcript registers, as the replayer knows them.
    public let tools: [String]
    let elapsed: @Sendable () -> Duration
    let state = Locked(State())

    struct State {
        var requests: [Request] = []
        var exchanges: [Exchange] = []
    }

    /// One request to the model and what came back.
    struct Request {
        var messages: [LLMMessage]
        var tools: [String]
        var streamed: Bool
        var started: Duration
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
        self.elapsed = Self.stopwatch(clock)
    }

    static func stopwatch<C: Clock<Duration>>(_ clock: C) -> @Sendable () -> Duration {
        let start = clock.now
        return { start.duration(to: clock.now) }
    }

    /// `model`, recording every request the session sends it.
    public func recording(_ model: some LLMClient) -> RecordingLLMClient {
        RecordingLLMClient(base: model, recorder: self)
    }

    /// `network`, recording every request a tool sends through it as a fixture.
    public func recording(_ network: some NetworkServing) -> RecordingNetworkService {
        RecordingNetworkService(base: network, recorder: self)
    }

    // MARK: What the wrappers report

    func begin(messages: [LLMMessage], tools: [ToolSchema], streamed: Bool) -> Int {
        let now = elapsed()
        return state.withLock { state in
            state.requests.append(Request(messages: messages, tools: tools.map(\.name), streamed: streamed, started: now))
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
        let (failure, note) = Self.scripted(error)
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
            return (.serverError(status: 500), "\(type(of: error)) (\(error)) has no scripted equivalent: recorded as {\"status\": 500}")
        }
    }
}
