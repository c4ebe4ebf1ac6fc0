import SkillEngine
import Foundation

/// Drives a virtual-time scope from a thread of its own, as kotlinx-coroutines-test's `runTest` does:
/// it drains the scheduler (the scope's body runs there), and whenever every task on it is suspended and
/// the body has not finished, it moves time to the next sleeper's deadline and wakes it.
///
/// It stops, without ever hanging, when the body finishes, when work leaves the scheduler (time must not
/// move on while it is away), when time would pass the horizon or the wake limit, or when nothing is
/// runnable, nothing sleeps and nothing comes back from outside within `stallTimeout` of real time.
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

    /// Drives until `isFinished` holds or the scope must fail, on a thread of its own, while the calling
    /// thread waits: the scope's caller has nothing else to do, and a semaphore is an order that
    /// ThreadSanitizer sees (a continuation resumed from the driver thread shows up as a race inside the
    /// concurrency runtime).
    func drive(until isFinished: @escaping @Sendable () -> Bool) -> Verdict {
        let verdict = Locked(Verdict.finished)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            let outcome = loop(until: isFinished)
            verdict.withLock { $0 = outcome }
            done.signal()
        }
        thread.name = "SkillTesting virtual-time driver"
        thread.start()
        done.wait()
        return verdict.withLock { $0 }
    }

    private func loop(until isFinished: () -> Bool) -> Verdict {
        let scheduler = clock.scheduler
        let limit = clock.now.advanced(by: horizon)
        var wakes = 0
        while true {
            scheduler.runUntilIdle()
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
                return .failed(.stalled(unfinished: ["the withVirtualTime body"] + scheduler.unfinishedTasks))
            }
        }
    }
}
