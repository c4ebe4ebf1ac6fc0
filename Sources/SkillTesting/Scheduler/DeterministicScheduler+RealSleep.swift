@_spi(ExperimentalScheduling) import _Concurrency

// A real `Task.sleep` on a task that prefers this scheduler asks the scheduler to run its wake-up job
// later. Conforming to the runtime's (experimental) SchedulingExecutor lets the scheduler see the sleep as
// it starts, name the task, and cut the sleep short, so that a skill that sleeps on a real clock fails its
// test at once instead of stalling it or letting a virtual timeout fire first. Where the protocol is not
// available, such a sleep is still reported when its job comes back (``DeterministicScheduler/Escape/Kind/cameBack``).
@available(macOS 26.4, iOS 26.4, tvOS 26.4, watchOS 26.4, visionOS 26.4, *)
@_spi(ExperimentalScheduling)
extension DeterministicScheduler: SchedulingExecutor {
    public func enqueue<C: Clock>(
        _ job: consuming ExecutorJob,
        after delay: C.Duration,
        tolerance: C.Duration?,
        clock: C
    ) {
        sawRealSleep(clock: "\(C.self)", duration: delay as? Duration)
        enqueue(job)
    }

    public func enqueue<C: Clock>(
        _ job: consuming ExecutorJob,
        at instant: C.Instant,
        tolerance: C.Duration?,
        clock: C
    ) {
        sawRealSleep(clock: "\(C.self)", duration: clock.now.duration(to: instant) as? Duration)
        enqueue(job)
    }
}
