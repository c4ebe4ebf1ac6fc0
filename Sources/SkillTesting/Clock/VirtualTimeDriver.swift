import Foundation
import SkillCheckSupport
import SkillEngine
import SkillKit

/// Drives a virtual-time scope from a thread of its own, as kotlinx-coroutines-test's `runTest` does:
/// it drains the scheduler (the scope's body runs there), and whenever every task on it is suspended and
/// the body has not finished, it moves time to the next sleeper's deadline and wakes it.
///
/// It stops, without ever hanging, when the body finishes, when work leaves the scheduler (time must not
/// move on while it is away), when time would pass the horizon or the wake limit, or when nothing is
/// runnable, nothing sleeps and nothing comes back from outside within `stallTimeout` of real time, or
/// when the scope is still running after `realTimeLimit` (a loop that never ends in virtual time).
@available(SkillCheckTesting, *)
struct VirtualTimeDriver: Sendable {
    enum Verdict: Sendable {
        case finished
        case failed(VirtualClockError)
    }

    let clock: VirtualClock
    let stallTimeout: Duration
    let horizon: Duration
    let maxWakes: Int
    let realTimeLimit: Duration
    /// How long past `realTimeLimit` the caller waits for a driver stuck inside one job before giving up
    /// on its thread.
    static let stuckGrace: Duration = .seconds(1)

    /// Drives until `isFinished` holds or the scope must fail, on a driver thread (``DriverThreads``: kept
    /// and reused between scopes), while the calling thread waits: the scope's caller has nothing else to
    /// do, and a semaphore is an order that ThreadSanitizer sees (a continuation resumed from the driver
    /// thread shows up as a race inside the concurrency runtime).
    func drive(until isFinished: @escaping @Sendable () -> Bool) -> Verdict {
        let verdict = Locked<Verdict?>(nil)
        let done = DispatchSemaphore(value: 0)
        let deadline = ContinuousClock.now.advanced(by: realTimeLimit)
        clock.scheduler.stopDraining(after: deadline)
        DriverThreads.shared.run {
            let outcome = loop(until: isFinished)
            verdict.withLock { $0 = outcome }
            done.signal()
        }
        let ended = waitBriefly(
            for: done, isDone: { verdict.withLock { $0 != nil } }, timeout: realTimeLimit + Self.stuckGrace)
        guard ended, let outcome = verdict.withLock({ $0 }) else {
            // The driver thread is inside one job that never returns: a loop with no suspension point.
            // Nothing can stop a thread from outside; it is left running, and the scope fails.
            return .failed(.overran(limit: realTimeLimit, unfinished: unfinished, suspends: false))
        }
        return outcome
    }

    private var unfinished: [String] { ["the withVirtualTime body"] + clock.scheduler.unfinishedWork }

    private func loop(until isFinished: () -> Bool) -> Verdict {
        let scheduler = clock.scheduler
        let limit = clock.now.advanced(by: horizon)
        let deadline = ContinuousClock.now.advanced(by: realTimeLimit)
        var wakes = 0
        while true {
            scheduler.runUntilIdle()
            if scheduler.overran || (ContinuousClock.now > deadline && !isFinished()) {
                return .failed(.overran(limit: realTimeLimit, unfinished: unfinished, suspends: true))
            }
            let misuse = scheduler.misuse
            if !misuse.isEmpty { return .failed(.misused(misuse)) }
            if isFinished() { return .finished }
            do {
                try clock.checkEscapes()
            } catch {
                return .failed(error)
            }
            if let next = clock.nextSleeper() {
                if next.deadline > limit { return .failed(.horizonExceeded(horizon: horizon, next: next)) }
                if wakes == maxWakes { return .failed(.tooManyWakes(limit: maxWakes, next: next)) }
                clock.wakeNext(dueBy: next.deadline)
                wakes += 1
                continue
            }
            if !scheduler.park(timeout: stallTimeout) {
                return .failed(.stalled(unfinished: unfinished))
            }
        }
    }
}
