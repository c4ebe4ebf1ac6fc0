import Foundation
import SkillCheckSupport
import SkillEngine
import SkillKit
import SkillTesting

/// SEND-2's stress run: the same calls to `execute`, first one after another on one instance, then all
/// at once on another instance, from many tasks, each on a thread of its own (``StressThreads``),
/// each call with fakes and a clock of its own (so the only thing the calls share is the skill instance).
///
/// Every call starts with `Task.yield()`, and every fake operation and every sleep yields once, so that
/// calls interleave at each suspension point, which is where a read-await-write race loses an update
/// and where ThreadSanitizer sees two threads touch the same memory.
@available(SkillCheckTesting, *)
struct ConcurrencyStress: Sendable {
    /// What one call ended with, as text that can be compared and shown.
    typealias Outcome = String

    var sequential: [Outcome]
    /// A second sequential pass on a third instance: when it differs from the first, the skill is not
    /// deterministic (TIME-2's finding), and the concurrent outputs cannot be compared.
    var sequentialAgain: [Outcome]
    var concurrent: [Outcome]

    /// Where a stress run was when its real time ran out: in a sequential pass, after `ended` of its calls, or
    /// among the concurrent calls.
    struct Unfinished: Sendable, Error {
        var sequential: Bool
        var ended: Int
    }

    /// Runs `calls` calls, cycling through `samples`; the concurrent calls start in an order shuffled by
    /// `seed`. Fails with where it was when the run did not end within `limit` of real time.
    static func run(
        _ subject: SkillUnderTest, samples: [String], calls: Int, seed: UInt64, limit: Duration, reply: String
    ) async -> Result<ConcurrencyStress, Unfinished> {
        let inputs = (0..<calls).map { samples[$0 % samples.count] }
        var generator = SeededRandomNumberGenerator(seed: seed)
        let order = Array(inputs.indices).shuffled(using: &generator)
        // The run's own thread, for everything that is not a concurrent call (the sequential passes, the
        // group's parent): on the shared pool, each of the calls' suspensions would wait its turn behind
        // every other test's jobs, and a busy process would time out a skill that waits on nothing.
        let own = StressThreads.Executor(name: "skillcheck: SEND-2 run")
        let progress = Locked(Unfinished(sequential: true, ended: 0))
        let stress = await withRealTimeLimit(limit, on: own) {
            defer { own.stop() }
            let sequential = await runSequentially(subject, inputs, reply: reply, progress: progress)
            // The second pass sees the wall clock a day, three hours, seven minutes and eleven seconds on, so an
            // output built from it differs between the passes every time, not only across a second's edge.
            let again = await runSequentially(
                subject, inputs, reply: reply, wallClockOffset: SkillConformance.movedWallClock, progress: progress)
            // Cancelled by the limit: `progress` stays where the limit found the run.
            if Task.isCancelled { return ConcurrencyStress(sequential: sequential, sequentialAgain: again, concurrent: []) }
            progress.withLock { $0 = Unfinished(sequential: false, ended: 0) }
            let skill = subject.instance(in: context(seeding: subject, reply: reply).context)
            // A thread per call, each call's fakes made here: between its start and the skill's code, a call
            // takes no lock another call takes, so nothing orders one call's accesses before another's.
            let threads = StressThreads(count: inputs.count)
            defer { threads.stop() }
            let contexts = inputs.map { _ in context(seeding: subject, reply: reply).context }
            let concurrent = await withTaskGroup(of: Outcome.self) { group in
                for (position, index) in order.enumerated() {
                    let context = contexts[position]
                    group.addTask(executorPreference: threads[position]) {
                        await Task.yield()
                        return await call(skill, inputs[index], in: context)
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            return ConcurrencyStress(sequential: sequential, sequentialAgain: again, concurrent: concurrent)
        }
        return stress.map { .success($0) } ?? .failure(progress.withLock { $0 })
    }

    private static func runSequentially(
        _ subject: SkillUnderTest, _ inputs: [String], reply: String, wallClockOffset: Duration = .zero,
        progress: Locked<Unfinished>
    ) async -> [Outcome] {
        let skill = subject.instance(in: context(seeding: subject, reply: reply).context)
        var outcomes: [Outcome] = []
        guard !Task.isCancelled else { return [] }
        progress.withLock { $0.ended = 0 }
        // Once the limit has cancelled the run, no more calls: they would end at once, and `progress` would move on.
        for input in inputs where !Task.isCancelled {
            let observation = RealWorldObservation(wallClockOffset: wallClockOffset)
            outcomes.append(
                await observation.during(skill) { await call(skill, input, in: context(seeding: subject, reply: reply).context) })
            _ = observation.finish(sample: input)
            if !Task.isCancelled { progress.withLock { $0.ended += 1 } }
        }
        return outcomes
    }

    private static func call(_ skill: any AgentSkill, _ text: String, in context: SkillContext) async -> Outcome {
        do {
            let output = try await skill.execute(input: SkillInput(rawText: text), context: context).comparable
            // Whole: outputs that differ past a cut must not compare equal.
            return "\(text) → \(wholeOutput(output))"
        } catch {
            return "\(text) → threw \(ThrownError(error))"
        }
    }

    /// Fresh fakes on a fresh immediate clock, the store holding what `subject`'s samples expect; every request
    /// answers 200 with `reply` (the skill's working reply) after a millisecond, and every storage operation takes a
    /// millisecond.
    private static func context(seeding subject: SkillUnderTest, reply: String) -> (context: SkillContext, clock: ImmediateClock) {
        let clock = ImmediateClock(origin: VirtualClock.defaultOrigin)
        let store = InMemoryDataStore(clock: clock, latency: .milliseconds(1))
        subject.seed(store)
        let network = FakeNetworkService(clock: clock)
        WorkingReply.stub(network, body: reply, latency: .milliseconds(1))
        let ids = Locked<UInt64>(0)
        let context = SkillContext(
            storage: store, networkService: network, clock: clock, dateSource: { clock.date },
            idSource: {
                let value = ids.withLock {
                    $0 &+= 1
                    return $0
                }
                let b = withUnsafeBytes(of: value.bigEndian) { Array($0) }
                return UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]))
            }
        )
        return (subject.prepared(context), clock)
    }

