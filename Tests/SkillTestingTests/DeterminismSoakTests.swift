import SkillKit
import SkillTesting
import Testing

@Suite("Determinism")
struct DeterminismSoakTests {
    /// One fail → backoff → advance → retry loop: three failures, waits of 1 s, 2 s, 4 s, then success.
    @available(SkillCheckTesting, *)
    static func retryRun() async throws -> [String] {
        let clock = VirtualClock()
        let trace = Trace()
        let task = clock.scheduler.spawn("retry") {
            try await RetryPolicy(maxRetries: 3, baseDelay: .seconds(1)).run(clock: clock) { attempt in
                trace.record("try \(attempt) @\(clock.now)")
                if attempt < 3 { throw NetworkError.timedOut }
                return "ok"
            }
        }
        for seconds in [1, 2, 4] {
            clock.advance(by: .seconds(seconds))
            trace.record("advanced \(seconds)s, \(clock.pendingCount) pending")
        }
        trace.record(try await task.value)
        return trace.all
    }

    @available(SkillCheckTesting, *)
    @Test("the retry loop gives one identical trace in 10,000 runs")
    func soak() async throws {
        let first = try await Self.retryRun()
        #expect(first.last == "ok")
        var distinct: Set<[String]> = [first]
        for _ in 1..<10_000 { distinct.insert(try await Self.retryRun()) }
        #expect(distinct.count == 1)
    }
}
