/// Why ``VirtualClock/run(horizon:maxWakes:)`` or a virtual-time scope gave up.
@available(SkillCheckTesting, *)
public enum VirtualClockError: Error, Hashable, CustomStringConvertible {
    /// Time would pass beyond the horizon: this sleeper is due after it.
    case horizonExceeded(horizon: Duration, next: PendingSleeper)
    /// The clock woke this many sleepers and there are still more: this one is next.
    case tooManyWakes(limit: Int, next: PendingSleeper)
    /// Nothing is runnable and nothing sleeps, yet these tasks have not finished.
    ///
    /// They wait on something outside the scheduler, or on a continuation that is never resumed.
    case stalled(unfinished: [String])
    /// Work left the scheduler, so time could not move on without guessing.
    case escaped([DeterministicScheduler.Escape])
    /// The clock or its scheduler was used in a way that cannot work: each message says what to write.
    case misused([String])
    /// The scope was still running after `limit` of real time while virtual time stood still or crept.
    ///
    /// A loop that never ends (it polls or retries without sleeping on the clock, or ignores cancellation).
    ///
    /// `suspends` is false when the loop has no suspension point at all: its thread could not be stopped and is
    /// left running.
    case overran(limit: Duration, unfinished: [String], suspends: Bool)

    /// The words of a stall's description that say the body waits outside the scheduler, for a reader of a report
    /// to tell a stall from the other ways a run does not end.
    package static let outsideWait = "it waits on work outside the scheduler"

    public var description: String {
        switch self {
        case .horizonExceeded(let horizon, let next):
            "virtual time would pass the horizon of \(horizon): \(next) never ends"
        case .tooManyWakes(let limit, let next):
            "woke \(limit) sleepers and time still goes on: \(next) never ends"
        case .stalled(let unfinished):
            "no job is runnable and no sleeper is pending, but \(unfinished.joined(separator: ", ")) "
                + "never finished: \(Self.outsideWait) ("
                + (DeterministicScheduler.adoptsUnstructuredTasks ? "" : "Task {}, Task.detached, ")
                + "@MainActor, a real clock, Dispatch) or on a continuation nobody resumes (or on a Task {} that waits "
                + "so: a Task {} is not cancelled with the task that awaits it)"
        case .overran(let limit, let unfinished, let suspends):
            "still running after \(limit) of real time: \(unfinished.joined(separator: ", ")) never finished. "
                + "A loop keeps it busy without ending: it polls or retries without sleeping on the clock, or "
                + "catches CancellationError (a `try?`, a catch-all) and goes round again; check "
                + "`Task.isCancelled` or use `try` so that cancellation ends it"
                + (suspends ? "" : ". The loop never suspends, so its thread could not be stopped and is still running")
        case .misused(let messages):
            messages.joined(separator: "\n")
        case .escaped(let escapes):
            "work left the scheduler, so virtual time stopped:\n" + escapes.map { "  escape: \($0)" }.joined(separator: "\n")
        }
    }
}

/// What a virtual-time scope found left over at its end.
@available(SkillCheckTesting, *)
public struct VirtualTimeLeftovers: Error, Hashable, CustomStringConvertible {
    public var sleepers: [PendingSleeper]
    public var tasks: [String]
    public var escapes: [DeterministicScheduler.Escape]
    public var warnings: [String]

    package var isEmpty: Bool { sleepers.isEmpty && tasks.isEmpty && escapes.isEmpty }

    public var description: String {
        var lines = ["virtual-time scope ended with work left over:"]
        lines += sleepers.map { "  sleeper: \($0)" }
        lines += tasks.map { "  unfinished task: \($0)" }
        lines += escapes.map { "  escape: \($0)" }
        lines += warnings.map { "  warning: \($0)" }
        return lines.joined(separator: "\n")
    }
}
