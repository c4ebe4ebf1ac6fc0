import Foundation
import SkillCheckSupport
import SkillKit

/// How ``exploreSchedules(_:seed:strategy:origin:realTimeLimit:_:)`` picks each schedule it tries.
@available(SkillCheckTesting, *)
public enum ExplorationStrategy: Sendable, Hashable {
    /// Each schedule a ``Schedule/randomWalk(seed:)``.
    case randomWalk
    /// Each schedule a ``Schedule/pct(seed:depth:steps:)`` of this depth.
    case pct(depth: Int)
}

/// What ``exploreSchedules(_:seed:strategy:origin:realTimeLimit:_:)`` tried, when every schedule passed.
@available(SkillCheckTesting, *)
public struct ScheduleExploration: Sendable, Hashable, CustomStringConvertible {
    /// How many schedules ran.
    public var schedules: Int
    /// How many of them interleaved the work differently (their ``DeterministicScheduler/choices`` differ).
    public var interleavings: Int
    /// The most choices among two or more ready jobs one schedule made.
    public var mostChoices: Int

    public var description: String {
        "\(schedules) schedules passed, \(interleavings) distinct interleavings (up to \(mostChoices) choices each)"
    }
}

/// A schedule under which an explored body threw, reduced, with the line that replays it.
///
/// ``exploreSchedules(_:seed:strategy:origin:realTimeLimit:_:)`` throws it for the first failing schedule, cut
/// down to the fewest departures from first-in-first-out order.
@available(SkillCheckTesting, *)
public struct ScheduleFailure: Error, Sendable, CustomStringConvertible {
    /// The reduced schedule, which still fails: pass it to ``exploreSchedules(replaying:origin:realTimeLimit:_:)``.
    public var schedule: Schedule
    /// The seeded schedule that failed first, before reduction.
    public var found: Schedule
    /// Which schedule failed (from 1), and how many were to be tried.
    public var number: Int
    public var of: Int
    /// What the body threw under ``schedule``, in words.
    public var failure: String
    /// How many of ``schedule``'s choices differ from first in, first out.
    public var departures: Int

    public var description: String {
        "schedule \(number) of \(of) failed (\(found)): \(failure)\n"
            + "Reduced to \(departures) departure\(departures == 1 ? "" : "s") from first-in-first-out order (\(schedule)). Replay it with:\n"
            + "    try await exploreSchedules(replaying: Schedule(\"\(schedule)\")!) { clock in … }"
    }
}

/// Why an exploration could not judge the body.
@available(SkillCheckTesting, *)
public enum ScheduleExplorationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The body never had two jobs ready at once: every schedule is the same run, so nothing was explored.
    case nothingToExplore(schedules: Int)

    public var description: String {
        switch self {
        case .nothingToExplore(let schedules):
            "\(schedules) schedules ran and none had two jobs ready at once: there is no other order to try. Run the work concurrently "
                + "on the clock's scheduler (async let, a task group, or clock.scheduler.spawn), not in a Task {} or on another executor."
        }
    }
}

/// Runs `body` on virtual time under `count` schedules, each its own order of the jobs ready at once.
///
/// It throws the first schedule under which `body` throws, reduced and with the line that replays it.
///
/// Each schedule is a fresh ``withVirtualTime(origin:failOnWarnings:stallTimeout:horizon:maxWakes:realTimeLimit:_:)``
/// scope with the same end checks; its scheduler picks jobs by a seed taken from `seed`, so the same call tries
/// the same schedules every run. Make `body` throw when what it sees is wrong (`guard … else { throw … }`): a
/// schedule fails when `body` throws. Work that leaves the scheduler (`@MainActor`, `Task {}`, another executor)
/// cannot be reordered, and fails the schedule as an escape, never passes unexplored.
///
/// ```swift
/// @Test func cacheFetchesOnce() async throws {
///     try await exploreSchedules(200) { clock in
///         let network = FakeNetworkService(clock: clock)
///         network.stubWeather(city: "北京", WeatherResponse(temperature: 21, condition: "晴", feelsLike: 20, humidity: 40))
///         let cache = WeatherCache(network: network)   // an actor of the app's: checks, awaits, then writes
///         async let first = cache.weather(for: "北京")
///         async let second = cache.weather(for: "北京")
///         _ = try await (first, second)
///         guard network.requests.count == 1 else { throw CacheError.fetchedTwice(network.requests.count) }
///     }
/// }
/// ```
///
/// - Returns: what was tried, when every schedule passed.
/// - Throws: ``ScheduleFailure`` for the first failing schedule; ``ScheduleExplorationError/nothingToExplore(schedules:)``
///   when no schedule had a choice to make.
@available(SkillCheckTesting, *)
@discardableResult
public func exploreSchedules(
    _ count: Int = 100,
    seed: UInt64 = 0,
    strategy: ExplorationStrategy = .randomWalk,
    origin: Date = VirtualClock.defaultOrigin,
    realTimeLimit: Duration = .seconds(60),
    _ body: @escaping @Sendable (VirtualClock) async throws -> Void
) async throws -> ScheduleExploration {
    var seeds = SeededRandomNumberGenerator(seed: seed)
    var seen = Set<[Int]>()
    var mostChoices = 0
    for number in 1...max(1, count) {
        let scheduleSeed = seeds.next()
        let schedule: Schedule =
            switch strategy {
            case .randomWalk: .randomWalk(seed: scheduleSeed)
            case .pct(let depth): .pct(seed: scheduleSeed, depth: depth)
            }
        let run = await ScheduleRun.run(schedule, origin: origin, realTimeLimit: realTimeLimit, body)
        seen.insert(run.choices)
        mostChoices = max(mostChoices, run.choices.count)
        guard let failure = run.failure else { continue }
        let reduced = await ScheduleRun.reduce(run.choices, origin: origin, realTimeLimit: realTimeLimit, body)
        throw ScheduleFailure(
            schedule: .replay(reduced.choices), found: schedule, number: number, of: max(1, count), failure: reduced.failure ?? failure,
            departures: reduced.choices.filter { $0 != 0 }.count)
    }
    guard mostChoices > 0 else { throw ScheduleExplorationError.nothingToExplore(schedules: max(1, count)) }
    return ScheduleExploration(schedules: max(1, count), interleavings: seen.count, mostChoices: mostChoices)
}

