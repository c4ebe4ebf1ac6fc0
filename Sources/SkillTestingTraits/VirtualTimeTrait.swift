import Foundation
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
/// After a stall, an escape or an overrun the body is cancelled and given the stall timeout to end. A body
/// that waits on a continuation nothing resumes and that ignores cancellation cannot be ended by anything in
/// the process: its issue is recorded at once, naming what it waits on, and the test then waits for it (Swift
/// Testing does not let a test's body outlive its scope). Resume such a continuation on cancellation
/// (`withTaskCancellationHandler`) and the test ends.
@available(SkillCheckTesting, *)
public struct VirtualTimeTrait: TestTrait, SuiteTrait, TestScoping {
    /// The wall-clock date at virtual time zero.
    public var origin: Date
    /// How long, in real time, nothing may run, sleep or come back before the body counts as stalled.
    public var stallTimeout: Duration
    /// How long, in real time, the body may run in all (a loop that never sleeps on the clock).
    public var realTimeLimit: Duration

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
        guard testCase != nil else { return try await function() }
        let scope = VirtualTimeScope(origin: origin, stallTimeout: stallTimeout, realTimeLimit: realTimeLimit)
        let thrown: (any Error)? = await withoutActuallyEscaping(function) { body in
            let outcome = await scope.run(body)
            for problem in outcome.problems {
                Issue.record(Comment(rawValue: "virtual time: \(problem)"), sourceLocation: test.sourceLocation)
            }
            if !outcome.ended {
                Issue.record(
                    Comment(
                        rawValue: "virtual time: the body ignored the cancellation that followed, so nothing can end it; "
                            + "the test waits for it. Resume what it waits on when it is cancelled (withTaskCancellationHandler)"),
                    sourceLocation: test.sourceLocation)
                await outcome.wait()
            }
            // A body cancelled for a problem throws CancellationError: the problem is the issue.
            return outcome.problems.isEmpty ? outcome.thrown : nil
        }
        if let thrown { throw thrown }
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
}
