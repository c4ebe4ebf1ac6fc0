import Synchronization

/// An executor that runs jobs only when the test asks it to, one at a time, on the asking thread.
///
/// Code that runs on it (tasks from ``spawn(_:operation:)-5m7s0``, or any task created with
/// `Task(executorPreference:)`, and their child tasks, `async let`s, and the code after each
/// `await`) makes progress only inside ``runUntilIdle()``. So when ``runUntilIdle()`` returns, every
/// such task has reached a suspension point: a virtual sleep, a continuation, or its end. That is
/// what lets ``VirtualClock`` advance without racing the code under test, and without guessing.
///
/// ```swift
/// let scheduler = DeterministicScheduler()
/// let task = scheduler.spawn("fetch") { try await fetcher.fetch() }
/// scheduler.runUntilIdle()   // the task ran until it suspended
/// ```
///
/// ## What escapes
/// These run elsewhere, so the scheduler cannot order them: an unstructured `Task {}` or
/// `Task.detached` (give them `Task(executorPreference:)` instead), a hop to `@MainActor` or another
/// actor with its own executor, a sleep on a real clock, and Dispatch queues. When escaped work hands a
/// job back while the scheduler is draining, the scheduler records an ``Escape`` (``escapes``); a scope
/// such as ``withVirtualTime(origin:isolation:_:)`` fails on it. A task that waits on escaped work shows
/// up as ``VirtualClockError/stalled(unfinished:)`` instead of a hang.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
public final class DeterministicScheduler: SerialExecutor, TaskExecutor, Sendable {
    /// A job that arrived from outside the scheduler while it was draining.
    public struct Escape: Sendable, Hashable, CustomStringConvertible {
        /// How many jobs the scheduler had run when the job arrived.
        public var afterJobs: Int

        public var description: String {
            "a job arrived from another thread after \(afterJobs) jobs: code left the scheduler "
                + "(Task {}, Task.detached, @MainActor, a real clock or Dispatch) and came back"
        }
    }

    struct Tracked {
        let label: String
        var cancel: (@Sendable () -> Void)?
    }

    struct State {
        var jobs = JobQueue<UnownedJob>()
        var driver: ThreadIdentity?
        var jobsRun = 0
        var escapes: [Escape] = []
        var tasks: [Int: Tracked] = [:]
        var nextTask = 0
        var misuse: [String] = []
    }

    let state = Mutex(State())

    public init() {}

    // MARK: Executor

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        state.withLock { state in
            if let driver = state.driver, driver != .current {
                state.escapes.append(Escape(afterJobs: state.jobsRun))
            }
            state.jobs.append(job)
        }
    }

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
    /// Called again from inside a job it returns 0 at once: the outer call drains.
    @discardableResult
    public func runUntilIdle() -> Int {
        let me = ThreadIdentity.current
        let entered = state.withLock { state -> Bool in
            if let driver = state.driver {
                if driver != me {
                    state.misuse.append("runUntilIdle() was called on two threads at once")
                }
                return false
            }
            state.driver = me
            return true
        }
        guard entered else { return 0 }
        let executor = asUnownedTaskExecutor()
        var ran = 0
        // Taking the next job and, when there is none, giving up the driver's seat happen under one lock,
        // so a job enqueued in between is never stranded.
        while let job = state.withLock({ state -> UnownedJob? in
            guard let job = state.jobs.popFirst() else {
                state.driver = nil
                return nil
            }
            state.jobsRun += 1
            return job
        }) {
            job.runSynchronously(on: executor)
            ran += 1
        }
        return ran
    }

    /// Whether a job is waiting to run.
    public var hasRunnableJobs: Bool { state.withLock { !$0.jobs.isEmpty } }

    /// How many jobs have run so far.
    public var jobsRun: Int { state.withLock { $0.jobsRun } }

    /// Jobs that came back from code that had left the scheduler.
    public var escapes: [Escape] { state.withLock { $0.escapes + [] } }

    /// Calls that broke the scheduler's rules, such as draining from two threads at once.
    public var misuse: [String] { state.withLock { $0.misuse } }

    // MARK: Tasks

    /// Starts `operation` as a task on this scheduler. It runs when the scheduler is drained.
    ///
    /// The label names the task in ``unfinishedTasks`` and names its sleepers in
    /// ``VirtualClock/pendingSleepers``.
    @discardableResult
    public func spawn<Success: Sendable>(
        _ label: String = "task",
        operation: sending @escaping () async throws -> Success
    ) -> Task<Success, any Error> {
        let key = track(label)
        let task = Task(executorPreference: self) { [self] in
            defer { _ = state.withLock { $0.tasks.removeValue(forKey: key) } }
            return try await SleepLabel.$current.withValue(label) { try await operation() }
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
        let key = track(label)
        let task = Task(executorPreference: self) { [self] in
            defer { _ = state.withLock { $0.tasks.removeValue(forKey: key) } }
            return await SleepLabel.$current.withValue(label) { await operation() }
        }
        register(task, label: label, key: key)
        return task
    }

    /// Records a task before it exists, so that one that ends at once (another thread may be draining)
    /// is never listed as unfinished.
    private func track(_ label: String) -> Int {
        state.withLock { state in
            defer { state.nextTask += 1 }
            state.tasks[state.nextTask] = Tracked(label: label)
            return state.nextTask
        }
    }

    private func register<Success, Failure>(_ task: Task<Success, Failure>, label: String, key: Int) {
        state.withLock { state in
            state.tasks[key]?.cancel = { task.cancel() }
        }
    }

    /// Labels of spawned tasks that have not finished, oldest first.
    public var unfinishedTasks: [String] {
        state.withLock { $0.tasks.sorted { $0.key < $1.key }.map(\.value.label) }
    }

    /// Cancels every unfinished spawned task and drains, so that they can end.
    public func cancelAll() {
        let cancels = state.withLock { $0.tasks.values.compactMap(\.cancel) }
        for cancel in cancels { cancel() }
        runUntilIdle()
    }
}

/// The label of the spawned task a sleeper belongs to.
enum SleepLabel {
    @TaskLocal static var current: String?
}
