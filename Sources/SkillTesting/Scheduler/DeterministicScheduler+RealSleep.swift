internal import SkillCheckInterposer
@_spi(ExperimentalScheduling) import _Concurrency

#if canImport(Glibc)
import Glibc
#endif

// A real `Task.sleep` on a task that prefers this scheduler asks the scheduler to run its wake-up job
// later. Conforming to the runtime's (experimental) SchedulingExecutor lets the scheduler see the sleep as
// it starts and name the task. On a scheduler a VirtualClock drives, the wake-up waits on that clock for as
// long as the sleep asked, so the code goes on as it would after a real sleep (a retry's back-off, a
// timeout racing it), on virtual time, and the sleep is still reported; on a bare scheduler the sleep is
// cut short and is an escape. Where the protocol is not available, such a sleep is reported when its job
// comes back (``DeterministicScheduler/Escape/Kind/cameBack``).
@available(macOS 26.4, iOS 26.4, tvOS 26.4, watchOS 26.4, visionOS 26.4, *)
@_spi(ExperimentalScheduling)
extension DeterministicScheduler: SchedulingExecutor {
    public func enqueue<C: Clock>(
        _ job: consuming ExecutorJob,
        after delay: C.Duration,
        tolerance: C.Duration?,
        clock: C
    ) {
        sleep(job, clock: "\(C.self)", for: delay as? Duration)
    }

    public func enqueue<C: Clock>(
        _ job: consuming ExecutorJob,
        at instant: C.Instant,
        tolerance: C.Duration?,
        clock: C
    ) {
        sleep(job, clock: "\(C.self)", for: Self.delay(until: instant, on: clock))
    }

    /// How long the code asked to sleep until `instant`: `Task.sleep(for:)` asks for `.now + duration`, so the time
    /// from the `now` the calling thread last read (the interposer keeps it) is that duration exactly, where the
    /// time from now would be a few real microseconds short, and different every run.
    static func delay<C: Clock>(until instant: C.Instant, on clock: C) -> Duration? {
        #if os(Linux)
        let clockID: Int32? =
            C.self == ContinuousClock.self ? Int32(CLOCK_BOOTTIME) : C.self == SuspendingClock.self ? Int32(CLOCK_MONOTONIC) : nil
        #else
        let clockID: Int32? = nil // nothing is interposed
        #endif
        var seconds: Int64 = 0, nanoseconds: Int64 = 0
        let lastRead = clockID.map { skillcheck_last_clock_read($0, &seconds, &nanoseconds) != 0 } ?? false
        guard let fromNow = clock.now.duration(to: instant) as? Duration else { return nil }
        // Both clocks' instants are a `Duration` since boot, as the C library gives it. Where the last read is not
        // kept (no interposer: macOS, a sanitizer build), the time from now, to the millisecond, is the same every run
        // unless the code asked for a fraction of one.
        guard lastRead, MemoryLayout<C.Instant>.size == MemoryLayout<Duration>.size else { return nearestMillisecond(fromNow) }
        let deadline = unsafeBitCast(instant, to: Duration.self)
        let asked = deadline - (.seconds(seconds) + .nanoseconds(nanoseconds))
        // A deadline computed before a later read of the clock: the time from now is what is left of it.
        guard asked >= fromNow, asked - fromNow < .seconds(1) else { return fromNow }
        return asked
    }

    /// Hands a real sleep's wake-up to the virtual clock that drives this scheduler, for `duration`; without one
    /// (or a duration in another unit than `Duration`), records the escape and wakes it at once.
    private func sleep(_ job: consuming ExecutorJob, clock: String, for duration: Duration?) {
        let job = UnownedJob(job)
        if let duration, let timer = virtualTimer {
            sawRealSleep(clock: clock, duration: duration, onVirtualTime: true)
            timer.wake(.job(job), after: max(duration, .zero), label: SleepLabel.current)
        } else {
            sawRealSleep(clock: clock, duration: duration, onVirtualTime: false)
            enqueue(job)
        }
    }
}

@available(SkillCheckTesting, *)
extension DeterministicScheduler {
    /// `duration` to the nearest whole millisecond, never below zero: a deadline `.now + duration` read back a few
    /// real microseconds later gives `duration` again.
    package static func nearestMillisecond(_ duration: Duration) -> Duration {
        .milliseconds(max(0, Int64((duration / .milliseconds(1)).rounded())))
    }
}

/// Puts `DispatchQueue.asyncAfter` on virtual time: the interposer asks, for each `dispatch_after`, whether the calling
/// thread drains a scheduler a ``VirtualClock`` drives; if so, the work waits on that clock for the delay the code
/// computed and then runs on its queue from the driver thread (so what it resumes comes back in order), and the timer
/// is reported as a real sleep would be. The main queue's work is taken only by a scheduler that follows the main
/// actor (the conformance checks'), which sends it there when due and waits for it to run.
@available(SkillCheckTesting, *)
enum DispatchTimerHook {
    static let installed: Bool =
        skillcheck_dispatch_after_install { delay, queue, isMain, context, work, discard in
            guard let queue, let work, let scheduler = DrainingThread.scheduler, let clock = scheduler.virtualTimer else { return 0 }
            // The main queue's work must run on the main thread: only a scheduler that follows the main actor waits for it.
            guard isMain == 0 || scheduler.followsMainActor else { return 0 }
            let duration = Duration.nanoseconds(delay)
            scheduler.sawRealSleep(clock: "DispatchQueue.asyncAfter", duration: duration, onVirtualTime: true, unwinding: true)
            clock.wake(
                .dispatch(queue: queue, isMain: isMain != 0, context: context, run: work, discard: discard), after: duration,
                label: SleepLabel.current)
            return 1
        } != 0
}
