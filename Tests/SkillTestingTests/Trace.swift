import Synchronization

/// An ordered record of what happened, shared by tasks under test.
@available(SkillCheckTesting, *)
final class Trace: Sendable {
    private let lines = Mutex<[String]>([])

    func record(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}
