import Foundation
import SkillCheckSupport
import SkillEngine
import SkillKit

/// A clock for code that runs on the real concurrent executor: a sleep returns at once, moving this
/// clock's time to its deadline, after one `Task.yield()`, so that concurrent callers interleave there
/// as they would around a real wait. Each call of a stress run gets its own, so each sees the same time
/// line as it would alone.
@available(SkillCheckTesting, *)
final class ImmediateClock: Clock, Sendable {
    struct Instant: InstantProtocol, Hashable, Sendable {
        var offset: Duration
        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private let time = Locked(Instant(offset: .zero))
    let origin: Date

    init(origin: Date) { self.origin = origin }

    var now: Instant { time.withLock { $0 } }
    var minimumResolution: Duration { .zero }

    func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        await Task.yield()
        try Task.checkCancellation()
        time.withLock { $0 = max($0, deadline) }
    }

    /// The date this clock reads now.
    var date: Date {
        origin.addingTimeInterval(now.offset.inSeconds)
    }
}
