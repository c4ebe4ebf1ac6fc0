@available(SkillCheckTesting, *)
extension VirtualClock {
    /// Moves time forward by `duration`, waking every sleeper due by then, in order.
    ///
    /// ```swift
    /// clock.advance(by: .seconds(10))   // a ten-second timeout fires
    /// ```
    public func advance(by duration: Duration) {
        // Without a limit the loop cannot throw.
        try? advance(to: .later(duration), maxWakes: nil)
    }

    /// Moves time to `target`, waking every sleeper due at or before it, in (deadline, registration) order.
    ///
    /// Each woken sleeper runs to its next suspension before the next one wakes, and ``now`` is its deadline
    /// meanwhile. A sleeper registered during the advance and due by `target` wakes too.
    public func advance(to target: Instant) {
        // Without a limit the loop cannot throw.
        try? advance(to: .instant(target), maxWakes: nil)
    }

    /// Where an advance goes: an instant, or a duration past ``now`` (read under the advance's first lock).
    enum Target {
        case instant(Instant)
        case later(Duration)
    }

    /// ``advance(by:)`` that gives up after `maxWakes` wakes, for code that may sleep in a tight loop.
    ///
    /// - Throws: ``VirtualClockError/tooManyWakes(limit:next:)`` naming the next sleeper; time stays at
    ///   that sleeper's deadline.
    public func advance(by duration: Duration, maxWakes: Int) throws(VirtualClockError) {
        try advance(to: .later(duration), maxWakes: maxWakes)
    }

    func advance(to destination: Target, maxWakes: Int?) throws(VirtualClockError) {
        scheduler.runUntilIdle()
        // One lock checks the target and takes the first sleeper due by it, and the last wake's lock moves
        // time to the target. A limit of no wakes at all needs the loop's check before the first one.
        let wakesAtOnce = maxWakes != 0
        let first = state.withLock { state -> (target: Instant, woken: Wake?)? in
            let start = state.now
            let target: Instant =
                switch destination {
                case .instant(let instant): instant
                case .later(let duration): start.advanced(by: duration)
                }
            if target < start {
                state.warnings.append("advance(to: \(target)) is before now (\(start)); time does not go back")
                return nil
            }
            if state.sleeping == 0 {
                state.warnings.append("advance to \(target) with no sleeper pending")
            }
            return (target, wakesAtOnce ? state.takeNext(dueBy: target, settlingAt: target) : nil)
        }
        guard let (target, woken) = first else { return }
        var wakes = 0
        if let woken {
            scheduler.runUntilIdle { woken.fire(on: scheduler) }
            wakes = 1
        } else if wakesAtOnce {
            // None was due, and time has moved to the target.
            return
        }
        while true {
            if let maxWakes, wakes == maxWakes, let next = nextSleeper(), next.deadline <= target {
                throw .tooManyWakes(limit: maxWakes, next: next)
            }
            guard wakeNext(dueBy: target, settlingAt: target) else { break }
            wakes += 1
        }
    }

    /// Wakes sleepers until none is pending, bounded in virtual time and in wakes, never in real time.
    ///
    /// - Parameters:
    ///   - horizon: how far past ``now`` time may move.
    ///   - maxWakes: how many sleepers may wake.
    /// - Throws: ``VirtualClockError`` naming the sleeper that never ends, the tasks that stalled, or
    ///   the work that left the scheduler (before time moves past it; a sleep on a real clock, which lasted as
    ///   long on this clock, once no sleeper is left).
    public func run(horizon: Duration = .seconds(86_400 * 365), maxWakes: Int = 1_000_000) throws(VirtualClockError) {
        try run(until: { false }, horizon: horizon, maxWakes: maxWakes)
        let unfinished = scheduler.unfinishedWork
        if !unfinished.isEmpty { throw .stalled(unfinished: unfinished) }
        // A sleep on a real clock ran on this clock's time, so the run went on; it is still reported.
        let realSleeps = scheduler.realSleepsSeen
        if !realSleeps.isEmpty { throw .escaped(realSleeps) }
    }

    /// Throws when work has left the scheduler: time must not move on while it is away, or a timeout
    /// would fire that the code never earned.
    func checkEscapes() throws(VirtualClockError) {
        let escapes = scheduler.escapesSeen
        if !escapes.isEmpty { throw .escaped(escapes) }
    }

