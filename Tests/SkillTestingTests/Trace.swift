import Synchronization

/// An ordered record of what happened, shared by tasks under test.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class Trace: Sendable {
    private let lines = Mutex<[String]>([])

    func record(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}
