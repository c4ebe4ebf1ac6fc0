import Foundation
import SkillCheckSupport
import SkillKit

/// A model that follows a script: debug the tool-calling loop with it before connecting a real one
/// (seed 002's last advice).
///
/// Each request it is sent plays the script's next ``ScriptedTurn``: text, a tool call, both, or a
/// failure. Streamed text arrives as UTF-8 bytes cut where the turn says, inside a character too, so
/// the engine must decode with `UTF8StreamDecoder`. Latency passes on the injected clock:
/// on a ``VirtualClock`` it costs no real time.
///
/// ```swift
/// @Test func weatherQuestion() async throws {
///     try await withVirtualTime { clock in
///         let model = ScriptedLLMClient(clock: clock, turns: [
///             .toolCall("query_weather", ["city": "北京"])
///                 .expecting(tools: .including(["query_weather"]), lastMessage: .user("北京天气怎么样")),
///             .text("北京今天晴，21°C", chunks: .bytes(2))
///                 .latency(first: .milliseconds(300), between: .milliseconds(20))
///                 .expecting(lastMessage: .toolResult(callID: "call-1", containing: "晴")),
///         ])
///         let engine = ToolCallingEngine(model: model, registry: registry, clock: clock)
///         for try await _ in engine.run(input: "北京天气怎么样", in: ConversationSession()) {}
///         try model.verifyFinished()                 // every turn played, no departure
///         #expect(model.requests[1].toolNames == ["query_weather"])
///     }
/// }
/// ```
///
/// When the conversation departs from the script (a turn's ``ScriptedTurn/Expectation`` does not fit,
/// or a request arrives after the last turn) the request throws a ``ScriptError`` saying which turn,
/// what was expected and what arrived; ``verifyFinished()`` throws it again, in case the engine
/// swallowed it, and fails too when turns were never played. Tool calls without an id are numbered
/// over the script: its nth tool call is `"call-n"`.
///
/// All waiting happens in the task that calls ``complete(messages:tools:)`` or iterates
/// ``stream(messages:tools:)``, so cancelling that task ends the wait with `CancellationError`. A task
/// that is already cancelled when it asks for the next piece sees the stream end without an error (as
/// every `AsyncThrowingStream(unfolding:)` does): after the loop, check `Task.isCancelled` before taking
/// the text so far as the whole answer.
@available(SkillCheckTesting, *)
public final class ScriptedLLMClient: LLMClient, Sendable {
    private struct State {
        var requests: [ScriptedRequest] = []
        var errors: [ScriptError] = []
    }

    /// The script, in the order its turns are played.
    package let turns: [ScriptedTurn]
    private let clock: (any Clock<Duration>)?
    private let callIDs: [String?]
    private let state = Locked(State())

    /// - Parameters: - clock: the clock latency passes on: the test's ``VirtualClock``.
    ///
    /// Without one, a turn with latency throws ``ScriptError/invalidTurn(turn:reason:)``. - turns: the script.
    public init(clock: (any Clock<Duration>)? = nil, turns: [ScriptedTurn]) {
        self.clock = clock
        self.turns = turns
        var count = 0
        callIDs = turns.map { turn in
            guard turn.toolCall != nil else { return nil }
            count += 1
            return "call-\(count)"
        }
    }

    /// Every request sent so far, in order, those that departed from the script included.
    public var requests: [ScriptedRequest] { state.withLock { $0.requests } }

    /// Every error the script raised so far (departures, extra requests, turns that cannot be played),
    /// whether or not the engine passed it on.
    public var scriptErrors: [ScriptError] { state.withLock { $0.errors } }

    /// The numbers (from 1) of the turns no request has reached yet.
    public var unplayedTurns: [Int] {
        let sent = state.withLock { $0.requests.count }
        return sent < turns.count ? Array((sent + 1)...turns.count) : []
    }

    /// Throws unless the whole script was played without a departure.
    ///
    /// The first ``scriptErrors`` entry, else ``ScriptError/unfinished(played:turnCount:unplayed:)`` describing
    /// each turn never reached.
    ///
    /// ```swift
    /// try model.verifyFinished()   // at the end of every test: a script not played is not a pass
    /// ```
    public func verifyFinished() throws(ScriptError) {
        if let first = scriptErrors.first { throw first }
        let unplayed = unplayedTurns
        guard unplayed.isEmpty else {
            throw .unfinished(
                played: turns.count - unplayed.count,
                turnCount: turns.count,
                unplayed: unplayed.map { "turn \($0): \(turns[$0 - 1])" }
            )
        }
    }

