import Foundation
internal import SkillCheckInterposer
import SkillCheckSupport
import SkillEngine
import SkillKit

/// A clock whose time moves only when the test says so, and that never guesses whether the code under
/// test has reached its sleep.
///
/// Code under test takes a `Clock` (or a `SkillContext`, whose `clock` this is) and runs on
/// the clock's ``scheduler``. Every advance first drains the scheduler, so the code has reached its
/// sleep; then it wakes due sleepers one at a time in (deadline, registration order), draining after
/// each, with ``now`` equal to that sleeper's deadline while it runs.
///
/// ```swift
/// @Test func retriesWithBackoff() async throws {
///     try await withVirtualTime { clock in
///         let task = clock.scheduler.spawn("fetch") {
///             try await RetryPolicy(maxRetries: 3, baseDelay: .seconds(1)).run(clock: clock) { attempt in
///                 if attempt < 3 { throw NetworkError.offline }
///                 return "ok"
///             }
///         }
///         clock.advance(by: .seconds(1))
///         clock.advance(by: .seconds(2))
///         clock.advance(by: .seconds(4))
///         let value = try await task.value
///         #expect(value == "ok")     // 7 virtual seconds, microseconds of real time
///     }
/// }
/// ```
///
/// Sleeping until a deadline at or before ``now`` returns at once. A cancelled sleeper throws
/// `CancellationError` at once, without an advance, even when the cancel lands before the sleep.
/// Each clock has its own state: tests with their own clocks run in parallel without crosstalk.
/// Sleepers on tasks outside the ``scheduler`` still wake in order, but run concurrently with the
/// advance: for them, ``waitForSleepers(_:)`` says when they have reached their sleep.
@available(SkillCheckTesting, *)
public final class VirtualClock: Clock, Sendable {
    /// A point in virtual time: the time since the clock was made.
    public struct Instant: InstantProtocol, Hashable, Codable, Sendable, CustomStringConvertible {
        public var offset: Duration

        public init(offset: Duration) {
            self.offset = offset
        }

        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
        public var description: String { "t+\(offset)" }
    }

    enum Slot {
        /// The id is taken but the sleeper has not registered yet.
        case starting
        /// Cancelled before it registered.
        case cancelledEarly
        case sleeping(UnsafeContinuation<Void, any Error>, PendingSleeper)
        /// A sleep on a real clock by code on the ``scheduler``, waiting for this clock's time.
        case realSleep(RealSleepWake, PendingSleeper)
    }

    /// What wakes a sleeper: its continuation, or what a real sleep or timer runs when it is due.
    enum Wake {
        case continuation(UnsafeContinuation<Void, any Error>)
        case real(RealSleepWake.Work)

        func fire(on scheduler: DeterministicScheduler) {
            switch self {
            case .continuation(let continuation): continuation.resume()
            case .real(.job(let job)): scheduler.enqueueOnGenericExecutor(job)
            case .real(.dispatch(let queue, let isMain, let context, let run, _)):
                // The main queue's work runs there, followed: the scheduler waits for it as for a main-actor job.
                if isMain { skillcheck_dispatch_async(queue, context, run) } else { skillcheck_dispatch_run(queue, context, run) }
            }
        }
    }

    /// A real sleep's wake-up job (the runtime's, which resumes the sleeping task unless its cancellation already
    /// has) and the task that sleeps, held to tell whether it was cancelled; or work a dispatch queue was to run later.
    struct RealSleepWake: @unchecked Sendable {
        enum Work {
            case job(UnownedJob)
            /// `DispatchQueue.asyncAfter`'s work: run on its queue when due; `discard` frees it if it never is.
            case dispatch(
                queue: UnsafeMutableRawPointer, isMain: Bool, context: UnsafeMutableRawPointer?,
                run: @convention(c) (UnsafeMutableRawPointer?) -> Void, discard: (@convention(c) (UnsafeMutableRawPointer?) -> Void)?)

            /// Frees work that will never run (a dispatch timer still pending when its scope ends); a job is run, since
            /// only its cancelled sleeper is left to see it.
            func abandon(on scheduler: DeterministicScheduler) {
                switch self {
                case .job(let job): scheduler.enqueueOnGenericExecutor(job)
                case .dispatch(_, _, let context, _, let discard): discard?(context)
                }
            }
        }

        let work: Work
        let sleeper: AnyObject?

        /// Whether nothing waits for it any more: the sleeping task was cancelled (its cancellation resumed it).
        var isMoot: Bool {
            guard let sleeper else { return false }
            return unsafeBitCast(sleeper, to: Task<Void, Never>.self).isCancelled
        }
    }

    struct State {
        var now = Instant(offset: .zero)
        var heap = SleeperHeap()
        var slots = SlotTable<Slot>()
        var sleeping = 0
        var nextID = 0
        var nextSequence = 0
        var waiters: [(count: Int, continuation: UnsafeContinuation<Void, Never>)] = []
        var warnings: [String] = []
    }

