import SkillKit

/// How a ``DeterministicScheduler`` picks the next job when more than one is ready to run.
///
/// The default, ``firstInFirstOut``, runs jobs in the order they were enqueued: every run is the same run.
/// The others try other orders, each from a seed, so that a bug that needs another interleaving (an actor
/// that checks a cache, awaits, then writes; task-group children that finish in another order) shows up, and
/// the seed alone shows it again:
///
/// ```swift
/// let scheduler = DeterministicScheduler(schedule: .randomWalk(seed: 7))
/// // … run the code under test on it …
/// let replay = Schedule.replay(scheduler.choices)   // the same interleaving, choice by choice
/// ```
///
/// A run records each choice it made among two or more ready jobs (``DeterministicScheduler/choices``): the
/// position of the job it ran in the ready queue, `0` being the oldest. ``replay(_:)`` makes the same choices
/// again; where the recorded choices run out, or name a position no job holds, it runs the oldest job.
@available(SkillCheckTesting, *)
public struct Schedule: Sendable, Hashable, CustomStringConvertible {
    enum Strategy: Sendable, Hashable {
        case firstInFirstOut
        case randomWalk(seed: UInt64)
        case pct(seed: UInt64, depth: Int, steps: Int)
        case replay([Int])
    }

    let strategy: Strategy

    /// Jobs run in the order they were enqueued: the scheduler's behaviour when no schedule is given.
    public static let firstInFirstOut = Schedule(strategy: .firstInFirstOut)

    /// Each time two or more jobs are ready, one of them, chosen at random from `seed`.
    public static func randomWalk(seed: UInt64) -> Schedule { Schedule(strategy: .randomWalk(seed: seed)) }

    /// Probabilistic concurrency testing (Burckhardt et al., ASPLOS 2010), over tasks.
    ///
    /// Each task gets a random priority, the highest-priority ready task runs, and at `depth - 1` random steps
    /// among the first `steps` the running task drops below every other.
    ///
    /// A bug that needs `depth` ordering constraints among `n` tasks is found by one run with a probability of
    /// at least 1 / (n × steps^(depth − 1)).
    public static func pct(seed: UInt64, depth: Int = 2, steps: Int = 200) -> Schedule {
        Schedule(strategy: .pct(seed: seed, depth: max(1, depth), steps: max(1, steps)))
    }

    /// The choices a run recorded (``DeterministicScheduler/choices``), made again.
    public static func replay(_ choices: [Int]) -> Schedule { Schedule(strategy: .replay(choices)) }

    /// The schedule ``description`` wrote, such as `"replay:0.2.1"` or `"random:42"`.
    ///
    /// `nil` for text that is not one.
    public init?(_ text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        switch (parts.first, parts.count) {
        case ("fifo"?, 1): strategy = .firstInFirstOut
        case ("random"?, 2):
            guard let seed = UInt64(parts[1]) else { return nil }
            strategy = .randomWalk(seed: seed)
        case ("pct"?, 4):
            guard let seed = UInt64(parts[1]), let depth = Int(parts[2]), let steps = Int(parts[3]) else { return nil }
            strategy = .pct(seed: seed, depth: depth, steps: steps)
        case ("replay"?, 2):
            let choices = parts[1].isEmpty ? [] : parts[1].split(separator: ".").map { Int($0) }
            guard choices.allSatisfy({ $0 != nil && $0! >= 0 }) else { return nil }
            strategy = .replay(choices.map { $0! })
        default:
            return nil
        }
    }

    init(strategy: Strategy) {
        self.strategy = strategy
    }

    /// `fifo`, `random:SEED`, `pct:SEED:DEPTH:STEPS` or `replay:0.2.1`: what ``init(_:)`` reads back.
    public var description: String {
        switch strategy {
        case .firstInFirstOut: "fifo"
        case .randomWalk(let seed): "random:\(seed)"
        case .pct(let seed, let depth, let steps): "pct:\(seed):\(depth):\(steps)"
        case .replay(let choices): "replay:" + choices.map(String.init).joined(separator: ".")
        }
    }

    /// The seed a random-walk or PCT schedule picks from; `nil` for first in, first out and a replay.
    package var seed: UInt64? {
        switch strategy {
        case .randomWalk(let seed), .pct(let seed, _, _): seed
        case .firstInFirstOut, .replay: nil
        }
    }

    /// Whether this is ``firstInFirstOut``: the scheduler then never records a choice.
    var isFirstInFirstOut: Bool { strategy == .firstInFirstOut }
}

/// The state of one run's choosing: the generator, and PCT's priorities and change points.
@available(SkillCheckTesting, *)
struct SchedulePicker: Sendable {
    let schedule: Schedule
    var generator: SeededRandomNumberGenerator
    /// PCT: each task's priority, by the address of its job.
    var priorities: [UInt: Int] = [:]
    /// PCT: the steps at which the running task drops to the lowest priority yet.
    var changePoints: [Int] = []
    /// How many picks among two or more jobs were made.
    var step = 0
    /// The priority the next change point gives: below every one given before.
    var nextLow = 0

    init(_ schedule: Schedule) {
        self.schedule = schedule
        switch schedule.strategy {
        case .randomWalk(let seed): generator = SeededRandomNumberGenerator(seed: seed)
        case .pct(let seed, let depth, let steps):
            generator = SeededRandomNumberGenerator(seed: seed)
            changePoints = (1..<depth).map { _ in Int.random(in: 1...steps, using: &generator) }.sorted()
            nextLow = -1
        default: generator = SeededRandomNumberGenerator(seed: 0)
        }
    }

    /// The position, among `ready` (job addresses, oldest first, at least two), of the job to run next.
    mutating func choose(among ready: [UInt]) -> Int {
        defer { step += 1 }
        switch schedule.strategy {
        case .firstInFirstOut:
            return 0
        case .randomWalk:
            return Int.random(in: 0..<ready.count, using: &generator)
        case .replay(let choices):
            guard step < choices.count, choices[step] < ready.count else { return 0 }
            return choices[step]
        case .pct:
            for address in ready where priorities[address] == nil {
                // Fresh tasks rank above every lowered one: random in a range far above the change points'.
                priorities[address] = 1_000 + Int.random(in: 0..<1_000_000, using: &generator)
            }
            var best = 0
            for index in ready.indices.dropFirst() where priorities[ready[index]]! > priorities[ready[best]]! { best = index }
            if let first = changePoints.first, step + 1 >= first {
                changePoints.removeFirst()
                priorities[ready[best]] = nextLow
                nextLow -= 1
            }
            return best
        }
    }
}
