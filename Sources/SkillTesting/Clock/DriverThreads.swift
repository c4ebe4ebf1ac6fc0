import Foundation
import SkillCheckSupport

/// The threads that drive virtual-time scopes, kept and reused: starting a thread costs more than a whole
/// small scope (about 150 µs against 15 µs for a retry scenario), so a finished driver waits for the next
/// scope instead of ending.
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

    /// One thread, waiting on its semaphore for the next piece of work.
    final class Driver: Sendable {
        let ready = DispatchSemaphore(value: 0)
        let work = Locked<(@Sendable () -> Void)?>(nil)
    }

    private let idle = Locked<[Driver]>([])

    /// Runs `work` on a driver thread of its own, returning at once.
    func run(_ work: @escaping @Sendable () -> Void) {
        if let driver = idle.withLock({ $0.popLast() }) {
            driver.work.withLock { $0 = work }
            driver.ready.signal()
            return
        }
        let driver = Driver()
        driver.work.withLock { $0 = work }
        let thread = Thread { [self] in serve(driver) }
        thread.name = "SkillTesting virtual-time driver"
        thread.start()
        driver.ready.signal()
    }

    /// A driver thread's life: take the work it was given, do it, then wait to be given more, or end when
    /// enough drivers are already waiting.
    private func serve(_ driver: Driver) {
        while true {
            driver.ready.wait()
            let work = driver.work.withLock { work in
                defer { work = nil }
                return work
            }
            work?()
            let kept = idle.withLock { idle in
                guard idle.count < Self.maximumIdle else { return false }
                idle.append(driver)
                return true
            }
            if !kept { return }
        }
    }
}
