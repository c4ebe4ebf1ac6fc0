import Foundation

/// One read of real time, a real id or real randomness in a source file: `Date()`, `Date.now`, `UUID()`,
/// `.random`, `ContinuousClock`, `SuspendingClock` or `Task.sleep` without a clock.
///
/// TIME-1 reports each one in a skill type's own code with its file and line, so that a result built
/// from `Date()` is found even when two runs fall within the same second and give the same text. Found
/// by scanning the source outside comments and string literals (``SourceScanner/code(of:)``).
///
/// ```swift
/// let uses = RealTimeUse.scan("let stamp = Date()", file: "Clock.swift")
/// print(uses[0].kind.fix)   // read the time from the context: context.now
/// ```
@available(SkillCheckTesting, *)
package typealias RealTimeUse = SourceMatch<RealTimeUseKind>

/// The spellings of a read of real time, a real id or real randomness, each with its fix.
@available(SkillCheckTesting, *)
package enum RealTimeUseKind: String, SourceSpelling {
    case date = "Date()"
    case dateNow = "Date.now"
    case uuid = "UUID()"
    case random = ".random"
    case continuousClock = "ContinuousClock"
    case suspendingClock = "SuspendingClock"
    case taskSleep = "Task.sleep"
    /// `Calendar.isDateInToday(_:)` and its kin, and `timeIntervalSinceNow`: Foundation reads the wall clock.
    case relativeToNow = "isDateInToday/timeIntervalSinceNow"
    /// The host's clocks read directly: `DispatchTime.now()`, `ProcessInfo.processInfo.systemUptime`,
    /// `CFAbsoluteTimeGetCurrent()`, `clock_gettime(…)`. A timer's remaining time measured on them stands still
    /// while virtual time moves, and differs from run to run.
    case hostClock = "DispatchTime.now()"

    /// What to write instead.
    package var fix: String {
        switch self {
        case .date, .dateNow: "read the time from the context: context.now"
        case .uuid: "make ids with the context: context.newID()"
        case .random: "take randomness from a generator the skill is given (a seeded one in tests), not the system's"
        case .continuousClock, .suspendingClock: "measure and sleep on the context's clock: context.clock"
        case .taskSleep: "sleep on the context's clock: try await context.clock.sleep(for: …)"
        case .hostClock:
            "measure time on the context's clock: let start = context.clock.now, then start.duration(to: context.clock.now)"
        case .relativeToNow:
            "compare with the context's time, which Foundation's isDateInToday and timeIntervalSinceNow do not read: "
                + "calendar.isDate(date, inSameDayAs: context.now), date.timeIntervalSince(context.now)"
        }
    }

    package static var patterns: [(Self, Regex<Substring>)] {
        [
            (.date, /\bDate\s*\(\s*(?:\)|timeIntervalSinceNow\s*:)/),
            (.dateNow, /\bDate\s*\.\s*now\b/),
            (.uuid, /\bUUID\s*\(\s*\)/),
            (.random, /\.\s*random(?:Element)?\s*\((?!.*\busing\s*:)/),
            (.continuousClock, /\bContinuousClock\b/),
            (.suspendingClock, /\bSuspendingClock\b/),
            (.taskSleep, /\bTask\s*\.\s*sleep\s*\((?!.*\bclock\s*:)/),
            (.relativeToNow, /\.\s*(?:isDateIn(?:Today|Yesterday|Tomorrow)\s*\(|timeIntervalSinceNow\b)/),
            (
                .hostClock,
                /\bDispatch(?:Wall)?Time\s*\.\s*now\s*\(|\bsystemUptime\b|\b(?:CFAbsoluteTimeGetCurrent|CACurrentMediaTime|mach_absolute_time|mach_continuous_time|clock_gettime|gettimeofday)\s*\(/
            ),
        ]
    }
}
