import Foundation
import SkillCheckSupport

/// The threads that drive virtual-time scopes, kept and reused: starting a thread costs more than a whole
/// small scope (about 150 µs against 15 µs for a retry scenario), so a finished driver waits for the next
/// scope instead of ending.
///
/// A finished driver first polls for new work for a moment before it sleeps on its semaphore, and the
/// scope's caller polls for the driver's verdict the same way: tests run their scopes back to back, and
/// handing work to a thread that is awake costs a lock, where waking a sleeping one costs two context
/// switches. How long to poll adapts (``SpinBudget``): on a machine whose cores are busy the other thread
/// is rarely running, polling only wastes time, and the budget falls to nothing. Every handoff goes
/// through a ``Locked`` (an `NSLock`, which ThreadSanitizer understands) and a `DispatchSemaphore`.
///
/// A driver that never comes back (the scope's body is stuck inside one job, with no suspension point)
/// is simply never returned here: the next scope gets another thread. At most ``maximumIdle`` threads
/// wait at a time; one more ends when its scope does.
///
/// ```swift
/// DriverThreads.shared.run { loop() }    // on an idle driver thread, or a new one
/// ```
@available(SkillCheckTesting, *)
final class DriverThreads: Sendable {
    static let shared = DriverThreads()

    /// How many finished drivers wait for another scope: as many as scopes usually run at once.
    static let maximumIdle = 4

    /// How long a thread polls before it sleeps, adapted to how often polling pays.
    static let spin = SpinBudget()

    /// One thread, and the work it was given.
    final class Driver: Sendable {
        struct State {
            var work: (@Sendable () -> Void)?
            /// Waiting on ``ready``: giving it work must signal.
            var sleeping = false
        }

        let ready = DispatchSemaphore(value: 0)
        let state = Locked(State())

        /// Gives the driver `work`, waking it if it sleeps.
        func give(_ work: @escaping @Sendable () -> Void) {
            let wake = state.withLock { state in
                state.work = work
                defer { state.sleeping = false }
                return state.sleeping
            }
            if wake { ready.signal() }
        }

        /// The next piece of work: polled for ``DriverThreads/spin``, then waited for.
        func next() -> @Sendable () -> Void {
            let clock = ContinuousClock()
            let budget = DriverThreads.spin.budget()
            let until = clock.now.advanced(by: budget)
            var polled = false
            enum Step {
                case work(@Sendable () -> Void)
                case sleep
                case poll
            }
            while true {
                let step = state.withLock { state -> Step in
                    if let work = state.work {
                        state.work = nil
                        return .work(work)
                    }
                    guard clock.now >= until else { return .poll }
                    state.sleeping = true
                    return .sleep
                }
                switch step {
                case .work(let work):
                    if budget > .zero { DriverThreads.spin.record(paid: !polled || clock.now < until) }
                    return work
                // Work given after the lock was released signals, so this returns at once.
                case .sleep:
                    polled = true
                    ready.wait()
                case .poll: continue
                }
            }
        }
    }

    private let idle = Locked<[Driver]>([])

    /// Runs `work` on a driver thread of its own, returning at once.
    func run(_ work: @escaping @Sendable () -> Void) {
        if let driver = idle.withLock({ $0.popLast() }) {
            driver.give(work)
            return
        }
        let driver = Driver()
        driver.give(work)
        let thread = Thread { [self] in serve(driver) }
        thread.name = "SkillTesting virtual-time driver"
        thread.start()
    }

    /// A driver thread's life: do the work it was given, then wait to be given more, or end when enough
    /// drivers are already waiting.
    private func serve(_ driver: Driver) {
        while true {
            driver.next()()
            let kept = idle.withLock { idle in
                guard idle.count < Self.maximumIdle else { return false }
                idle.append(driver)
                return true
            }
            if !kept { return }
        }
    }
}

/// How long a thread that hands work to another polls for the answer before it sleeps: up to
/// ``maximum``, halved each time polling did not pay (the answer came only after the thread slept), grown
/// again each time it did, and tried again now and then once it has fallen to nothing.
@available(SkillCheckTesting, *)
final class SpinBudget: Sendable {
    static let maximum: Duration = .microseconds(100)

    struct State {
        var microseconds = 100
        /// Waits since polling last stopped paying.
        var skipped = 0
    }

    let state = Locked(State())

    /// How long to poll this time.
    func budget() -> Duration {
        state.withLock { state in
            if state.microseconds == 0 {
                state.skipped += 1
                // Try again, in full, every 16 waits: the load that made polling useless may be gone.
                if state.skipped % 16 == 0 { return Self.maximum }
            }
            return .microseconds(state.microseconds)
        }
    }

    /// Whether polling paid this time: the answer came while polling.
    func record(paid: Bool) {
        state.withLock { state in
            if paid {
                state.microseconds = min(Int(Self.maximum.inMicroseconds), max(10, state.microseconds * 2))
                state.skipped = 0
            } else {
                state.microseconds /= 2
                if state.microseconds < 5 { state.microseconds = 0 }
            }
        }
    }
}

/// Waits for `semaphore`, polling `isDone` first for as long as ``DriverThreads/spin`` allows: a scope
/// that ends within that time is noticed without the waiting thread going to sleep. Returns false when
/// `timeout` passed.
@available(SkillCheckTesting, *)
func waitBriefly(for semaphore: DispatchSemaphore, isDone: () -> Bool, timeout: Duration) -> Bool {
    let clock = ContinuousClock()
    let budget = DriverThreads.spin.budget()
    let until = clock.now.advanced(by: budget)
    while budget > .zero, clock.now < until {
        if isDone() {
            DriverThreads.spin.record(paid: true)
            semaphore.wait() // signalled already: takes its count at once
            return true
        }
    }
    if budget > .zero { DriverThreads.spin.record(paid: false) }
    return semaphore.wait(timeout: .now() + .nanoseconds(max(0, (timeout - budget).inNanoseconds))) == .success
}
