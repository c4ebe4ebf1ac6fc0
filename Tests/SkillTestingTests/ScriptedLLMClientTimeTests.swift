import Foundation
import SkillCheckSupport
import SkillKit
import SkillTesting
import Testing

@Suite("ScriptedLLMClient: latency on the virtual clock")
struct ScriptedLLMClientTimeTests {
    static let ask: [LLMMessage] = [.user("你好")]

    @available(SkillCheckTesting, *)
    @Test("pieces arrive after the first latency, then one 'between' apart, in virtual time only")
    func streamLatency() async throws {
        let real = ContinuousClock.now
        let arrivals = try await withVirtualTime { clock in
            let model = ScriptedLLMClient(
                clock: clock,
                turns: [
                    .toolCall("query_weather", ["city": "北京"], text: "北京今天").chunked(.bytes(6))
                        .latency(first: .seconds(300), between: .seconds(20))
                ])
            var arrivals: [Duration] = []
            for try await _ in model.stream(messages: Self.ask, tools: []) { arrivals.append(clock.now.offset) }
            return arrivals
        }
        // Two text pieces and the tool call: 300 s, then 20 s before each of the other two.
        #expect(arrivals == [.seconds(300), .seconds(320), .seconds(340)])
        #expect(ContinuousClock.now - real < .seconds(30))
    }

    @available(SkillCheckTesting, *)
    @Test("complete waits as long as the whole stream would")
    func completeLatency() async throws {
        let elapsed = try await withVirtualTime { clock in
            let model = ScriptedLLMClient(
                clock: clock,
                turns: [
                    .text("北京今天晴", chunks: .bytes(3)).latency(first: .milliseconds(300), between: .milliseconds(50))
                ])
            _ = try await model.complete(messages: Self.ask, tools: [])
            return clock.now.offset
        }
        #expect(elapsed == .milliseconds(300 + 4 * 50))
    }

    @available(SkillCheckTesting, *)
    @Test("a failure and an empty answer still take their latency")
    func failureLatency() async throws {
        let times = try await withVirtualTime { clock in
            let model = ScriptedLLMClient(
                clock: clock,
                turns: [
                    ScriptedTurn.rateLimited.latency(first: .seconds(2)),
                    ScriptedTurn(latency: .init(first: .seconds(3))),
                ])
            await #expect(throws: ScriptedModelError.rateLimited) {
                try await chunks(of: model.stream(messages: Self.ask, tools: []))
            }
            let afterFailure = clock.now.offset
            let empty = try await chunks(of: model.stream(messages: Self.ask, tools: []))
            #expect(empty.isEmpty)
            return [afterFailure, clock.now.offset]
        }
        #expect(times == [.seconds(2), .seconds(5)])
    }

    @available(SkillCheckTesting, *)
    @Test("cancelling the iterating task during latency ends the stream at once, with no time passing")
    func cancelDuringLatency() async throws {
        let clock = VirtualClock()
        let model = ScriptedLLMClient(clock: clock, turns: [.text("北京", chunks: .bytes(1)).latency(first: .seconds(10))])
        let task = clock.scheduler.spawn("stream") { try await chunks(of: model.stream(messages: Self.ask, tools: [])) }
        clock.scheduler.runUntilIdle()
        #expect(clock.pendingCount == 1)
        task.cancel()
        clock.scheduler.runUntilIdle()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(clock.pendingCount == 0)
        #expect(clock.now.offset == .zero)
    }

    @available(SkillCheckTesting, *)
    @Test("cancelling between pieces stops the stream before the next piece")
    func cancelBetweenPieces() async throws {
        let clock = VirtualClock()
        let model = ScriptedLLMClient(
            clock: clock,
            turns: [
                .text("北京", chunks: .bytes(3)).latency(first: .seconds(1), between: .seconds(5))
            ])
        let received = Locked<[LLMStreamChunk]>([])
        let task = clock.scheduler.spawn("stream") {
            for try await chunk in model.stream(messages: Self.ask, tools: []) { received.withLock { $0.append(chunk) } }
        }
        clock.advance(by: .seconds(1))
        #expect(received.withLock { $0.count } == 1)
        task.cancel()
        clock.scheduler.runUntilIdle()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(received.withLock { $0.count } == 1)
    }

    @available(SkillCheckTesting, *)
    @Test("a task already cancelled when it asks for the next piece sees the stream end, with no error: check Task.isCancelled")
    func cancelledBeforeNext() async throws {
        let clock = VirtualClock()
        let model = ScriptedLLMClient(clock: clock, turns: [.text("北京", chunks: .bytes(3))])
        let task = clock.scheduler.spawn("stream") { () async throws -> (Int, Bool) in
            var received = 0
            for try await _ in model.stream(messages: Self.ask, tools: []) {
                received += 1
                withUnsafeCurrentTask { $0?.cancel() }
            }
            return (received, Task.isCancelled)
        }
        clock.scheduler.runUntilIdle()
        let (received, cancelled) = try await task.value
        // AsyncThrowingStream(unfolding:) ends a cancelled consumer's stream quietly: the second piece is never played.
        #expect(received == 1)
        #expect(cancelled)
    }

    @available(SkillCheckTesting, *)
    @Test("cancelling a complete call during latency throws CancellationError")
    func cancelComplete() async throws {
        let clock = VirtualClock()
        let model = ScriptedLLMClient(clock: clock, turns: [.text("好").latency(first: .seconds(10))])
        let task = clock.scheduler.spawn("complete") { try await model.complete(messages: Self.ask, tools: []) }
        clock.scheduler.runUntilIdle()
        task.cancel()
        clock.scheduler.runUntilIdle()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(clock.now.offset == .zero)
    }

    @available(SkillCheckTesting, *)
    @Test("a turn with latency and no clock is an error naming the turn, not a silent skip")
    func latencyWithoutClock() async throws {
        let model = ScriptedLLMClient(turns: [.text("好").latency(first: .seconds(1))])
        do {
            _ = try await model.complete(messages: Self.ask, tools: [])
            Issue.record("expected invalidTurn")
        } catch let error as ScriptError {
            #expect(error.description.contains("turn 1 of the script cannot be played"))
            #expect(error.description.contains("pass ScriptedLLMClient(clock: clock"))
        }
    }
}