    /// Auto-advance: drains, and while `condition` is false and a sleeper is pending, jumps to the next deadline and wakes it.
    ///
    /// Returns whether `condition` became true.
    @discardableResult
    public func run(
        until condition: () -> Bool,
        horizon: Duration = .seconds(86_400 * 365),
        maxWakes: Int = 1_000_000
    ) throws(VirtualClockError) -> Bool {
        scheduler.runUntilIdle()
        let limit = now.advanced(by: horizon)
        var wakes = 0
        while !condition() {
            try checkEscapes()
            guard let next = nextSleeper() else { return false }
            if next.deadline > limit { throw .horizonExceeded(horizon: horizon, next: next) }
            if wakes == maxWakes { throw .tooManyWakes(limit: maxWakes, next: next) }
            wakeNext(dueBy: next.deadline)
            wakes += 1
        }
        return true
    }

    /// Wakes the first sleeper due by `target`, then drains. Returns `false` when none is due, having
    /// moved time to `settle` (when given and later than now) under the same lock.
    ///
    /// Under a schedule other than first in, first out, every sleeper due at that same instant wakes with it,
    /// and the schedule picks which runs first: two replies that arrive together may be handled in either order.
    @discardableResult
    func wakeNext(dueBy target: Instant, settlingAt settle: Instant? = nil) -> Bool {
        let together = !scheduler.schedule.isFirstInFirstOut
        let woken = state.withLock { state -> [Wake] in
            guard let first = state.takeNext(dueBy: target, settlingAt: settle) else { return [] }
            var woken = [first]
            while together, let next = state.takeNext(dueBy: state.now, settlingAt: nil) { woken.append(next) }
            return woken
        }
        guard !woken.isEmpty else { return false }
        scheduler.runUntilIdle { for wake in woken { wake.fire(on: scheduler) } }
        return true
    }

    func nextSleeper() -> PendingSleeper? {
        state.withLock { state in
            state.discardStale()
            guard let first = state.heap.first else { return nil }
            switch state.slots[first.id] {
            case .sleeping(_, let sleeper), .realSleep(_, let sleeper): return sleeper
            case .starting, .cancelledEarly, nil: return nil
            }
        }
    }

    /// Cancels every pending sleeper (each throws `CancellationError`) and every spawned task, then drains.
    public func cancelAll() {
        let (sleepers, wakes) = state.withLock { state -> ([UnsafeContinuation<Void, any Error>], [VirtualClock.RealSleepWake.Work]) in
            var continuations: [UnsafeContinuation<Void, any Error>] = []
            var wakes: [VirtualClock.RealSleepWake.Work] = []
            // A sleeper that has its id but has not registered yet is cancelled too: it throws as it
            // registers, so its slot must stay until then.
            state.slots.updateAll { slot in
                switch slot {
                case .sleeping(let continuation, _):
                    continuations.append(continuation)
                    return nil
                case .realSleep(let wake, _):
                    // A sleeping task is cancelled below, and its wake-up then has nothing left to resume; a dispatch
                    // timer's work is freed, never run.
                    wakes.append(wake.work)
                    return nil
                case .starting, .cancelledEarly:
                    return .cancelledEarly
                }
            }
            state.heap = SleeperHeap()
            state.sleeping = 0
            return (continuations, wakes)
        }
        scheduler.cancelAll()
        scheduler.trusting {
            for sleeper in sleepers { sleeper.resume(throwing: CancellationError()) }
        }
        for work in wakes { work.abandon(on: scheduler) }
        scheduler.runUntilIdle()
    }
}

@available(SkillCheckTesting, *)
extension VirtualClock.State {
    /// Takes the first sleeper due by `target` off the heap, with ``now`` at its deadline, and returns what
    /// resumes it; when none is due, moves ``now`` to `settle` (when given and later) and returns `nil`.
    mutating func takeNext(
        dueBy target: VirtualClock.Instant, settlingAt settle: VirtualClock.Instant?
    )
        -> VirtualClock.Wake?
    {
        discardStale()
        if let first = heap.first, first.deadline <= target.offset {
            let woken = slots.modify(first.id) { slot -> VirtualClock.Wake? in
                let wake: VirtualClock.Wake
                switch slot {
                case .sleeping(let continuation, _): wake = .continuation(continuation)
                case .realSleep(let real, _): wake = .real(real.work)
                case .starting, .cancelledEarly, nil: return nil
                }
                slot = nil
                return wake
            }
            if let woken {
                heap.removeFirst()
                sleeping -= 1
                if now.offset < first.deadline { now = VirtualClock.Instant(offset: first.deadline) }
                return woken
            }
        }
        if let settle, now < settle { now = settle }
        return nil
    }
}