    /// The executor that code under test runs on.
    public let scheduler: DeterministicScheduler
    /// The wall-clock date at ``Instant`` zero, for ``date(at:)``.
    public let origin: Date
    let state = Locked(State())

    /// 2026-01-01T00:00:00Z: the default ``origin``.
    public static let defaultOrigin = Date(timeIntervalSince1970: 1_767_225_600)

    public init(origin: Date = VirtualClock.defaultOrigin, scheduler: DeterministicScheduler = DeterministicScheduler()) {
        self.origin = origin
        self.scheduler = scheduler
        scheduler.virtualTimer = self
        _ = DispatchTimerHook.installed
    }

    public var now: Instant { state.withLock { $0.now } }
    public var minimumResolution: Duration { .zero }

    /// The wall-clock date at `instant`: ``origin`` plus its offset.
    public func date(at instant: Instant) -> Date {
        origin.addingTimeInterval(instant.offset.inSeconds)
    }

    /// A date source for `SkillContext`: the date at ``now``.
    package var dateSource: @Sendable () -> Date {
        { [self] in date(at: now) }
    }

    // MARK: Sleeping

    public nonisolated(nonsending) func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        if Task.isCancelled {
            // A cancelled sleep still passes through the executor once, as an I/O call would: a loop that
            // swallows the CancellationError (`try?`) and goes round again then suspends each time, so
            // the scheduler can stop it (withVirtualTime's realTimeLimit) instead of its thread spinning.
            await Task.yield()
            throw CancellationError()
        }
        let id: Int? = state.withLock { state in
            guard deadline > state.now else { return nil }
            defer { state.nextID += 1 }
            state.slots[state.nextID] = .starting
            return state.nextID
        }
        guard let id else { return }
        let label = SleepLabel.current
        try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, any Error>) in
                register(id, deadline: deadline, label: label, continuation)
            }
        } onCancel: {
            let continuation: UnsafeContinuation<Void, any Error>? = state.withLock { state in
                let (continuation, wasSleeping) = state.slots.modify(id) { slot -> (UnsafeContinuation<Void, any Error>?, Bool) in
                    switch slot {
                    case .starting:
                        slot = .cancelledEarly
                        return (nil, false)
                    case .sleeping(let continuation, _):
                        slot = nil
                        return (continuation, true)
                    case .cancelledEarly, .realSleep, nil:
                        return (nil, false)
                    }
                }
                if wasSleeping { state.sleeping -= 1 }
                return continuation
            }
            continuation?.resume(throwing: CancellationError())
        }
    }

    private func register(
        _ id: Int,
        deadline: Instant,
        label: String?,
        _ continuation: UnsafeContinuation<Void, any Error>
    ) {
        enum Next { case sleep([UnsafeContinuation<Void, Never>]), cancelled, due }
        let next: Next = state.withLock { state in
            let now = state.now, sequence = state.nextSequence
            let placed = state.slots.modify(id) { slot -> Next? in
                // Cancelled before it registered: by its task, or by cancelAll() in between.
                guard case .starting = slot else {
                    slot = nil
                    return .cancelled
                }
                guard deadline > now else {
                    slot = nil
                    return .due
                }
                let sleeper = PendingSleeper(deadline: deadline, duration: deadline.offset - now.offset, sequence: sequence, label: label)
                slot = .sleeping(continuation, sleeper)
                return nil
            }
            if let placed { return placed }
            return .sleep(state.pending(id, deadline: deadline, sequence: sequence))
        }
        switch next {
        case .cancelled: continuation.resume(throwing: CancellationError())
        case .due: continuation.resume()
        case .sleep(let ready): for waiter in ready { waiter.resume() }
        }
    }

    /// Waits `duration` of this clock's time, then runs `work`: the wake-up of a real sleep that code on the
    /// ``scheduler`` started (called from inside the sleeping task, which is held to see it cancelled), or a dispatch
    /// queue's timer.
    func wake(_ work: RealSleepWake.Work, after duration: Duration, label: String?) {
        var sleeper: AnyObject?
        if case .job = work {
            sleeper = withUnsafeCurrentTask { task in
                task.map { Unmanaged<AnyObject>.fromOpaque(unsafeBitCast($0, to: UnsafeRawPointer.self)).takeUnretainedValue() }
            }
        }
        let wake = RealSleepWake(work: work, sleeper: sleeper)
        let ready: [UnsafeContinuation<Void, Never>] = state.withLock { state in
            let id = state.nextID, sequence = state.nextSequence
            state.nextID += 1
            let deadline = state.now.advanced(by: duration)
            state.slots[id] = .realSleep(wake, PendingSleeper(deadline: deadline, duration: duration, sequence: sequence, label: label))
            return state.pending(id, deadline: deadline, sequence: sequence)
        }
        for waiter in ready { waiter.resume() }
    }

    /// Runs the wake-ups of real sleeps whose task was cancelled (their cancellation resumed them), and frees the
    /// dispatch timers still pending, so that nothing of theirs outlives a scope: a scope calls it once its body has
    /// ended. The timers were reported as they started; their work would run after the body's answer.
    package func finishRealSleeps() {
        let abandoned: [RealSleepWake.Work] = state.withLock { state in
            var abandoned: [RealSleepWake.Work] = []
            state.slots.updateAll { slot in
                guard case .realSleep(let wake, _) = slot else { return slot }
                if case .job = wake.work, !wake.isMoot { return slot }
                abandoned.append(wake.work)
                return nil
            }
            state.sleeping -= abandoned.count
            return abandoned
        }
        guard !abandoned.isEmpty else { return }
        scheduler.runUntilIdle { for work in abandoned { work.abandon(on: scheduler) } }
    }

    // MARK: Inspection

    /// Every pending sleeper, in the order they will wake.
    ///
    /// A sleep on a real clock that code on the ``scheduler`` started waits on this clock too, and is listed until
    /// it wakes or its task is cancelled.
    public var pendingSleepers: [PendingSleeper] {
        state.withLock { state in
            state.slots.values.compactMap { slot -> PendingSleeper? in
                switch slot {
                case .sleeping(_, let sleeper): sleeper
                case .realSleep(let wake, let sleeper): wake.isMoot ? nil : sleeper
                case .starting, .cancelledEarly: nil
                }
            }
        }
        .sorted { ($0.deadline, $0.sequence) < ($1.deadline, $1.sequence) }
    }

    /// How many sleepers are pending.
    package var pendingCount: Int { state.withLock { $0.sleeping } }

    /// How many sleepers are pending, and how many have ever slept: when neither changed, neither did the
    /// sleepers (a timeline looks at them only then).
    package var sleepersVersion: (pending: Int, slept: Int) { state.withLock { ($0.sleeping, $0.nextSequence) } }

    /// When the next sleeper is due, if any.
    public var nextDeadline: Instant? {
        state.withLock { state in
            state.discardStale()
            return state.heap.first.map { Instant(offset: $0.deadline) }
        }
    }

    /// Things the clock was asked to do that look like a mistake, such as advancing with nothing pending.
    public var warnings: [String] { state.withLock { $0.warnings } }

    /// Returns once at least `count` sleepers are pending.
    ///
    /// For code that does not run on the ``scheduler``, so that a test can tell it has reached its sleep before
    /// advancing.
    ///
    /// ```swift
    /// let task = Task { try await clock.sleep(for: .seconds(1)) }
    /// await clock.waitForSleepers(1)
    /// clock.advance(by: .seconds(1))
    /// ```
    ///
    /// Called from code on the ``scheduler`` (a `withVirtualTime` body), it first runs everything else
    /// there to its next suspension; if fewer than `count` sleepers are pending then, none will come
    /// without time moving, so instead of waiting forever it records a `DeterministicScheduler/misuse`,
    /// which fails the scope at once.
    public func waitForSleepers(_ count: Int) async {
        if scheduler.isDrainingOnCurrentThread {
            scheduler.runUntilIdle()
            let pending = pendingCount
            if pending < count {
                scheduler.recordMisuse(
                    "waitForSleepers(\(count)) ran on the scheduler with \(pending) sleeper(s) pending after "
                        + "everything else there ran: no more will come without time moving. Inside withVirtualTime, "
                        + "await the result instead (time moves by itself), or advance the clock by hand")
            }
            return
        }
        await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
            let ready = state.withLock { state -> Bool in
                if state.sleeping >= count { return true }
                state.waiters.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }
}

@available(SkillCheckTesting, *)
extension VirtualClock.State {
    /// Counts the sleeper whose slot `id` was just filled as pending, in the wake order, and takes the
    /// ``VirtualClock/waitForSleepers(_:)`` callers it satisfies, for the caller to resume outside the lock.
    mutating func pending(_ id: Int, deadline: VirtualClock.Instant, sequence: Int) -> [UnsafeContinuation<Void, Never>] {
        nextSequence += 1
        sleeping += 1
        heap.insert(.init(deadline: deadline.offset, sequence: sequence, id: id))
        guard !waiters.isEmpty else { return [] }
        let count = sleeping
        let ready = waiters.filter { $0.count <= count }.map(\.continuation)
        waiters.removeAll { $0.count <= count }
        return ready
    }

    /// Drops heap entries whose sleeper was cancelled.
    mutating func discardStale() {
        while let first = heap.first {
            // In place rather than through the subscript, which would copy the slot out.
            if slots.modify(
                first.id,
                { slot in
                    switch slot {
                    case .sleeping, .realSleep: true
                    case .starting, .cancelledEarly, nil: false
                    }
                })
            {
                return
            }
            heap.removeFirst()
        }
    }
}
