import Foundation
import SkillCheckSupport
import SkillKit
import SkillTesting
import Testing

/// Runs a test, or each test of a suite, on a fresh virtual clock: `@Test(.virtualTime)`.
///
/// The body runs on the clock's deterministic scheduler, reaches the clock through `VirtualClock.current`,
/// and time moves by itself whenever everything on the clock waits, as in `withVirtualTime`. The same end
/// checks become issues of that test: a sleeper or spawned task left behind, work that left the scheduler
/// (a `Task {}`, a real sleep, a `@MainActor` hop), a body that stalls or loops while virtual time stands
/// still. The test fails alone; every other test goes on.
///
/// ```swift
/// @Test(.virtualTime)
/// func slowServiceTimesOut() async throws {
///     let clock = try #require(VirtualClock.current)
///     let network = FakeNetworkService(clock: clock)
///     network.stubWeather(city: "北京", reply: .hang)
///     let engine = AgentEngine(context: .virtual(clock: clock, networkService: network))
///     engine.register(WeatherSkill())
///     let reply = await engine.send("北京天气")   // the 10 s timeout fires on virtual time
///     #expect(reply.summary == "技能执行失败：技能执行超时")
/// }
/// ```
///
/// On a suite, `@Suite(.virtualTime)`, each test and each case of a parameterized test gets a clock of its own.
///
/// After a stall, an escape or an overrun the body is cancelled and given the stall timeout to end. Under
/// `swift test` each test runs in a process of its own (the test binary started again for it), so a trap, or
/// a body that waits on a continuation nothing resumes and ignores cancellation, fails that test alone. A case
/// of a parameterized test, a test under Xcode, and every test with `SKILLCHECK_ISOLATION=off` run in the
/// test's own process: there such a body's issue is recorded at once and the test waits for it. Resume such a
/// continuation on cancellation (`withTaskCancellationHandler`) and the test ends either way.
@available(SkillCheckTesting, *)
public struct VirtualTimeTrait: TestTrait, SuiteTrait, TestScoping {
    /// The wall-clock date at virtual time zero.
    public var origin: Date
    /// How long, in real time, nothing may run, sleep or come back before the body counts as stalled.
    public var stallTimeout: Duration
    /// How long, in real time, the body may run in all (a loop that never sleeps on the clock).
    public var realTimeLimit: Duration
    /// How many schedules to run the body under, each picking among ready jobs from a seed.
    ///
    /// `0` runs it once, first in, first out.
    public var schedules: Int = 0
    /// The seed the schedules come from.
    public var seed: UInt64 = 0
    /// One schedule to run the body under (a failing exploration names it), in place of exploring.
    public var replaying: Schedule?

    public var isRecursive: Bool { true }

    /// A trait with the given origin and limits.
    ///
    /// `.virtualTime` is one with the defaults.
    public init(origin: Date = VirtualClock.defaultOrigin, stallTimeout: Duration = .seconds(1), realTimeLimit: Duration = .seconds(60)) {
        self.origin = origin
        self.stallTimeout = stallTimeout
        self.realTimeLimit = realTimeLimit
    }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // The suite itself: its tests get their own scopes.
        guard let testCase else { return try await function() }
        // Alone in a process of its own, what nothing in-process can end costs this test only. A case of a
        // parameterized test cannot be started by itself, so it runs here.
        if !testCase.isParameterized,
            let alone = await TestProcess.run(test, environment: [:], timeout: watchdog, forwardsAttachments: true), alone.started
        {
            return try relay(alone, of: test)
        }
        let scope = VirtualTimeScope(origin: origin, stallTimeout: stallTimeout, realTimeLimit: realTimeLimit)
        let thrown: (any Error)? = await withoutActuallyEscaping(function) { body in
            guard schedules > 0, replaying == nil else {
                let outcome = await scope.run(body, schedule: replaying ?? .firstInFirstOut)
                return await report(outcome, of: test, schedule: replaying.map { "under schedule \($0): " } ?? "")
            }
            return await explore(body, scope: scope, test: test)
        }
        if let thrown { throw thrown }
    }

    /// How long a test run alone may take in real time before its process is ended: what the trait's own
    /// limits cannot end, such as a loop that never suspends, ends there.
    var watchdog: Duration { realTimeLimit * max(1, schedules) + .seconds(30) }

    /// Records what the test's own process found as issues of `test`, where the child recorded them.
    private func relay(_ alone: TestProcess.Outcome, of test: Test) throws {
        for issue in alone.issues {
            Issue.record(
                Comment(rawValue: issue.text), severity: issue.severity, sourceLocation: issue.sourceLocation ?? test.sourceLocation)
        }
        let run = alone.run
        if run.timedOut {
            Issue.record(
                Comment(
                    rawValue: "virtual time: the test was still running after \(watchdog) of real time, in a process of its own, "
                        + "and was ended: a loop that never suspends, which nothing in the process could stop"),
                sourceLocation: test.sourceLocation)
        } else if let signal = run.signal {
            let trap = run.trapMessage.map { ": \($0)" } ?? ""
            Issue.record(
                Comment(
                    rawValue:
                        "the test's process was ended by signal \(signal)\(ToolRunner.Run.signalName(signal).map { " (\($0))" } ?? "")\(trap)"
                ),
                sourceLocation: test.sourceLocation)
        } else if !alone.ranToTheEnd, alone.issues.isEmpty {
            Issue.record(
                Comment(
                    rawValue:
                        "the test's process exited with status \(run.status ?? -1) before its run ended: \(run.standardError.suffix(2_000))"
                ),
                sourceLocation: test.sourceLocation)
        }
        if let reason = alone.cancelled, alone.issues.isEmpty, run.succeeded {
            try Test.cancel(
                Comment(rawValue: reason.isEmpty ? "cancelled in its own process" : reason), sourceLocation: test.sourceLocation)
        }
    }

    /// Runs `body` under ``schedules`` schedules from ``seed``, stopping at the first that fails.
    private func explore(_ body: @escaping @Sendable () async throws -> Void, scope: VirtualTimeScope, test: Test) async -> (any Error)? {
        var seeds = SeededRandomNumberGenerator(seed: seed)
        var choices = 0
        for number in 1...schedules {
            let schedule = Schedule.randomWalk(seed: seeds.next())
            let outcome = await scope.run(body, schedule: schedule)
            choices = max(choices, outcome.choices.count)
            guard !outcome.ended || !outcome.problems.isEmpty || outcome.thrown != nil else { continue }
            let place =
                "schedule \(number) of \(schedules) (\(schedule)) failed; replay it with `@Test(.virtualTime(replaying: Schedule(\"\(schedule)\")!))`: "
            if let thrown = await report(outcome, of: test, schedule: place), outcome.problems.isEmpty {
                Issue.record(thrown, Comment(rawValue: place), sourceLocation: test.sourceLocation)
            }
            return nil
        }
        if choices == 0 {
            Issue.record(
                Comment(rawValue: "virtual time: \(ScheduleExplorationError.nothingToExplore(schedules: schedules))"),
                sourceLocation: test.sourceLocation)
        }
        return nil
    }

    /// Records `outcome`'s problems as issues of `test`, waits for a body that cannot be ended, and returns what
    /// the body threw when nothing else went wrong (a body cancelled for a problem throws CancellationError: the
    /// problem is the issue).
    private func report(_ outcome: VirtualTimeScope.Outcome, of test: Test, schedule: String) async -> (any Error)? {
        for problem in outcome.problems {
            Issue.record(Comment(rawValue: "virtual time: \(schedule)\(problem)"), sourceLocation: test.sourceLocation)
        }
        if !outcome.ended {
            guard TestProcess.isChild else {
                Issue.record(
                    Comment(
                        rawValue: "virtual time: the body ignored the cancellation that followed, so nothing can end it; "
                            + "the test waits for it. Resume what it waits on when it is cancelled (withTaskCancellationHandler)"),
                    sourceLocation: test.sourceLocation)
                await outcome.wait()
                return nil
            }
            // Alone in a process of its own: the issue reaches the parent through the event stream, written as
            // it is recorded, and the process ends here, since nothing else can end the body.
            Issue.record(
                Comment(
                    rawValue: "virtual time: the body ignored the cancellation that followed, so nothing could end it, and its "
                        + "process was ended. Resume what it waits on when it is cancelled (withTaskCancellationHandler)"),
                sourceLocation: test.sourceLocation)
            fflush(nil)
            _exit(EXIT_FAILURE)
        }
        return outcome.problems.isEmpty ? outcome.thrown : nil
    }
}

