import SkillKit
import SkillTesting

// CAN-2..4 and ERR-1 under explored schedules: a skill that runs work side by side (`async let`, a task
// group) is cancelled, or has one operation fail, at each of its operations under other orders than first
// in, first out too, so a cancellation that lands while one child has its reply and another has not, or a
// fault in whichever child reaches the network second, is found. The point is named by its operation, since
// its index changes with the schedule.

@available(SkillCheckTesting, *)
extension SkillConformance {
    /// The virtual time each working operation takes in an explored run: every await is then a place where
    /// another of the skill's tasks may run first.
    static let exploredLatency: Duration = .milliseconds(1)

    /// The schedules one point of `sample` is probed under besides first in, first out: none when the skill
    /// never had two tasks ready at once (a skill that does one thing at a time has one order), else a share of
    /// ``CheckLimits/schedules`` (at least 8, at most 16 a point).
    ///
    /// They are PCT schedules (random task priorities, one change point in the first 20 steps): a probe's
    /// cancellation reaches the skill through three jobs of the check's own, and a child that must lose the
    /// race to every one of them loses it under a random walk about one time in twenty, under PCT one in four.
    static func exploredSchedules(
        _ input: ConformanceCheck.Input, sample: String, points: Int, rule: String
    ) async -> [Schedule] {
        guard points > 0, input.limits.schedules > 0 else { return [] }
        var seeds = SeededRandomNumberGenerator(seed: input.limits.seed ^ exploredSalt(rule))
        let schedules = (0..<min(16, max(8, input.limits.schedules / points))).map { _ in
            Schedule.pct(seed: seeds.next(), depth: 2, steps: 20)
        }
        let observed = await GatedRun.run(
            input.skill, input: SkillInput(rawText: sample), schedule: schedules[0], latency: exploredLatency, limits: input.limits)
        guard case .success(let run) = observed, !run.choices.isEmpty else { return [] }
        return schedules
    }

    /// A number mixed into the run's seed per rule, so each rule explores orders of its own.
    private static func exploredSalt(_ rule: String) -> UInt64 {
        rule.utf8.reduce(0xC0FF_EE00) { ($0 &* 31) &+ UInt64($1) }
    }

    /// How a finding under an explored schedule says to replay it.
    static func replayHint(_ input: ConformanceCheck.Input, _ schedule: Schedule) -> String {
        "schedule \(schedule) replays with `skillcheck --seed \(input.limits.seed)`"
    }

    /// The order in which the run's tasks reached their operations, when more than one task did: "request 1
    /// `save notes/a`, then the other task `GET …`". `nil` for a run of one task.
    static func interleaving(_ points: [AwaitGate.Point], limit: Int = 8) -> String? {
        guard Set(points.map(\.request)).count > 1 else { return nil }
        let steps = points.prefix(limit).map { point in
            "\(point.request.map { "request \($0)" } ?? "the skill") at `\(point.description)`"
        }
        return steps.joined(separator: ", then ") + (points.count > limit ? ", …" : "")
    }
}
