import SkillCheckSupport

/// When and how long to wait before trying a failed operation again: seed 001's `RetrySkill`, on any clock.
///
/// Retry `n` (counting from 0) waits `baseDelay × factor^n`, capped at `maxDelay`, then jittered.
/// With the defaults (`factor` 2, no jitter), a base of one second waits 1 s, 2 s, 4 s: exact
/// durations, never accumulated floating-point error.
///
/// ```swift
/// let policy = RetryPolicy(maxRetries: 3, baseDelay: .seconds(1))
/// let weather = try await policy.run(clock: context.clock) { attempt in
///     try await context.networkService.fetchWeather(city: "北京")
/// }
/// ```
public struct RetryPolicy: Sendable {
    /// How retries are spread out so that many clients do not retry in lockstep.
    public enum Jitter: Sendable, Hashable {
        /// Exactly the computed delay.
        case none
        /// A uniformly random delay between zero and the computed delay ("full jitter").
        case full(seed: UInt64)
        /// The computed delay, scaled by a uniformly random factor in `1 - fraction ... 1 + fraction`.
        case proportional(fraction: Double, seed: UInt64)
    }

    /// How many times to try again after the first attempt fails.
    public var maxRetries: Int
    /// The wait before the first retry.
    public var baseDelay: Duration
    /// How much each wait grows over the one before.
    public var factor: Double
    /// The longest wait, if any.
    public var maxDelay: Duration?
    /// Randomness added to each wait, from a seed.
    public var jitter: Jitter
    /// Which errors are worth a retry.
    ///
    /// `CancellationError` never is.
    public var shouldRetry: @Sendable (any Error) -> Bool

    public init(
        maxRetries: Int,
        baseDelay: Duration,
        factor: Double = 2,
        maxDelay: Duration? = nil,
        jitter: Jitter = .none,
        shouldRetry: @escaping @Sendable (any Error) -> Bool = RetryPolicy.retriesTransientErrors
    ) {
        precondition(maxRetries >= 0, "maxRetries must not be negative")
        precondition(factor >= 1, "factor must be at least 1")
        self.maxRetries = maxRetries
        self.baseDelay = baseDelay
        self.factor = factor
        self.maxDelay = maxDelay
        self.jitter = jitter
        self.shouldRetry = shouldRetry
    }

    /// The default condition, which retries every error but invalid input and most client errors.
    ///
    /// Every error except ``SkillError/invalidInput(_:)`` (the same input will fail again) and HTTP statuses in
    /// 400...499 other than 408 and 429.
    public static let retriesTransientErrors: @Sendable (any Error) -> Bool = { error in
        // The type first, and a cast only for the two types that can say no: a pattern such as
        // `case SkillError.invalidInput` is a dynamic cast, paid on every failure of every retry loop.
        let type = ObjectIdentifier(Swift.type(of: error))
        if type == ObjectIdentifier(SkillError.self), case .invalidInput = error as? SkillError { return false }
        if type == ObjectIdentifier(NetworkError.self), case .httpStatus(let status) = error as? NetworkError {
            return !(400...499).contains(status) || status == 408 || status == 429
        }
        return true
    }

    /// The waits this policy makes, in order, for an operation that always fails.
    public var schedule: [Duration] {
        var generator = jitter.makeGenerator()
        return (0..<maxRetries).map { delay(forRetry: $0, using: &generator) }
    }

    /// The wait before retry `retry` (0 is the first retry).
    package func delay(forRetry retry: Int, using generator: inout SeededRandomNumberGenerator) -> Duration {
        var delay = exponentialDelay(forRetry: retry)
        if let maxDelay, delay > maxDelay { delay = maxDelay }
        switch jitter {
        case .none:
            return delay
        case .full:
            return delay * Double.random(in: 0...1, using: &generator)
        case .proportional(let fraction, _):
            return delay * Double.random(in: (1 - fraction)...(1 + fraction), using: &generator)
        }
    }

    /// The longest wait any policy computes, whatever its factor: about 31 years.
    package static let longestDelay = Duration.seconds(1_000_000_000)

    private func exponentialDelay(forRetry retry: Int) -> Duration {
        let growth = power(factor, retry)
        // The components once: each reading divides 128 bits, and a retry loop asks on every failure.
        let components = baseDelay.components
        let (seconds, attoseconds) = components
        let scaled = Duration.seconds(components) * growth
        guard scaled.isFinite, scaled < 1e9 else { return Self.longestDelay }
        if factor == factor.rounded(), growth <= 1e9 {
            // Component by component: `Duration * Int` goes through generic 128-bit conversions.
            let times = Int64(growth)
            let (wholeSeconds, secondsOverflow) = seconds.multipliedReportingOverflow(by: times)
            let (parts, partsOverflow) = attoseconds.multipliedReportingOverflow(by: times)
            guard secondsOverflow || partsOverflow else {
                return Duration(secondsComponent: wholeSeconds, attosecondsComponent: parts)
            }
            return baseDelay * Int(growth)
        }
        return baseDelay * growth
    }

    /// Runs `operation`, waiting on `clock` and trying again while it fails with a retryable error.
    ///
    /// `operation` receives the attempt number, 0 for the first try. It runs, as the waits do, in the
    /// caller's isolation: called from an actor, it may touch the actor's state without an `await`.
    /// - Throws: the last error, once retries are used up or an error is not retryable; and
    ///   `CancellationError` as soon as the task is cancelled, mid-wait included.
    public nonisolated(nonsending) func run<C: Clock, Value>(
        clock: C,
        _ operation: nonisolated(nonsending) (_ attempt: Int) async throws -> Value
    ) async throws -> Value where C.Duration == Duration {
        var generator = jitter.makeGenerator()
        var attempt = 0
        while true {
            do {
                return try await operation(attempt)
            } catch {
                // `CancellationError` is a struct, so comparing types is `is` without a dynamic cast.
                if ObjectIdentifier(type(of: error)) == ObjectIdentifier(CancellationError.self) || attempt >= maxRetries
                    || !shouldRetry(error)
                {
                    throw error
                }
                try await clock.sleep(until: clock.now.advanced(by: delay(forRetry: attempt, using: &generator)), tolerance: nil)
                attempt += 1
            }
        }
    }
}

extension RetryPolicy.Jitter {
    package func makeGenerator() -> SeededRandomNumberGenerator {
        switch self {
        case .none: SeededRandomNumberGenerator(seed: 0)
        case .full(let seed), .proportional(_, let seed): SeededRandomNumberGenerator(seed: seed)
        }
    }
}

/// `base` to a whole power, by repeated multiplication (exact for small integral bases).
private func power(_ base: Double, _ exponent: Int) -> Double {
    var result = 1.0
    for _ in 0..<exponent where result.isFinite { result *= base }
    return result
}
