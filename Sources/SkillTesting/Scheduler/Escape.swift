@available(SkillCheckTesting, *)
extension DeterministicScheduler {
    /// Work that left the scheduler, so that the scheduler could no longer order it.
    ///
    /// A scope such as ``withVirtualTime(origin:failOnWarnings:stallTimeout:horizon:maxWakes:realTimeLimit:_:)`` fails
    /// on any escape, naming the task and what to write instead.
    public struct Escape: Sendable, Hashable, CustomStringConvertible {
        /// How the work left.
        public enum Kind: Sendable, Hashable {
            /// Code on the scheduler started an unstructured `Task {}` or `Task.detached`, which runs on the global executor.
            ///
            /// Seen as it starts, where the scheduler cannot run the task itself: where the kit does not interpose task
            /// creation (a sanitizer build, another platform than Linux with glibc).
            case unstructuredTask
            /// Code on the scheduler slept on a real clock (`Task.sleep(for:)`, `ContinuousClock`).
            ///
            /// Seen as it starts. Nothing waits for real time: on a scheduler a ``VirtualClock`` drives, the sleep
            /// lasts as long on the virtual clock, so the code goes on as it would have (a scope reports it once
            /// its body ends); on a bare scheduler it is cut short.
            case realSleep(clock: String, duration: Duration?)
            /// A job came back from a thread outside any task.
            ///
            /// The code had hopped to `@MainActor` or another actor with its own executor, or waited on
            /// Dispatch, a real clock or a continuation resumed elsewhere.
            case cameBack
        }

        public var kind: Kind
        /// The label of the spawned task the work belongs to, when the scheduler can tell.
        public var task: String?
        /// How many jobs the scheduler had run when it saw the escape.
        package var afterJobs: Int
        /// Whether the sleep of a ``Kind/realSleep(clock:duration:)`` lasted its length on the virtual clock
        /// rather than being cut short.
        package var ranOnVirtualTime = false
        /// The function that slept, for a ``Kind/realSleep(clock:duration:)``, when the kit could read it.
        package var caller: String?

        package init(kind: Kind, task: String?, afterJobs: Int) {
            self.kind = kind
            self.task = task
            self.afterJobs = afterJobs
        }

        public var description: String {
            let who = task.map { "task \"\($0)\"" } ?? "a task on the scheduler"
            switch kind {
            case .unstructuredTask:
                return "\(who) started an unstructured Task {} or Task.detached, which runs off the scheduler "
                    + "(after \(afterJobs) jobs): use a task group, async let, or Task(executorPreference:) instead"
            case .realSleep(let clock, let duration):
                let length = duration.map { " for \($0)" } ?? ""
                let site = caller.map { " in \($0)" } ?? ""
                return "\(who) slept\(length) on \(clock), a real clock,\(site) (after \(afterJobs) jobs): sleep on "
                    + "context.clock, the injected clock, instead; "
                    + (ranOnVirtualTime ? "the kit ran that sleep on the virtual clock" : "the real sleep was cut short")
            case .cameBack:
                return "a job of \(who) came back from another thread after \(afterJobs) jobs: code left the "
                    + "scheduler (@MainActor or another actor's executor, Dispatch, a real clock, or a "
                    + "continuation resumed elsewhere) and came back"
            }
        }
    }
}