    // MARK: LLMClient

    /// Plays the next turn whole: waits its whole latency, then answers or throws.
    public func complete(messages: [LLMMessage], tools: [ToolSchema]) async throws -> LLMResponse {
        let playback = try begin(messages: messages, tools: tools, streamed: false)
        try await wait(playback.total)
        if let failure = playback.failure { throw failure }
        return playback.response
    }

    /// Plays the next turn in pieces: its text's bytes as the turn cuts them, then its tool call; then its failure, if it has one.
    ///
    /// The turn is taken, and the request checked, when iteration starts.
    public func stream(messages: [LLMMessage], tools: [ToolSchema]) -> AsyncThrowingStream<LLMStreamChunk, any Error> {
        let progress = Locked<(playback: Playback?, next: Int)>((nil, 0))
        return AsyncThrowingStream(unfolding: { [self] in
            let (playback, index) = try progress.withLock { progress in
                let playback = try progress.playback ?? begin(messages: messages, tools: tools, streamed: true)
                progress.playback = playback
                defer { progress.next += 1 }
                return (playback, progress.next)
            }
            guard index < playback.steps.count else { return nil }
            try await wait(playback.delay(before: index))
            switch playback.steps[index] {
            case .chunk(let chunk): return chunk
            case .fail(let error): throw error
            case .end: return nil
            }
        })
    }

    // MARK: Playing

    /// Records the request, takes the next turn and checks the request against it.
    private func begin(messages: [LLMMessage], tools: [ToolSchema], streamed: Bool) throws(ScriptError) -> Playback {
        let result = state.withLock { state -> Result<Playback, ScriptError> in
            let request = ScriptedRequest(turn: state.requests.count + 1, messages: messages, tools: tools, streamed: streamed)
            state.requests.append(request)
            let result = playback(for: request)
            if case .failure(let error) = result { state.errors.append(error) }
            return result
        }
        return try result.get()
    }

    private func playback(for request: ScriptedRequest) -> Result<Playback, ScriptError> {
        guard request.turn <= turns.count else { return .failure(.extraRequest(request, turnCount: turns.count)) }
        let turn = turns[request.turn - 1]
        var mismatches = turn.expectation.mismatches(request)
        if !mismatches.isEmpty {
            // Out of step rather than changed: another turn of the script fits this request. Nearest is
            // counted in turns from the one played; of two as near, the later one (a request left out).
            let here = request.turn - 1
            let fitting = turns.indices.filter { index in
                index != here && (turns[index].expectation.tools != nil || turns[index].expectation.lastMessage != nil)
                    && turns[index].expectation.mismatches(request).isEmpty
            }.min { (abs($0 - here), -$0) < (abs($1 - here), -$1) }
            if let fitting {
                let distance = abs(fitting - here)
                let direction = fitting > here ? "later" : "earlier"
                mismatches.append(
                    "(the nearest turn of the script that this request fits is turn \(fitting + 1), \(distance) turn\(distance == 1 ? "" : "s") \(direction): a request was "
                        + (fitting > here ? "left out" : "added") + " before it)"
                )
            }
            return .failure(.departed(request, turnCount: turns.count, expected: mismatches))
        }
        if clock == nil, !turn.latency.isNone {
            return .failure(
                .invalidTurn(
                    turn: request.turn,
                    reason: "it waits (latency \(turn.latency.first), "
                        + "\(turn.latency.between) between pieces) but the client has no clock: pass ScriptedLLMClient(clock: clock, ...)"))
        }
        do {
            return .success(try turn.playback(callID: callIDs[request.turn - 1]))
        } catch {
            return .failure(.invalidTurn(turn: request.turn, reason: error.reason))
        }
    }

    /// Waits on the clock; a cancelled task stops here, waiting or not.
    private func wait(_ duration: Duration) async throws {
        if Task.isCancelled {
            // Through the executor once, as a real request would: a loop that swallows the
            // CancellationError then suspends each time round, and the scheduler can stop it.
            await Task.yield()
            throw CancellationError()
        }
        guard duration > .zero, let clock else { return }
        try await clock.sleep(for: duration)
    }
}