@available(SkillCheckTesting, *)
extension Trait where Self == VirtualTimeTrait {
    /// Runs the test, or each test of the suite, on a fresh virtual clock (``VirtualTimeTrait``).
    public static var virtualTime: Self { VirtualTimeTrait() }

    /// Runs the test, or each test of the suite, on a fresh virtual clock with the given origin and limits.
    ///
    /// The clock starts at `origin`; the test fails once it has run `realTimeLimit` of real time (``VirtualTimeTrait``).
    ///
    /// ```swift
    /// @Test(.virtualTime(origin: Date(timeIntervalSince1970: 1_800_000_000)))
    /// func dueTomorrow() async {}
    /// ```
    public static func virtualTime(
        origin: Date = VirtualClock.defaultOrigin, stallTimeout: Duration = .seconds(1), realTimeLimit: Duration = .seconds(60)
    ) -> Self {
        VirtualTimeTrait(origin: origin, stallTimeout: stallTimeout, realTimeLimit: realTimeLimit)
    }

    /// Runs the test on a fresh virtual clock under `schedules` schedules from `seed`, stopping at the first that fails.
    ///
    /// Each schedule picks among the ready jobs from a seed, as `exploreSchedules` does, so an actor that checks,
    /// awaits, then writes, or children whose order of finishing matters, meet the orders first in, first out never
    /// runs. A schedule fails when the body throws (use `try #require`, or throw) or breaks the clock's rules; the
    /// issue names it and the trait that replays it. An `#expect` that fails is recorded under each schedule it fails
    /// under, and exploring goes on. A body that never has two jobs ready at once is an issue: no other order was tried.
    ///
    /// ```swift
    /// @Test(.virtualTime(schedules: 200))
    /// func cacheFetchesOnce() async throws {
    ///     let clock = try #require(VirtualClock.current)
    ///     let network = FakeNetworkService(clock: clock)
    ///     network.stubWeather(city: "北京", WeatherResponse(temperature: 21, condition: "晴", feelsLike: 20, humidity: 40))
    ///     async let first = network.fetchWeather(city: "北京")
    ///     async let second = network.fetchWeather(city: "北京")
    ///     _ = try await (first, second)
    ///     try #require(network.requests.count == 2)
    /// }
    /// ```
    public static func virtualTime(schedules: Int, seed: UInt64 = 0) -> Self {
        var trait = VirtualTimeTrait()
        trait.schedules = max(1, schedules)
        trait.seed = seed
        return trait
    }

    /// Runs the test on a fresh virtual clock under one schedule: the one a failing exploration named.
    ///
    /// ```swift
    /// @Test(.virtualTime(replaying: Schedule("random:42")!))
    /// func cacheFetchesOnceReplayed() async throws {}
    /// ```
    public static func virtualTime(replaying schedule: Schedule) -> Self {
        var trait = VirtualTimeTrait()
        trait.replaying = schedule
        return trait
    }
}
