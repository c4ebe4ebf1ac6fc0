import Foundation

/// Threads of SEND-2's own for its concurrent calls: each is a `TaskExecutor` with one thread and a queue
/// of its own, and the calls are spread over them (a call stays on its thread across its suspensions).
///
/// Why not the global concurrent pool: on 2 cores it has 2 threads, and every job passes through its
/// one shared queue, whose lock orders (in ThreadSanitizer's happens-before sense) a write in one call
/// before a read in the next. A race on the skill's state then shows only when two calls happen to
/// overlap, about one run in ten. Threads that share no lock leave two calls' accesses unordered, which
/// is what ThreadSanitizer reports whether or not they overlapped in time; and more threads than cores
/// make lost updates likelier for the in-process comparison too.
///
/// ```swift
/// let threads = StressThreads(count: 64)
/// defer { threads.stop() }
/// group.addTask(executorPreference: threads[index]) { await call(skill, input) }
/// ```
@available(SkillCheckTesting, *)
final class StressThreads: Sendable {
    private let executors: [Executor]

    init(count: Int) {
        executors = (0..<max(1, count)).map { Executor(name: "skillcheck: SEND-2 thread \($0)") }
    }

    /// The executor for the call numbered `index` (round robin).
    subscript(index: Int) -> any TaskExecutor { executors[index % executors.count] }

    /// Lets each thread end once its queue is empty. A call still suspended keeps nothing running.
    func stop() {
        for executor in executors { executor.stop() }
    }

    /// One thread running the jobs enqueued on it, in order.
    final class Executor: TaskExecutor, @unchecked Sendable {
        // Guarded by `condition`.
        private let condition = NSCondition()
        private var jobs: [UnownedJob] = []
        private var stopped = false

        init(name: String) {
            // The thread holds its executor until its loop ends (after `stop()`, with an empty queue).
            let thread = Thread { self.loop() }
            thread.name = name
            thread.start()
        }

        func enqueue(_ job: consuming ExecutorJob) {
            let job = UnownedJob(job)
            condition.lock()
            jobs.append(job)
            condition.signal()
            condition.unlock()
        }

        func stop() {
            condition.lock()
            stopped = true
            condition.signal()
            condition.unlock()
        }

        private func loop() {
            while true {
                condition.lock()
                while jobs.isEmpty && !stopped { condition.wait() }
                if jobs.isEmpty {
                    condition.unlock()
                    return
                }
                let job = jobs.removeFirst()
                condition.unlock()
                job.runSynchronously(on: asUnownedTaskExecutor())
            }
        }
    }
}
