import Dispatch
internal import SkillCheckInterposer
import SkillCheckSupport
import SkillEngine
import SkillKit

/// An executor that runs jobs only when the test asks it to, one at a time, on the asking thread.
///
/// Code that runs on it (tasks from `spawn(_:operation:)`, or any task created with
/// `Task(executorPreference:)`, and their child tasks, `async let`s, and the code after each
/// `await`) makes progress only inside ``runUntilIdle()``. So when ``runUntilIdle()`` returns, every
/// such task has reached a suspension point: a virtual sleep, a continuation, or its end. That is
/// what lets ``VirtualClock`` advance without racing the code under test, and without guessing.
///
/// ```swift
/// let scheduler = DeterministicScheduler()
/// let task = scheduler.spawn("fetch") { try await network.send(NetworkRequest(url: url)) }
/// scheduler.runUntilIdle()   // the task ran until it suspended
/// ```
///
/// ## Unstructured tasks
/// A scheduler made with `reportsUnstructuredTasks` (as ``withVirtualTime(origin:failOnWarnings:stallTimeout:horizon:maxWakes:realTimeLimit:_:)``
/// makes its own) runs the `Task {}` and `Task.detached` that code on it starts, as if they were started with
/// `Task(executorPreference:)`: a client that produces an `AsyncThrowingStream` from a `Task {}`, or a skill
/// that fires one off, runs on virtual time and in the schedule's order. Such a task is listed with the
/// unfinished work until it ends. This needs the kit's interposer (Linux with glibc, no sanitizer); elsewhere
/// the task is an escape, as below. A task isolated to the main actor or to an actor with an executor of its
/// own runs its isolated code there, and its nonisolated code on the scheduler.
///
/// ## What escapes
/// These run elsewhere, so the scheduler cannot order them: an unstructured task where the scheduler does
/// not adopt it (use a task group, `async let` or `Task(executorPreference:)` instead), a hop to
/// `@MainActor` or another actor with its own executor, a sleep on a real clock, and Dispatch queues.
/// The scheduler records each one it sees as an ``Escape`` (`withVirtualTime` reports them in ``VirtualTimeLeftovers``), naming the task:
/// - a real sleep (`Task.sleep(for:)`, a `ContinuousClock`'s), as it starts: on a scheduler a ``VirtualClock`` drives
///   it lasts as long on that clock, and so does `DispatchQueue.asyncAfter`'s work where the kit interposes it, so
///   the code goes on as it would; on a bare scheduler the sleep is cut short; either way nothing waits for real time;
/// - an unstructured task it does not adopt, as it starts, when the scheduler was made with `reportsUnstructuredTasks`;
/// - anything else when its job comes back from a thread outside any task.
///
/// A scope such as ``withVirtualTime(origin:failOnWarnings:stallTimeout:horizon:maxWakes:realTimeLimit:_:)`` fails on
/// any escape, and ``VirtualClock/run(horizon:maxWakes:)`` throws ``VirtualClockError/escaped(_:)``.
@available(SkillCheckTesting, *)
public final class DeterministicScheduler: SerialExecutor, TaskExecutor, Sendable {
    struct Tracked {
        let label: String
        /// The task itself, to cancel it: a closure around it would be one more allocation per spawn.
        var task: (any CancellableTask)?
        /// The task's address, to name it when one of its jobs comes back from elsewhere.
        var address: UnsafeRawPointer?
        /// `false` for the body of a virtual-time scope: it is the test, not work the test left behind.
        var isWork = true
        /// For an unstructured task the scheduler adopted: the address of the task that waits for it to end, whose
        /// job is queued once it has.
        var watcher: UnsafeRawPointer?
    }

