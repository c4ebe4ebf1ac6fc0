import Foundation
import Synchronization

/// Keeps every core busy with unrelated arithmetic while a benchmark runs.
@available(SkillCheckTesting, *)
final class BackgroundLoad: Sendable {
    private let running = Atomic<Bool>(true)
    private let finished = Atomic<Int>(0)
    let threads: Int

    init(threads: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.threads = threads
        for _ in 0..<threads {
            let thread = Thread { [self] in
                var x: UInt64 = 1
                while running.load(ordering: .relaxed) {
                    for _ in 0..<10_000 { x = x &* 6364136223846793005 &+ 1442695040888963407 }
                }
                if x == 42 { print("") }
                finished.add(1, ordering: .releasing)
            }
            thread.start()
        }
    }

    func stop() {
        running.store(false, ordering: .relaxed)
        while finished.load(ordering: .acquiring) < threads { Thread.sleep(forTimeInterval: 0.001) }
    }
}