    /// The outcomes only one side has, with how many more times it has them: empty when the two are the
    /// same multiset.
    static func difference(_ expected: [Outcome], _ observed: [Outcome]) -> (missing: [String], extra: [String]) {
        var counts: [Outcome: Int] = [:]
        for outcome in expected { counts[outcome, default: 0] += 1 }
        for outcome in observed { counts[outcome, default: 0] -= 1 }
        let sorted = counts.filter { $0.value != 0 }.sorted { $0.key < $1.key }
        func shown(_ outcome: Outcome) -> String {
            outcome.count > 200 ? outcome.prefix(200) + "… (\(outcome.utf8.count) bytes)" : outcome
        }
        return (
            sorted.filter { $0.value > 0 }.map { "\($0.value) × \(shown($0.key))" },
            sorted.filter { $0.value < 0 }.map { "\(-$0.value) × \(shown($0.key))" }
        )
    }
}

/// Runs `body` in a task of its own, preferring `executor`, and returns its result, or `nil` once `limit`
/// of real time has passed (the task is then cancelled and left behind: code stuck on a continuation
/// cannot be ended from outside). A Dispatch timer, not a sleep: nothing waits for it unless the body
/// overruns.
@available(SkillCheckTesting, *)
func withRealTimeLimit<Result: Sendable>(
    _ limit: Duration, on executor: (any TaskExecutor)? = nil, _ body: @escaping @Sendable () async -> Result
) async -> Result? {
    let settled = Locked(false)
    let task = Locked<Task<Void, Never>?>(nil)
    return await withCheckedContinuation { (continuation: CheckedContinuation<Result?, Never>) in
        @Sendable func settle(_ value: Result?) {
            let first = settled.withLock { done -> Bool in
                defer { done = true }
                return !done
            }
            if first { continuation.resume(returning: value) }
        }
        task.withLock { $0 = Task(executorPreference: executor) { settle(await body()) } }
        DispatchQueue.global().asyncAfter(deadline: .now() + dispatchInterval(limit)) {
            settle(nil)
            task.withLock { $0?.cancel() }
        }
    }
}
