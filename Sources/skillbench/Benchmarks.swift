import Foundation
import SkillCheckSupport
import SkillEngine
import SkillKit
import SkillTesting

/// The benchmarks, and the table they print.
@available(SkillCheckTesting, *)
struct Benchmarks {
    let quick: Bool
    /// Only benchmarks whose name contains this text.
    var only: String?

    struct Row {
        var name: String
        var load: String
        var figure: String
        var detail: String
    }

    func runAll() async {
        var rows: [Row] = []
        for busy in [false, true] {
            let load = busy ? BackgroundLoad() : nil
            let label = busy ? "both cores busy" : "idle"
            if wants("retry") {
                rows.append(await retryScenario(runs: quick ? 200 : 2_000, load: label))
                rows.append(await retryInScope(runs: quick ? 200 : 2_000, load: label))
            }
            if wants("sleepers") {
                for count in quick ? [100, 10_000] : [100, 10_000, 100_000] {
                    rows.append(sleeperFanOut(count: count, shuffled: true, load: label))
                }
                rows.append(sleeperFanOut(count: quick ? 10_000 : 100_000, shuffled: false, load: label))
            }
            if wants("engine") { rows.append(await engineSends(count: quick ? 1_000 : 20_000, load: label)) }
            if wants("tools") { rows.append(await ToolCallingBenchmark(quick: quick).row(load: label)) }
            if wants("replay") { rows += ScenarioBenchmarks(quick: quick).rows(load: label) }
            if wants("long-replay") { rows += LongReplayBenchmark(quick: quick).rows(load: label) }
            if wants("conformance") { rows.append(await ConformanceBenchmark(quick: quick).row(load: label)) }
            if wants("observation") { rows += await ObservationBenchmark(quick: quick).rows(load: label) }
            if wants("schedules") { rows.append(await ScheduleBenchmark(quick: quick).row(load: label)) }
            load?.stop()
        }
        print("| benchmark | load | result | detail |")
        print("|---|---|---|---|")
        for row in rows { print("| \(row.name) | \(row.load) | \(row.figure) | \(row.detail) |") }
    }

    /// Whether the benchmark group `name` (retry, sleepers, engine, tools, replay, long-replay, conformance,
    /// observation, schedules) was asked for.
    func wants(_ name: String) -> Bool {
        only.map { name.contains($0) } ?? true
    }

    /// Fails 3 times with backoff 1 s, 2 s, 4 s, then succeeds; the test advances 1 s, 2 s, 4 s.
    func retryScenario(runs: Int, load: String) async -> Row {
        await Self.retryRow("retry scenario (\(runs) runs)", runs: runs, load: load) {
            let clock = VirtualClock()
            let done = Flag()
            clock.scheduler.spawn("retry") {
                let value = try await RetryPolicy(maxRetries: 3, baseDelay: .seconds(1)).run(clock: clock) { attempt in
                    if attempt < 3 { throw NetworkError.timedOut }
                    return attempt
                }
                if value == 3 { done.set() }
            }
            clock.advance(by: .seconds(1))
            clock.advance(by: .seconds(2))
            clock.advance(by: .seconds(4))
            return done.isSet
        }
    }

    /// The same retry scenario as a test writes it: one `withVirtualTime` scope per run, time moving by
    /// itself. What it costs over ``retryScenario(runs:load:)`` is the scope's own: its clock, its
    /// driver thread, waiting for it.
    func retryInScope(runs: Int, load: String) async -> Row {
        await Self.retryRow("retry scenario in withVirtualTime (\(runs) scopes)", runs: runs, load: load) {
            let value = try? await withVirtualTime { clock in
                try await RetryPolicy(maxRetries: 3, baseDelay: .seconds(1)).run(clock: clock) { attempt in
                    if attempt < 3 { throw NetworkError.timedOut }
                    return attempt
                }
            }
            return value == 3
        }
    }

