import Foundation

/// One read of real time, a real id or real randomness in a source file (`Date()`, `Date.now`, `UUID()`,
/// `.random`, `ContinuousClock`, `SuspendingClock`, `Task.sleep` without a clock, `Thread.sleep`, `asyncAfter`),
/// or of the network, files
/// or processes outside the context (`URLSession`, `FileManager`, `Data(contentsOf:)`, `.write(to:)`, `UserDefaults`…).
///
/// TIME-1 reports the first kind in a skill type's own code and the code it reaches, with its file and line,
/// so that a result built from `Date()` is found even when two runs fall within the same second and give the
/// same text; IO-1 reports the second, so that a request or a file on a path no sample takes (a fallback, a
/// cache), or one the run cannot attribute (URLSession connects on a thread of its own), is still named.
/// Found by scanning the source outside comments and string literals (``SourceScanner/code(of:)``).
///
/// ```swift
/// let uses = RealTimeUse.scan("let stamp = Date()", file: "Clock.swift")
/// print(uses[0].kind.fix)   // read the time from the context: context.now
/// ```
@available(SkillCheckTesting, *)
package typealias RealTimeUse = SourceMatch<RealTimeUseKind>

/// The spellings of a read of real time, a real id or real randomness (TIME-1's), or of the network, a file or
/// a process outside the context (IO-1's), each with its fix.
@available(SkillCheckTesting, *)
package enum RealTimeUseKind: String, SourceSpelling {
    case date = "Date()"
    case dateNow = "Date.now"
    case uuid = "UUID()"
    case random = ".random"
    case continuousClock = "ContinuousClock"
    case suspendingClock = "SuspendingClock"
    case taskSleep = "Task.sleep"
    /// A sleep that blocks its thread for real time: `Thread.sleep`, `sleep(_:)`, `usleep`, `nanosleep`, as a
    /// port of Python's `time.sleep` writes it. It ignores cancellation and the virtual clock, so a retry's
    /// back-off waits for real and a cancelled run waits it out, and it holds one of the pool's few threads.
    case threadSleep = "Thread.sleep"
    /// Work scheduled on the host's clock: `DispatchQueue.asyncAfter`, `Timer`, as a port of JavaScript's
    /// `setTimeout` writes it. It fires in real time, never when the virtual clock moves.
    case hostTimer = "asyncAfter/Timer"
    /// `Calendar.isDateInToday(_:)` and its kin, and `timeIntervalSinceNow`: Foundation reads the wall clock.
    case relativeToNow = "isDateInToday/timeIntervalSinceNow"
    /// The host's clocks read directly: `DispatchTime.now()`, `ProcessInfo.processInfo.systemUptime`,
    /// `CFAbsoluteTimeGetCurrent()`, `clock_gettime(…)`. A timer's remaining time measured on them stands still
    /// while virtual time moves, and differs from run to run.
    case hostClock = "DispatchTime.now()"
    /// The network without the context: `URLSession.shared`, a session of its own, `NWConnection`.
    case urlSession = "URLSession"
    /// Files without the context.
    case fileManager = "FileManager"
    case contentsOf = "contentsOf:"
    case writeTo = ".write(to:)"
    case fileHandle = "FileHandle"
    /// Preferences and the keychain: storage of the host's that the context does not see.
    case userDefaults = "UserDefaults"
    /// A process of its own, which outlives a cancelled run.
    case process = "Process()"
    /// The process's environment (an API key, a base URL): no rule fails it, since a setting has to come from
    /// somewhere, but what a run could not judge because of it is skipped, never "not applicable": a key that is
    /// not set here steers every run away from the network it would reach on a machine where it is.
    case environment = "ProcessInfo.environment"

    /// The rule that owns the spelling: IO-1 for the network, files and processes, TIME-1 for time, ids and
    /// randomness; none (empty) for the environment, which only steers (``StaticAnalysis/steeredBySettings(_:typeName:moduleHint:)``).
    package var ruleID: String {
        switch self {
        case .urlSession, .fileManager, .contentsOf, .writeTo, .fileHandle, .userDefaults, .process: "IO-1"
        case .environment: ""
        default: "TIME-1"
        }
    }

    /// The host's clocks, and the other kinds that cover APIs of several names, are named as the source wrote them
    /// (`systemUptime`, `usleep()`, `getenv()`), so that a finding never names an API its line does not call.
    package func label(forSpelling spelling: String) -> String {
        let families: Set<Self> = [.hostClock, .threadSleep, .hostTimer, .contentsOf, .userDefaults, .urlSession, .environment]
        guard families.contains(self) else { return rawValue }
        var name = spelling.filter { !$0.isWhitespace }
        // A bare `sleep(2)` is matched with the character before it and its first digit.
        name = String(name.drop { !($0.isLetter || $0 == ".") })
        // `Data(contentsOf:` keeps its label; `usleep(500` and `sleep(2` lose their arguments.
        if name.hasSuffix(":") { name += ")" } else if let call = name.firstIndex(of: "(") { name = String(name[..<call]) + "()" }
        if let subscripted = name.firstIndex(of: "[") { name = String(name[..<subscripted]) + "[…]" }
        return name.isEmpty ? rawValue : name
    }

    /// What to write instead.
    package var fix: String {
        switch self {
        case .date, .dateNow: "read the time from the context: context.now"
        case .uuid: "make ids with the context: context.newID()"
        case .random: "take randomness from a generator the skill is given (a seeded one in tests), not the system's"
        case .continuousClock, .suspendingClock: "measure and sleep on the context's clock: context.clock"
        case .taskSleep, .threadSleep: "sleep on the context's clock: try await context.clock.sleep(for: …)"
        case .hostTimer: "wait on the context's clock, then do the work: try await context.clock.sleep(for: …)"
        case .hostClock:
            "measure time on the context's clock: let start = context.clock.now, then start.duration(to: context.clock.now)"
        case .relativeToNow:
            "compare with the context's time, which Foundation's isDateInToday and timeIntervalSinceNow do not read: "
                + "calendar.isDate(date, inSameDayAs: context.now), date.timeIntervalSince(context.now)"
        case .urlSession: "reach the network through context.networkService, which tests replace with FakeNetworkService"
        case .fileManager, .contentsOf, .writeTo, .fileHandle, .userDefaults:
            "keep what the skill stores in context.storage, which tests replace with InMemoryDataStore"
        case .process: "do the work in the skill, or behind a service the context gives it"
        case .environment: "give the setting to the skill's init, or read it from context.userInfo, so that a test chooses it"
        }
    }

    package static var patterns: [(Self, Regex<Substring>)] {
        [
            (.date, /\b(?:NS)?Date\s*\(\s*(?:\)|timeIntervalSinceNow\s*:)/),
            (.dateNow, /\bDate\s*\.\s*now\b/),
            (.uuid, /\bUUID\s*\(\s*\)/),
            (.random, /\.\s*random(?:Element)?\s*\((?!.*\busing\s*:)/),
            (.continuousClock, /\bContinuousClock\b/),
            (.suspendingClock, /\bSuspendingClock\b/),
            (.taskSleep, /\bTask\s*\.\s*sleep\s*\((?!.*\bclock\s*:)/),
            // A bare `sleep(` counts only with a number or a conversion to one, as `sleep(2)` or
            // `sleep(UInt32(delay))`: not `clock.sleep(…)`, nor a function of the skill's own called `sleep`.
            (
                .threadSleep,
                /\bThread\s*\.\s*sleep\s*\(|\b(?:usleep|nanosleep)\s*\(|(?:^|[^.\w])sleep\s*\(\s*(?:\d|UInt32\s*\()/
            ),
            (.hostTimer, /\.\s*asyncAfter\s*\(|\bTimer\s*(?:\.\s*(?:scheduledTimer|publish)\b|\(\s*(?:timeInterval|fire))/),
            (.relativeToNow, /\.\s*(?:isDateIn(?:Today|Yesterday|Tomorrow)\s*\(|timeIntervalSinceNow\b)/),
            (
                .hostClock,
                /\bDispatch(?:Wall)?Time\s*\.\s*now\s*\(|\bsystemUptime\b|\b(?:CFAbsoluteTimeGetCurrent|CACurrentMediaTime|mach_absolute_time|mach_continuous_time|clock_gettime|gettimeofday)\s*\(/
            ),
            (.urlSession, /\bURLSession\b|\bNW(?:Connection|Listener)\b/),
            (.fileManager, /\bFileManager\s*(?:\.\s*default\b|\(\s*\))/),
            (
                .contentsOf,
                /\b(?:Data|String|NSData|NSString|NSDictionary|NSArray|XMLParser)\s*\(\s*contentsOf(?:File)?\s*:|\bfopen\s*\(/
            ),
            // `.write(to: &stream)` is TextOutputStreamable's, into memory.
            (.writeTo, /\.\s*write\s*\(\s*(?:to|toFile)\s*:(?!\s*&)/),
            // Standard error and output are the process's log, not storage: `FileHandle.standardError.write(…)` logs.
            (.fileHandle, /\bFileHandle\b(?!\s*\.\s*standard(?:Error|Output)\b)/),
            (.userDefaults, /\bUserDefaults\b|\bNSUbiquitousKeyValueStore\b|\bSecItem(?:Add|CopyMatching|Update|Delete)\s*\(/),
            (.process, /\bProcess\s*\(\s*\)/),
            // `environment["NAME"]` too (its literal blanked here): the dictionary is often kept first
            // (`let environment = ProcessInfo…`).
            (.environment, /\bProcessInfo\s*(?:\.\s*processInfo|\(\s*\))\s*\.\s*environment\b|\bgetenv\s*\(|\benvironment\s*\[\s+\]/),
        ]
    }
}
