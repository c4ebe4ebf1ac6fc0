internal import SkillCheckInterposer

/// Whether the schedulers made in a task follow its hops to the main actor, instead of reporting them as work
/// that left the scheduler: the conformance checks' do.
///
/// A followed hop runs on the main thread, as the runtime runs it, while the scheduler waits: no other job of
/// the scheduler runs and virtual time does not move until it has run. So the hop is one step of the
/// scheduler's one thread of work, at the same point of every run, and `@MainActor` state (how many apps keep
/// theirs) is judged like any other.
///
/// Where work sent to the main queue cannot be seen (another platform, a sanitizer build), hops stay escapes.
@available(SkillCheckTesting, *)
package enum MainActorFollowing {
    /// Read when a ``DeterministicScheduler`` is made.
    @TaskLocal package static var enabled = false

    /// Installs the callbacks the first time it is read; `false` when work sent to the main queue cannot be
    /// seen in this process.
    static let available: Bool =
        skillcheck_main_queue_install(
            {
                // On the sending thread: follow the work when this thread's scheduler does.
                guard let scheduler = FollowingThread.scheduler, scheduler.followsMainActor else { return nil }
                scheduler.sentToMainActor()
                return Unmanaged.passRetained(scheduler).toOpaque()
            },
            { token, phase in
                guard let token else { return }
                let scheduler = Unmanaged<DeterministicScheduler>.fromOpaque(token)
                switch phase {
                case 0:
                    // On the main thread, before the work: what it enqueues on the scheduler is coming back, and a
                    // `Task {}` it starts is the skill's, run on the scheduler.
                    let following = scheduler.takeUnretainedValue()
                    FollowingThread.scheduler = following
                    DrainingThread.scheduler = following
                    if following.reportsUnstructuredTasks { _ = AdoptionScope(adoptingFor: following) }
                default:
                    if phase == 1 {
                        let following = scheduler.takeUnretainedValue()
                        if following.reportsUnstructuredTasks {
                            following.adoptStartedTasks()
                            AdoptionScope.stop()
                        }
                        FollowingThread.scheduler = nil
                        DrainingThread.scheduler = nil
                    }
                    scheduler.takeUnretainedValue().returnedFromMainActor()
                    scheduler.release()
                }
            }) == 1
}

/// The scheduler whose work the calling thread is doing: draining it, resuming its sleepers, or running its
/// work on the main actor. A thread-local, so that work sent to the main queue can be told from every other
/// test's.
@available(SkillCheckTesting, *)
enum FollowingThread {
    private static let slot = SchedulerSlot()

    static var scheduler: DeterministicScheduler? {
        get { slot.scheduler }
        set { slot.scheduler = newValue }
    }

    /// Runs `body` with `scheduler` as the calling thread's, then puts back the one before.
    static func with<Result>(_ scheduler: DeterministicScheduler, _ body: () -> Result) -> Result {
        let outer = self.scheduler
        self.scheduler = scheduler
        defer { self.scheduler = outer }
        return body()
    }
}