    struct State {
        var jobs = JobQueue<UnownedJob>()
        var driver: ThreadIdentity?
        var jobsRun = 0
        var escapes: [Escape] = []
        var tasks = SlotTable<Tracked>()
        var nextTask = 0
        var misuse: [String] = []
        /// How many unstructured tasks code on this scheduler started that run on it (``adoptsUnstructuredTasks``).
        var adopted = 0
        /// Threads inside ``spawn(_:operation:)`` or the clock's own wake-ups: what they enqueue is not
        /// an escape.
        var trusted: [ThreadIdentity] = []
        /// Set while a driver waits for a job from outside; the next enqueue signals it.
        var parked = false
        /// What a parked driver waits on, made by the first ``park(timeout:)``: most schedulers never park.
        var parking: DispatchSemaphore?
        /// Real sleeps cut short whose wake-up has yet to pass through the global executor: the runtime
        /// resumes the sleeping task that way, which is not an unstructured task.
        var sleepWakes = 0
        /// Real sleeps that ran on the virtual clock (``realSleepsSeen``).
        var realSleeps: [Escape] = []
        /// The jobs in ``jobs`` to run on the generic executor (``enqueueOnGenericExecutor(_:)``), by address.
        var genericJobs: Set<UInt> = []
        /// Past this real instant no drain runs another job (``stopDraining(after:)``).
        var drainDeadline: ContinuousClock.Instant?
        /// Set once a drain stopped at ``drainDeadline`` with jobs still to run.
        var overran = false
        /// How the next job is picked when two or more are ready; `nil` for first in, first out.
        var picker: SchedulePicker?
        /// Each pick among two or more ready jobs: the position of the job run (``choices``).
        var choices: [Int] = []
        /// Jobs sent to the main actor (``sentToMainActor()``) that have not finished running there: no job of
        /// this scheduler runs until they have.
        var onMainActor = 0
        /// Signalled each time one of those jobs finishes; made by the first.
        var mainActorReturns: DispatchSemaphore?
        /// Set once the main thread left such a job waiting past ``mainActorLimit``: from then on the scheduler
        /// stops following the main actor, and the hop is an escape.
        var mainActorStuck = false

        /// The next job to run, as the schedule picks it.
        mutating func nextJob() -> UnownedJob? {
            guard var picking = picker, jobs.count > 1 else { return jobs.popFirst() }
            let ready = (0..<jobs.count).map { UInt(bitPattern: unsafeBitCast(jobs[$0], to: UnsafeRawPointer.self)) }
            let choice = picking.choose(among: ready)
            picker = picking
            choices.append(choice)
            return jobs.remove(at: choice)
        }
    }

    let state = Locked(State())
    /// Whether an unstructured task started from code on this scheduler runs on it (where task creation is
    /// interposed) or, where it cannot, counts as an escape.
    package let reportsUnstructuredTasks: Bool

    /// How this scheduler picks among ready jobs.
    public let schedule: Schedule

    /// Whether a hop to the main actor from this scheduler's work is followed (run on the main thread while the
    /// scheduler waits) rather than reported as an escape: set where the scheduler is made inside
    /// ``MainActorFollowing/enabled``, as the conformance checks make theirs.
    package var followsMainActor: Bool { followingMainActor && !state.withLock { $0.mainActorStuck } }
    private let followingMainActor: Bool

    /// How long a job sent to the main actor may take to run there before the scheduler stops waiting for it
    /// (real time): the main thread is blocked, or does not run its queue.
    static let mainActorLimit: Duration = .seconds(10)

    /// A scheduler that runs jobs only when drained, first in, first out.
    ///
    /// - Parameter reportsUnstructuredTasks: run the `Task {}` and `Task.detached` that code on this scheduler
    ///   starts (where the kit interposes task creation), else record an ``Escape`` as each starts.
    ///
    /// Leave it off when the test itself, off the scheduler, consumes what the code under test produces (an
    /// `AsyncStream` it iterates in a `Task`, say).
    public convenience init(reportsUnstructuredTasks: Bool = false) {
        self.init(reportsUnstructuredTasks: reportsUnstructuredTasks, schedule: .firstInFirstOut)
    }

    /// A scheduler that runs jobs only when drained, picking among ready ones by `schedule`.
    ///
    /// - Parameters:
    ///   - reportsUnstructuredTasks: run on this scheduler the `Task {}` and `Task.detached` that code on it
    ///     starts (where the kit interposes task creation), else record an ``Escape`` as each starts.
    ///   - schedule: how to pick the next job when more than one is ready.
    public init(reportsUnstructuredTasks: Bool = false, schedule: Schedule) {
        self.reportsUnstructuredTasks = reportsUnstructuredTasks
        self.schedule = schedule
        followingMainActor = MainActorFollowing.enabled && MainActorFollowing.available
        if !schedule.isFirstInFirstOut { state.withLock { $0.picker = SchedulePicker(schedule) } }
        if reportsUnstructuredTasks { _ = UnstructuredTaskHook.installed }
    }