/// Runs `body` once under `schedule` (a failing one a ``ScheduleFailure`` printed), rethrowing what it throws.
///
/// ```swift
/// try await exploreSchedules(replaying: Schedule("replay:0.1")!) { clock in
///     // the same body as the exploration's
/// }
/// ```
@available(SkillCheckTesting, *)
public func exploreSchedules(
    replaying schedule: Schedule,
    origin: Date = VirtualClock.defaultOrigin,
    realTimeLimit: Duration = .seconds(60),
    _ body: @escaping @Sendable (VirtualClock) async throws -> Void
) async throws {
    try await withVirtualTime(
        scheduler: DeterministicScheduler(reportsUnstructuredTasks: true, schedule: schedule), origin: origin, realTimeLimit: realTimeLimit,
        body)
}

/// One run of a body under one schedule: the choices it made, and what it threw.
@available(SkillCheckTesting, *)
struct ScheduleRun: Sendable {
    var choices: [Int]
    var failure: String?

    static func run(
        _ schedule: Schedule, origin: Date, realTimeLimit: Duration, _ body: @escaping @Sendable (VirtualClock) async throws -> Void
    ) async -> ScheduleRun {
        let scheduler = DeterministicScheduler(reportsUnstructuredTasks: true, schedule: schedule)
        do {
            try await withVirtualTime(scheduler: scheduler, origin: origin, realTimeLimit: realTimeLimit, body)
            return ScheduleRun(choices: scheduler.choices, failure: nil)
        } catch {
            return ScheduleRun(choices: scheduler.choices, failure: String(describing: error))
        }
    }

    /// The failing `choices` with as many set back to first in, first out (0) as still fail, and the trailing
    /// first-in-first-out ones cut: a schedule a person can follow.
    static func reduce(
        _ choices: [Int], origin: Date, realTimeLimit: Duration, _ body: @escaping @Sendable (VirtualClock) async throws -> Void
    ) async -> ScheduleRun {
        var best = ScheduleRun(choices: choices, failure: nil)
        var tries = 0
        // Passes until one changes nothing: setting one choice back can make another unnecessary.
        var changed = true
        while changed, tries < 256 {
            changed = false
            var index = 0
            while index < best.choices.count, tries < 256 {
                defer { index += 1 }
                guard best.choices[index] != 0 else { continue }
                // First in, first out at this pick; else the nearest older job.
                for smaller in [0, best.choices[index] - 1] where smaller < best.choices[index] {
                    var candidate = best.choices
                    candidate[index] = smaller
                    tries += 1
                    let run = await run(.replay(candidate), origin: origin, realTimeLimit: realTimeLimit, body)
                    if let failure = run.failure {
                        best = ScheduleRun(choices: candidate, failure: failure)
                        changed = true
                        break
                    }
                }
            }
        }
        while best.choices.last == 0 { best.choices.removeLast() }
        if best.failure == nil {
            best.failure = await run(.replay(best.choices), origin: origin, realTimeLimit: realTimeLimit, body).failure
        }
        return best
    }
}