    /// Times `run` (which says whether the retry ended as it should) `runs` times, after 200 runs that
    /// warm caches and the allocator and are not counted: the median, the 90th percentile and the misses.
    static func retryRow(_ name: String, runs: Int, load: String, _ run: () async -> Bool) async -> Row {
        var misses = 0
        var timings: [Double] = []
        timings.reserveCapacity(runs)
        for index in -200..<runs {
            let start = ContinuousClock.now
            let succeeded = await run()
            let elapsed = microseconds(since: start)
            guard index >= 0 else { continue }
            if !succeeded { misses += 1 }
            timings.append(elapsed)
        }
        timings.sort()
        return Row(
            name: name,
            load: load,
            figure: String(format: "%.2f µs/run (median)", timings[timings.count / 2]),
            detail: String(format: "p90 %.2f µs, %d misses, 7 virtual s per run", timings[timings.count * 9 / 10], misses)
        )
    }

    /// N sleepers (registered in shuffled or in deadline order), then one advance past them all;
    /// checks the wake order.
    func sleeperFanOut(count: Int, shuffled: Bool, load: String) -> Row {
        let clock = VirtualClock()
        let order = WakeLog()
        var generator = SeededRandomNumberGenerator(seed: 2026)
        let deadlines = shuffled ? Array(0..<count).shuffled(using: &generator) : Array(0..<count)
        for deadline in deadlines {
            clock.scheduler.spawn { () async throws -> Void in
                try await clock.sleep(until: .init(offset: .milliseconds(deadline + 1)))
                order.append(deadline)
            }
        }
        clock.scheduler.runUntilIdle()
        let start = ContinuousClock.now
        clock.advance(by: .milliseconds(count + 1))
        let total = Self.microseconds(since: start)
        let inOrder = order.values == Array(0..<count)
        return Row(
            name: "advance over \(count) sleepers" + (shuffled ? "" : ", registered in deadline order"),
            load: load,
            figure: String(format: "%.3f s in all", total / 1e6),
            detail: String(format: "%.2f µs per wake, %@", total / Double(count), inOrder ? "all in order" : "OUT OF ORDER")
        )
    }

    struct Echo: AgentSkill {
        let id = "echo"
        let displayName = "Echo"
        let description = "echoes after a virtual second"
        let keywords = ["echo"]
        func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
            try await context.clock.sleep(for: .seconds(1))
            return SkillOutput(summary: input.rawText)
        }
    }

    /// Sends through the reference engine on virtual time: route, 1 s skill, reply.
    func engineSends(count: Int, load: String) async -> Row {
        let clock = VirtualClock()
        let engine = AgentEngine(
            context: .virtual(clock: clock),
            configuration: .init(messageIDs: .sequential())
        )
        engine.register(Echo())
        let start = ContinuousClock.now
        for index in 0..<count {
            clock.scheduler.spawn { await engine.send("echo \(index)") }
            clock.advance(by: .seconds(1))
        }
        let total = Self.microseconds(since: start)
        let replies = engine.messages.count / 2
        return Row(
            name: "engine send (\(count) sends)",
            load: load,
            figure: String(format: "%.0f sends/s", Double(count) / (total / 1e6)),
            detail: String(format: "%.2f µs per send, %d replies", total / Double(count), replies)
        )
    }

    static func microseconds(since start: ContinuousClock.Instant) -> Double {
        (ContinuousClock.now - start).inMicroseconds
    }
}

/// The order in which sleepers woke.
@available(SkillCheckTesting, *)
final class WakeLog: Sendable {
    private let log = Locked<[Int]>([])
    func append(_ value: Int) { log.withLock { $0.append(value) } }
    var values: [Int] { log.withLock { $0 } }
}

/// Set once a run has finished.
@available(SkillCheckTesting, *)
final class Flag: Sendable {
    private let value = Locked(false)
    func set() { value.withLock { $0 = true } }
    var isSet: Bool { value.withLock { $0 } }
}