    /// Each choice this scheduler made among two or more ready jobs, in order.
    ///
    /// A choice is the position of the job it ran in the ready queue (`0`, the oldest, is what first in, first
    /// out runs).
    ///
    /// Empty under ``Schedule/firstInFirstOut``, which chooses nothing. ``Schedule/replay(_:)`` makes the same
    /// choices again.
    public var choices: [Int] { state.withLock { $0.choices } }

    // MARK: Executor

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let me = ThreadIdentity.current
        // A job that arrives from a thread running no task is work coming back from elsewhere: a task
        // that enqueues another task's first job (Task(executorPreference:) from a test) runs in a task.
        // Most jobs come from the driver's own thread: ask the runtime for the current task only when not.
        var outsideAnyTask: Bool { withUnsafeCurrentTask { $0 == nil } }
        // Work this scheduler sent to the main actor is coming back, not escaping.
        var fromOwnMainActorJob: Bool { FollowingThread.scheduler === self }
        let parked = state.withLock { state -> DispatchSemaphore? in
            if state.driver != me, !state.trusted.contains(me), !fromOwnMainActorJob, outsideAnyTask {
                let address = unsafeBitCast(job, to: UnsafeRawPointer.self)
                // A root task is known by its address; a child's job names the roots it may belong to.
                let label =
                    state.tasks.values.first { $0.address == address }?.label
                    ?? state.tasks.values.map(\.label).joined(separator: "\" or \"")
                state.record(Escape(kind: .cameBack, task: label, afterJobs: state.jobsRun))
            }
            state.jobs.append(job)
            defer { state.parked = false }
            return state.parked ? state.parking : nil
        }
        parked?.signal()
    }

    /// Called by the global-enqueue hook on a thread that is draining this scheduler.
    func sawGlobalEnqueue() {
        guard reportsUnstructuredTasks else { return }
        let label = SleepLabel.current
        state.withLock { state in
            if state.sleepWakes > 0 {
                state.sleepWakes -= 1
                return
            }
            state.record(Escape(kind: .unstructuredTask, task: label, afterJobs: state.jobsRun))
        }
    }

    /// Counts work this scheduler's code sent to the main actor: until it has run there, no other job of this
    /// scheduler runs (``drain(nested:)`` waits), so the hop happens at the same point of every run and the main
    /// actor's state is touched by one thread at a time, as the runtime would.
    func sentToMainActor() {
        state.withLock { state in
            state.onMainActor += 1
            if state.mainActorReturns == nil { state.mainActorReturns = DispatchSemaphore(value: 0) }
        }
    }

    /// Called on the main thread once work ``sentToMainActor()`` counted has run.
    func returnedFromMainActor() {
        let returns = state.withLock { state -> DispatchSemaphore? in
            if state.onMainActor > 0 { state.onMainActor -= 1 }
            return state.mainActorReturns
        }
        returns?.signal()
    }

    /// Waits for the jobs sent to the main actor to finish running there, up to ``mainActorLimit``; past it,
    /// records an escape and stops following the main actor.
    private func waitForMainActor(_ returns: DispatchSemaphore) {
        if returns.wait(timeout: .now() + .nanoseconds(Self.mainActorLimit.inNanoseconds)) == .success { return }
        state.withLock { state in
            guard state.onMainActor > 0 else { return }
            state.onMainActor = 0
            state.mainActorStuck = true
            let labels = state.tasks.values.map(\.label).joined(separator: "\" or \"")
            state.record(Escape(kind: .cameBack, task: labels, afterJobs: state.jobsRun))
        }
    }

    /// Runs `body`, in which the calling thread may enqueue jobs without their counting as escapes: for
    /// the clock resuming its sleepers from a driver thread that runs no task.
    func trusting<Result>(_ body: () -> Result) -> Result {
        let me = ThreadIdentity.current
        state.withLock { $0.trusted.append(me) }
        defer {
            state.withLock { state in
                if let index = state.trusted.firstIndex(of: me) { state.trusted.remove(at: index) }
            }
        }
        return body()
    }

    /// Records a sleep on a real clock, seen as it starts: an escape when it is cut short; else a read of the
    /// run's observation where the conformance checks observe it, or one of ``realSleepsSeen``.
    func sawRealSleep(clock: String, duration: Duration?, onVirtualTime: Bool, unwinding: Bool = false) {
        if onVirtualTime { RealSleepWitness.current?.report("sleep \(duration.map { "\($0)" } ?? "") on \(clock)") }
        // A run the conformance checks observe reports it as a read, naming the skill's function that slept.
        if onVirtualTime, let observation = RealWorldObservation.current {
            observation.noteRealSleep(
                "\(duration.map { "\($0) " } ?? "")on \(clock), which the kit ran on the virtual clock", unwinding: unwinding)
            return
        }
        let label = SleepLabel.current
        // The sleeping task's own function; a dispatch timer's caller is not suspending, and is not named.
        let caller = unwinding ? nil : CallStack.suspendingTaskCaller()
        state.withLock { state in
            var escape = Escape(kind: .realSleep(clock: clock, duration: duration), task: label, afterJobs: state.jobsRun)
            escape.caller = caller
            guard onVirtualTime else {
                state.record(escape)
                state.sleepWakes += 1
                return
            }
            escape.ranOnVirtualTime = true
            // A loop that sleeps as long each time is one finding, as an escape is.
            if !state.realSleeps.contains(where: { $0.kind == escape.kind && $0.task == escape.task }) {
                state.realSleeps.append(escape)
            }
        }
    }

    /// The clock whose time a real sleep on this scheduler waits for (``VirtualClock/init(origin:scheduler:)``
    /// sets it): held weakly, since the clock holds the scheduler.
    var virtualTimer: VirtualClock? {
        get { timer.withLock { $0.clock } }
        set { timer.withLock { $0.clock = newValue } }
    }
    private let timer = Locked(WeakClock())
    struct WeakClock { weak var clock: VirtualClock? }

    /// The real sleeps that ran on the virtual clock, in the order they started: scopes report them with the
    /// escapes once the body ends, since the code went on as it would have.
    package var realSleepsSeen: [Escape] { state.withLock { $0.realSleeps + [] } }

    /// Queues a job that runs on the generic executor, not on this one: a real sleep's wake-up, a task with no
    /// executor preference of its own, which would otherwise hop to the global executor and resume the
    /// sleeper from another thread.
    func enqueueOnGenericExecutor(_ job: UnownedJob) {
        state.withLock { state in
            state.genericJobs.insert(UInt(bitPattern: unsafeBitCast(job, to: UnsafeRawPointer.self)))
            state.jobs.append(job)
        }
    }

    /// The runtime's generic executor (no serial executor, no task executor), where a task with no executor
    /// preference runs without hopping: the two null words the runtime spells it with.
    static let genericExecutor = unsafeBitCast((UInt(0), UInt(0)), to: UnownedSerialExecutor.self)

    public func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    /// `true` on the thread that is draining: an actor that uses this scheduler as its executor is
    /// isolated exactly there.
    public func isIsolatingCurrentContext() -> Bool? {
        state.withLock { $0.driver == .current }
    }

    public func checkIsolated() {
        precondition(state.withLock { $0.driver == .current }, "not running on this DeterministicScheduler")
    }

    // MARK: Driving

    /// Runs jobs, in the order they were enqueued, until none is runnable; returns how many ran.
    ///
    /// Called from inside a job (a test body that runs on the scheduler and calls
    /// ``VirtualClock/advance(by:)``), it runs the other jobs right there, on the same thread, as
    /// kotlinx-coroutines-test does: the caller's own task stays where it is until that job returns.
    /// Called on a second thread while one drains, it records a `misuse` and returns 0.
    @discardableResult
    public func runUntilIdle() -> Int {
        switch takeSeat(resuming: false) {
        case .taken(let nested): drain(nested: nested)
        case .idle, .misuse: 0
        }
    }

    /// Takes the driver's seat, runs `body` in it (what `body` enqueues, such as a sleeper the clock
    /// resumes, is not an escape), then drains: one lock where ``trusting(_:)`` and a drain took four.
    ///
    /// `body` is not optional, so that it stays non-escaping: an optional closure would be allocated on
    /// every wake.
    @discardableResult
    func runUntilIdle(after body: () -> Void) -> Int {
        switch takeSeat(resuming: true) {
        case .taken(let nested):
            // A sleeper resumed here may go back to the main actor: that is this scheduler's work too.
            if followingMainActor { FollowingThread.with(self, body) } else { body() }
            return drain(nested: nested)
        case .misuse:
            trusting(body)
            return 0
        case .idle:
            return 0
        }
    }

    enum Seat: Equatable { case taken(nested: Bool), idle, misuse }

    /// Makes the calling thread the driver, unless another thread is (a misuse) or there is nothing to
    /// run and nothing to resume (`idle`: the seat would be given up at once).
    private func takeSeat(resuming: Bool) -> Seat {
        let me = ThreadIdentity.current
        return state.withLock { state -> Seat in
            if let driver = state.driver {
                guard driver == me else {
                    state.misuse.append("runUntilIdle() was called on two threads at once")
                    return .misuse
                }
                return .taken(nested: true)
            }
            if !resuming, state.jobs.isEmpty { return .idle }
            state.driver = me
            return .taken(nested: false)
        }
    }

    /// Runs jobs in the driver's seat until none is left; a drain that is not `nested` gives the seat up.
    private func drain(nested: Bool) -> Int {
        let outer = DrainingThread.scheduler
        // Tasks an outer scheduler's job started before it drained this one are that scheduler's.
        outer?.adoptStartedTasks()
        DrainingThread.scheduler = self
        // A scheduler that does not adopt unstructured tasks stops an outer one's adopting while it drains.
        let adoption = AdoptionScope(adoptingFor: reportsUnstructuredTasks ? self : nil)
        defer { adoption.end() }
        // Only a scheduler that follows the main actor marks the thread for it: a wake costs no more elsewhere.
        let outerFollowing = followingMainActor ? FollowingThread.scheduler : nil
        if followingMainActor { FollowingThread.scheduler = self }
        defer {
            DrainingThread.scheduler = outer
            if followingMainActor { FollowingThread.scheduler = outerFollowing }
        }
        let executor = asUnownedTaskExecutor()
        var ran = 0
        enum Next {
            case run(UnownedJob)
            case runOnGenericExecutor(UnownedJob)
            case waitForMainActor(DispatchSemaphore)
        }
        // Taking the next job and, when there is none, giving up the driver's seat happen under one lock,
        // so a job enqueued in between is never stranded.
        while let next = state.withLock({ state -> Next? in
            // A job away on the main actor runs before any other: the hop is one step of this one thread of work.
            if state.onMainActor > 0, let returns = state.mainActorReturns { return .waitForMainActor(returns) }
            // Reading the real clock costs about as much as a job: look every 64 jobs.
            if state.jobsRun & 63 == 0, let deadline = state.drainDeadline, ContinuousClock.now > deadline,
                !state.jobs.isEmpty
            {
                state.overran = true
            }
            guard !state.overran, let job = state.nextJob() else {
                if !nested { state.driver = nil }
                return nil
            }
            state.jobsRun += 1
            if !state.genericJobs.isEmpty,
                state.genericJobs.remove(UInt(bitPattern: unsafeBitCast(job, to: UnsafeRawPointer.self))) != nil
            {
                return .runOnGenericExecutor(job)
            }
            return .run(job)
        }) {
            switch next {
            case .runOnGenericExecutor(let job):
                job.runSynchronously(on: Self.genericExecutor)
                ran += 1
            case .run(let job):
                job.runSynchronously(on: executor)
                ran += 1
                if reportsUnstructuredTasks { adoptStartedTasks() }
            case .waitForMainActor(let returns):
                waitForMainActor(returns)
            }
        }
        if !nested, ran > 0, let observer = idleObserver.withLock({ $0 }) { observer() }
        return ran
    }

    /// Tracks each unstructured task the job that just ran started (the interposer made it prefer this scheduler):
    /// listed with the unfinished work until a task of this scheduler's, which waits for its end, sees it end.
    func adoptStartedTasks() {
        var address: UnsafeMutableRawPointer?
        var resultType: UnsafeRawPointer?
        while skillcheck_take_adopted_task(&address, &resultType) != 0, let address, let resultType {
            // The interposer retained the task once for us; the task value below holds that reference.
            let object = Unmanaged<AnyObject>.fromOpaque(address).takeRetainedValue()
            // Sendable is a marker protocol: its metatype is the bare metadata the runtime gave.
            watch(object, resultType: unsafeBitCast(resultType, to: (any Sendable.Type).self))
        }
    }

    private func watch<Success: Sendable>(_ object: AnyObject, resultType: Success.Type) {
        // The runtime stores a task's error as `any Error` whatever its type says, and its result by the metadata
        // it was created with, which is `Success`: waiting on it as `Task<Success, any Error>` reads both right.
        let task = unsafeBitCast(object, to: Task<Success, any Error>.self)
        let address = unsafeBitCast(object, to: UnsafeRawPointer.self)
        let key = state.withLock { state in
            defer { state.nextTask += 1 }
            state.adopted += 1
            let ordinal = state.adopted
            state.tasks[state.nextTask] = Tracked(
                label: "\(Self.unstructuredTaskLabel) (#\(ordinal))", task: task, address: address)
            return state.nextTask
        }
        // The watcher waits from the start, before any other job runs: from then on its job is queued exactly when
        // the task has ended.
        let watch: @Sendable () async -> Void = { [self] in
            _ = try? await task.value
            state.withLock { $0.tasks[key] = nil }
        }
        let watcher =
            if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, *) {
                Task.immediate(executorPreference: self, operation: watch)
            } else {
                Task(executorPreference: self, operation: watch)
            }
        state.withLock { $0.tasks.modify(key) { $0?.watcher = unsafeBitCast(watcher, to: UnsafeRawPointer.self) } }
    }

    /// Whether schedulers that report unstructured tasks run them instead, in this process: task creation is
    /// interposed (Linux with glibc, no sanitizer).
    package static var adoptsUnstructuredTasks: Bool { skillcheck_observation_available() != 0 }

    /// How an unstructured task this scheduler runs is named among the unfinished work.
    package static let unstructuredTaskLabel = "an unstructured Task {} that code on the scheduler started"

    /// How many unstructured tasks code on this scheduler has started that run on it.
    package var unstructuredTasksStarted: Int {
        adoptTasksStartedByThisJob()
        return state.withLock { $0.adopted }
    }

    /// Tracks the tasks the running job has started so far, when called from a job of this scheduler's: the drain
    /// tracks them only once the job returns.
    private func adoptTasksStartedByThisJob() {
        if reportsUnstructuredTasks, DrainingThread.scheduler === self { adoptStartedTasks() }
    }

    /// The unstructured tasks code on this scheduler started that have not ended, by label: a task whose end is
    /// only waiting to be seen (its watcher's job is queued) has ended.
    package var unstructuredTasksRunning: [String] {
        adoptTasksStartedByThisJob()
        return state.withLock { state in
            let queued = Set((0..<state.jobs.count).map { unsafeBitCast(state.jobs[$0], to: UnsafeRawPointer.self) })
            return state.tasks.values.filter { tracked in
                guard let watcher = tracked.watcher else { return false }
                return !queued.contains(watcher)
            }.map(\.label)
        }
    }

    /// Called on the driving thread each time a drain that ran jobs ends, outside every lock: virtual time
    /// moves only between two such calls, so an observer that stamps what is new with the clock's instant
    /// stamps it exactly (the replay's timeline does).
    private let idleObserver = Locked<(@Sendable () -> Void)?>(nil)

    /// Sets the observer called each time a drain that ran jobs ends.
    package func observeIdle(_ observer: @escaping @Sendable () -> Void) {
        idleObserver.withLock { $0 = observer }
    }

    /// Makes every drain stop for good once `deadline` (real time) has passed with jobs still to run,
    /// leaving them unrun: a loop that never ends in virtual time (it polls or retries without sleeping
    /// on the clock, or ignores cancellation) keeps the scheduler busy for ever, and this ends it.
    /// ``overran`` tells whether it happened.
    func stopDraining(after deadline: ContinuousClock.Instant) {
        state.withLock { $0.drainDeadline = deadline }
    }

    /// Lets drains run jobs again, until a new real-time `deadline`: for a scope that cancelled an overrunning
    /// body and gives it a last chance to end.
    func resumeDraining(until deadline: ContinuousClock.Instant) {
        state.withLock {
            $0.overran = false
            $0.drainDeadline = deadline
        }
    }

    /// Whether a drain stopped at the deadline ``stopDraining(after:)`` set.
    var overran: Bool { state.withLock { $0.overran } }

    /// Waits, up to `timeout` of real time, for a job to arrive from outside; returns whether one did.
    /// For a driver with nothing runnable and nothing asleep.
    func park(timeout: Duration) -> Bool {
        let parking = state.withLock { state -> DispatchSemaphore? in
            guard state.jobs.isEmpty else { return nil }
            state.parked = true
            if state.parking == nil { state.parking = DispatchSemaphore(value: 0) }
            return state.parking
        }
        guard let parking else { return true }
        if parking.wait(timeout: .now() + .nanoseconds(timeout.inNanoseconds)) == .success { return true }
        let stillParked = state.withLock { state -> Bool in
            defer { state.parked = false }
            return state.parked
        }
        // A job arrived between the timeout and the lock: take its signal too.
        if !stillParked { parking.wait() }
        return !stillParked || hasRunnableJobs
    }

    /// Whether a job is waiting to run.
    package var hasRunnableJobs: Bool { state.withLock { !$0.jobs.isEmpty } }

    /// How many jobs have run so far.
    package var jobsRun: Int { state.withLock { $0.jobsRun } }

    /// Work that left the scheduler, in the order it was seen.
    package var escapesSeen: [Escape] { state.withLock { $0.escapes + [] } }

    /// Work that left the scheduler, in the order it was seen.
    ///
    /// Deprecated: run the clock with ``VirtualClock/run(horizon:maxWakes:)``, which throws
    /// ``VirtualClockError/escaped(_:)`` naming each escape, or run the test under `withVirtualTime` or
    /// `@Test(.virtualTime)`, which report them as failures.
    @available(*, deprecated, message: "run the clock with VirtualClock.run(), which throws VirtualClockError.escaped naming each escape")
    public var escapes: [Escape] { escapesSeen }

    /// Whether the calling thread is draining this scheduler: code that runs on it.
    var isDrainingOnCurrentThread: Bool { state.withLock { $0.driver == .current } }

    func recordMisuse(_ message: String) {
        state.withLock { $0.misuse.append(message) }
    }

    /// Calls that broke the scheduler's rules, such as draining from two threads at once.
    package var misuse: [String] { state.withLock { $0.misuse } }

    // MARK: Tasks

    /// Starts `operation` as a task on this scheduler.
    ///
    /// It runs when the scheduler is drained.
    ///
    /// The label names the task in ``VirtualTimeLeftovers/tasks`` and names its sleepers in
    /// ``VirtualClock/pendingSleepers``.
    @discardableResult
    public func spawn<Success: Sendable>(
        _ label: String = "task",
        operation: sending @escaping () async throws -> Success
    ) -> Task<Success, any Error> {
        spawn(label, isWork: true, operation: operation)
    }

    func spawn<Success: Sendable>(
        _ label: String,
        isWork: Bool,
        operation: sending @escaping () async throws -> Success
    ) -> Task<Success, any Error> {
        let key = track(label, isWork: isWork)
        // The label is bound around the task's creation, which copies it into the task: an async
        // `withValue` inside the task would cost three executor hops and a frame on every spawn. The
        // closure below runs once, at once, and only hands `operation` on to the task, which region
        // checking cannot see through a closure.
        nonisolated(unsafe) let operation = operation
        let task = SleepLabel.$current.withValue(label) {
            Task(executorPreference: self) { [self] in
                defer { state.withLock { $0.tasks[key] = nil } }
                return try await operation()
            }
        }
        register(task, label: label, key: key)
        return task
    }

    /// Starts a non-throwing `operation` as a task on this scheduler.
    @discardableResult
    public func spawn<Success: Sendable>(
        _ label: String = "task",
        operation: sending @escaping () async -> Success
    ) -> Task<Success, Never> {
        let key = track(label, isWork: true)
        // As in the throwing spawn: bound around the task's creation.
        nonisolated(unsafe) let operation = operation
        let task = SleepLabel.$current.withValue(label) {
            Task(executorPreference: self) { [self] in
                defer { state.withLock { $0.tasks[key] = nil } }
                return await operation()
            }
        }
        register(task, label: label, key: key)
        return task
    }

    /// Records a task before it exists, so that one that ends at once (another thread may be draining)
    /// is never listed as unfinished; trusts the thread until ``register(_:label:key:)`` runs, since the
    /// task's first job comes from it.
    private func track(_ label: String, isWork: Bool) -> Int {
        state.withLock { state in
            defer { state.nextTask += 1 }
            state.tasks[state.nextTask] = Tracked(label: label, isWork: isWork)
            state.trusted.append(.current)
            return state.nextTask
        }
    }

    private func register<Success, Failure>(_ task: Task<Success, Failure>, label: String, key: Int) {
        state.withLock { state in
            state.tasks.modify(key) { tracked in
                tracked?.task = task
                tracked?.address = unsafeBitCast(task, to: UnsafeRawPointer.self)
            }
            if let index = state.trusted.firstIndex(of: .current) { state.trusted.remove(at: index) }
        }
    }

    /// Labels of spawned tasks that have not finished, oldest first.
    ///
    /// Deprecated: run the clock with ``VirtualClock/run(horizon:maxWakes:)``, which throws
    /// ``VirtualClockError/stalled(unfinished:)`` naming them, or run the test under `withVirtualTime` or
    /// `@Test(.virtualTime)`, which report them as failures.
    @available(
        *, deprecated, message: "run the clock with VirtualClock.run(), which throws VirtualClockError.stalled naming what did not finish"
    )
    public var unfinishedTasks: [String] { unfinishedWork }

    /// Labels of spawned tasks that have not finished, oldest first.
    package var unfinishedWork: [String] {
        state.withLock { $0.tasks.values.filter(\.isWork).map(\.label) }
    }

    /// Cancels `task` from code that is not on the scheduler (a test thread, a worker that runs no task), then drains.
    ///
    /// What its cancellation handlers enqueue is the test acting, not work coming back.
    ///
    /// ```swift
    /// let reply = clock.scheduler.spawn("send") { await engine.send("北京天气") }
    /// clock.scheduler.cancel(reply)
    /// ```
    package func cancel<Success, Failure>(_ task: Task<Success, Failure>) {
        trusting { task.cancel() }
        runUntilIdle()
    }

    /// Cancels every unfinished spawned task and drains, so that they can end.
    package func cancelAll() {
        let tasks = state.withLock { $0.tasks.values.compactMap(\.task) }
        trusting {
            for task in tasks { task.cancel() }
        }
        runUntilIdle()
    }
}

/// The label of the spawned task a sleeper belongs to.
@available(SkillCheckTesting, *)
enum SleepLabel {
    @TaskLocal static var current: String?
}

@available(SkillCheckTesting, *)
extension DeterministicScheduler.State {
    /// Records an escape once: the same kind of escape by the same task is one finding, however many
    /// of its jobs come back.
    mutating func record(_ escape: DeterministicScheduler.Escape) {
        guard !escapes.contains(where: { $0.kind == escape.kind && $0.task == escape.task }) else { return }
        escapes.append(escape)
    }
}

/// Told, synchronously, each time code of the current task starts a real sleep or a dispatch timer that a virtual clock
/// runs (`sleep 2.0 seconds on ContinuousClock`): the conformance checks count it as one of the run's suspension
/// points, where a check may cancel the run.
///
/// A struct around the function, not the function itself, is the task-local value: a release build specialised
/// `TaskLocal<(@Sendable (String) -> Void)?>.withValue` across modules with no metadata for the value's type, and
/// `swift_task_localValuePush` crashed on it (`skillbench --only conformance`, Swift 6.3.1, Linux).
@available(SkillCheckTesting, *)
package struct RealSleepWitness: Sendable {
    /// Called with what started to sleep.
    package let report: @Sendable (String) -> Void

    package init(_ report: @escaping @Sendable (String) -> Void) { self.report = report }

    @TaskLocal package static var current: RealSleepWitness?
}

/// What the scheduler keeps of a spawned task: enough to cancel it.
@available(SkillCheckTesting, *)
protocol CancellableTask: Sendable {
    func cancel()
}

@available(SkillCheckTesting, *)
extension Task: CancellableTask {}
