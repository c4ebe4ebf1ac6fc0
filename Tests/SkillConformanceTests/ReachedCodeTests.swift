import Foundation
import SkillKit
import SkillTesting
import Testing

@testable import SkillConformance

/// TIME-1's source scan reads what a skill's code calls, not only the skill's own declaration: a retry helper's
/// real sleep or a fallback's `Date()` runs only on the path a fault opens, which a run may never take.
@Suite("TIME-1's source scan follows the skill's calls")
struct ReachedCodeTests {
    static let file = "/tmp/reach/Sources/Retry/Retry.swift"

    /// A tool that calls a top-level retry helper (which calls another) and names a helper type; a type and a
    /// function nobody calls read the clock too.
    static let source = """
        import Foundation

        func fetchWithRetries(_ url: String) async throws -> String {
            try await Task.sleep(nanoseconds: UInt64(Double.random(in: 1...2) * 1e9))
            return backoff(url)
        }

        func backoff(_ url: String) -> String { "\\(url) at \\(Date())" }

        struct MarketTool {
            let name = "market"
            func run() async throws -> String {
                let stamp = Helper.stamp()
                return try await fetchWithRetries(name) + stamp
            }
            func unrelated() -> String { "" }
        }

        struct Helper {
            static func stamp() -> String { "\\(Date.now)" }
        }

        struct Unused {
            let made = Date()
        }

        func unrelated() -> UUID { UUID() }
        """

    static func analysis() throws -> StaticAnalysis {
        try reachAnalysis(
            module: "Retry", file: file, source: source,
            types: [("MarketTool", 10, "struct"), ("Helper", 19, "struct"), ("Unused", 23, "struct")])
    }

    @Test("reads in the functions the skill calls, what they call, and the types it names fail TIME-1, saying how they are reached")
    func followsCalls() throws {
        let findings = try Self.analysis().realTimeFindings(typeName: "MarketTool", skillID: "market")
        #expect(findings.allSatisfy { $0.outcome == .failed })
        #expect(
            findings.map(\.subject) == [
                "`Task.sleep` at \(Self.file):4:15", "`.random` at \(Self.file):4:52", "`Date()` at \(Self.file):8:54",
                "`Date.now` at \(Self.file):20:40",
            ])
        #expect(findings[0].observed.hasPrefix("in `fetchWithRetries(…)`, which MarketTool calls: `"))
        #expect(findings[2].observed.hasPrefix("in `backoff(…)`, which `fetchWithRetries(…)` calls: `"))
        #expect(findings[3].observed.hasPrefix("in `Helper.stamp(…)`, which MarketTool calls: `"))
    }

    @Test("a top-level variable's initialiser runs where the skill first uses it: what it calls and names is reached too")
    func followsGlobalInitialisers() throws {
        // The MCP time server's `local_tz = get_local_tz(args.local_timezone)`, ported: a global computed once.
        let file = "/tmp/reach/Sources/Time/Time.swift"
        let source = """
            import Foundation

            func localZone(_ override: String?) -> String { override ?? "\\(Date())" }

            let zone = localZone(
                Settings.zoneOverride)

            enum Settings {
                static let zoneOverride: String? = nil
            }

            struct TimeTool {
                func run() -> String { zone }
            }

            let unused = Date()
            """
        let analysis = try reachAnalysis(
            module: "Time", file: file, source: source, types: [("Settings", 8, "enum"), ("TimeTool", 12, "struct")])
        let findings = analysis.realTimeFindings(typeName: "TimeTool", skillID: "time")
        #expect(findings.map(\.subject) == ["`Date()` at \(file):3:64"], "\(findings.map(\.message))")
        #expect(findings.first?.observed.hasPrefix("in `localZone(…)`, which `zone` calls: `") == true, "\(findings.map(\.message))")
        #expect(analysis.reach(from: ["Time.TimeTool"], root: "Time.TimeTool").types["Time.Settings"] == "`Settings`, which `zone` uses")
    }

    @Test("a type and a function the skill never reaches are not its findings; and a member or a declaration is no call")
    func onlyWhatIsReached() throws {
        let analysis = try Self.analysis()
        let helper = analysis.realTimeFindings(typeName: "Helper", skillID: "helper")
        #expect(helper.map(\.subject) == ["`Date.now` at \(Self.file):20:40"])
        let unused = analysis.realTimeFindings(typeName: "Unused", skillID: "unused")
        #expect(unused.map(\.subject) == ["`Date()` at \(Self.file):24:16"])
        #expect(StaticAnalysis.calls("x = fetch(1)", "fetch") && !StaticAnalysis.calls("x = self.fetch(1)", "fetch"))
        #expect(!StaticAnalysis.calls("func fetch(_ a: Int)", "fetch") && !StaticAnalysis.calls("refetch(1)", "fetch"))
        #expect(StaticAnalysis.names("Helper.stamp()", "Helper") && !StaticAnalysis.names("let h: Helper", "Helper"))
        #expect(StaticAnalysis.refers(to: "save", in: "try await fs.save(x)") && StaticAnalysis.refers(to: "save", in: "save(x)"))
        #expect(!StaticAnalysis.refers(to: "save", in: "func save(_ x: Int)"))
        #expect(!StaticAnalysis.refers(to: "save", in: "autosave(x); saved"))
    }

    /// A read tool and a write tool share a file-system helper they hold; only the write method stamps `Date()`.
    static let filesFile = "/tmp/reach/Sources/Files/Files.swift"
    static let files = """
        import Foundation

        struct FileSystem {
            let root: String
            func read(_ path: String) -> String { root + path }
            func write(_ path: String, _ text: String) -> String {
                let stamp = Date()
                return normalise(path) + text + "\\(stamp)"
            }
            private func normalise(_ path: String) -> String { path + "\\(UUID())" }
        }

        struct ReadTool {
            let fs = FileSystem(root: "/")
            func run(_ path: String) -> String { fs.read(path) }
        }

        struct WriteTool {
            let fs = FileSystem(root: "/")
            func run(_ path: String) -> String { fs.write(path, "x") }
        }
        """

    @Test("a tool answers for the methods of a helper it holds that its code calls, and what those call, not the others")
    func helperMethodsTheToolCalls() throws {
        let analysis = try reachAnalysis(
            module: "Files", file: Self.filesFile, source: Self.files,
            types: [("FileSystem", 3, "struct"), ("ReadTool", 13, "struct"), ("WriteTool", 18, "struct")])
        let read = analysis.realTimeFindings(typeName: "ReadTool", skillID: "read")
        #expect(read.map(\.outcome) == [.passed], "\(read.map(\.message))")
        let write = analysis.realTimeFindings(typeName: "WriteTool", skillID: "write")
        #expect(
            write.map(\.subject) == ["`Date()` at \(Self.filesFile):7:21", "`UUID()` at \(Self.filesFile):10:66"], "\(write.map(\.message))"
        )
        #expect(write.first?.observed.hasPrefix("in `FileSystem.write(…)`, which WriteTool calls: `") == true)
        #expect(write.last?.observed.hasPrefix("in `FileSystem.normalise(…)`, which `FileSystem.write(…)` calls: `") == true)
    }

    /// A timer tool that keeps its timers in a shared manager, reached through `.shared` rather than held: the
    /// manager's `@unchecked Sendable` is the tool's escape hatch, and its monotonic clock a read of real time.
    static let timersFile = "/tmp/reach/Sources/Timers/Timers.swift"
    static let timers = """
        import Foundation

        final class TimerManager: @unchecked Sendable {
            static let shared = TimerManager()
            var started: [String: UInt64] = [:]
            func start(_ name: String) { started[name] = DispatchTime.now().uptimeNanoseconds }
            func uptime() -> Double { ProcessInfo.processInfo.systemUptime }
        }

        struct StartTimerTool {
            func run(_ name: String) { TimerManager.shared.start(name) }
        }

        struct DurationTool {
            func run(_ minutes: Int) -> String { "\\(minutes * 60) s" }
        }

        final class Alarm: @unchecked Sendable {
            var stoppedAt: UInt64 = 0
            func stop() { stoppedAt = DispatchTime.now().uptimeNanoseconds }
        }

        final class Alarms: @unchecked Sendable {
            static let shared = Alarms()
            var alarms: [String: Alarm] = [:]
            func stop(_ name: String) { alarms[name]?.stop() }
        }

        struct StopAlarmTool {
            func run(_ name: String) { Alarms.shared.stop(name) }
        }
        """

    static func timersAnalysis() throws -> StaticAnalysis {
        try reachAnalysis(
            module: "Timers", file: timersFile, source: timers,
            types: [
                ("TimerManager", 3, "class"), ("StartTimerTool", 10, "struct"), ("DurationTool", 14, "struct"), ("Alarm", 18, "class"),
                ("Alarms", 23, "class"), ("StopAlarmTool", 29, "struct"),
            ])
    }

    @Test("an @unchecked Sendable type the skill reaches is its escape hatch (SEND-3); one it never names is not")
    func escapeHatchInReachedType() throws {
        let analysis = try Self.timersAnalysis()
        let start = analysis.escapeHatchFindings(typeName: "StartTimerTool", skillID: "timer.start", sendTwoPassed: false)
        #expect(start.map(\.outcome) == [.warning], "\(start.map(\.message))")
        #expect(start.first?.subject == "`@unchecked Sendable` at \(Self.timersFile):3:27")
        #expect(start.first?.observed.hasPrefix("in `TimerManager`, which StartTimerTool uses: `") == true)
        let duration = analysis.escapeHatchFindings(typeName: "DurationTool", skillID: "timer.duration", sendTwoPassed: false)
        #expect(duration.map(\.outcome) == [.passed], "\(duration.map(\.message))")
    }

    @Test("the host's clocks read directly fail TIME-1: DispatchTime.now(), systemUptime; in a method the tool never calls, not")
    func hostClocks() throws {
        let findings = try Self.timersAnalysis().realTimeFindings(typeName: "StartTimerTool", skillID: "timer.start")
        #expect(findings.map(\.subject) == ["`DispatchTime.now()` at \(Self.timersFile):6:50"], "\(findings.map(\.message))")
        #expect(findings.allSatisfy { $0.outcome == .failed && $0.observed.contains("context.clock.now") })
        #expect(findings.first?.observed.hasPrefix("in `TimerManager.start(…)`, which StartTimerTool calls: `") == true)
        let uptime = RealTimeUse.scan(Self.timers, file: Self.timersFile).filter { $0.line == 7 }
        #expect(uptime.map(\.kind) == [.hostClock])
        // A finding names what its line calls, not the first API of the kind.
        #expect(uptime.map(\.label) == ["systemUptime"])
        // A method called on a value of a type the code only mentions (`[String: Alarm]`) counts too.
        let stop = try Self.timersAnalysis().realTimeFindings(typeName: "StopAlarmTool", skillID: "alarm.stop")
        #expect(stop.map(\.subject) == ["`DispatchTime.now()` at \(Self.timersFile):20:31"], "\(stop.map(\.message))")
        // (Methods are matched by name: `Alarms.shared.stop(name)` is taken for a call of either `stop`.)
        #expect(stop.first?.observed.hasPrefix("in `Alarm.stop(…)`, which ") == true, "\(stop.map(\.observed))")
        let scanned = RealTimeUse.scan(
            "let t = CFAbsoluteTimeGetCurrent(); var ts = timespec(); clock_gettime(CLOCK_MONOTONIC, &ts)", file: "T.swift")
        #expect(scanned.map(\.kind) == [.hostClock, .hostClock])
        #expect(RealTimeUse.scan("let t = dispatchTimeNow(); let later = DispatchTime.now", file: "T.swift").isEmpty)
        // Ports of `time.sleep` and `setTimeout`: sleeps that block a thread, and work on the host's timers.
        let sleeps = RealTimeUse.scan(
            "Thread.sleep(forTimeInterval: delay); sleep(2); sleep(UInt32(backoff)); usleep(500_000); "
                + "DispatchQueue.global().asyncAfter(deadline: later) { }; Timer.scheduledTimer(withTimeInterval: 1, repeats: false) { _ in }; "
                + "let stamp = NSDate()",
            file: "T.swift")
        #expect(sleeps.map(\.kind) == [.threadSleep, .threadSleep, .threadSleep, .threadSleep, .hostTimer, .hostTimer, .date])
        #expect(
            sleeps.map(\.label) == ["Thread.sleep()", "sleep()", "sleep()", "usleep()", ".asyncAfter()", "Timer.scheduledTimer", "Date()"])
        #expect(scanned.map(\.label) == ["CFAbsoluteTimeGetCurrent()", "clock_gettime()"])
        let reads = RealTimeUse.scan(#"let key = getenv("KEY"); let env = ProcessInfo.processInfo.environment"#, file: "T.swift")
        #expect(reads.map(\.label) == ["getenv()", "ProcessInfo.processInfo.environment"])
        let files = RealTimeUse.scan(#"let data = try Data(contentsOf: url); let f = fopen(path, "r")"#, file: "T.swift")
        #expect(files.map(\.label) == ["Data(contentsOf:)", "fopen()"])
        #expect(
            RealTimeUse.scan(
                "try await context.clock.sleep(for: .seconds(2)); try await clock.sleep(until: deadline); func sleep(seconds: Int) { }; "
                    + "let timer = timerFactory(); self.sleep(3)",
                file: "T.swift"
            ).isEmpty)
    }

    /// A page tool that reads a cache file first and fetches with URLSession when it misses: the fetch is on a
    /// path the run may never take, and URLSession connects on a thread of its own, which the run cannot see.
    static let pagesFile = "/tmp/reach/Sources/Pages/Pages.swift"
    static let pages = """
        import Foundation

        struct PageTool {
            let cache = PageCache()
            func run(_ url: URL) async throws -> Data {
                if let hit = cache.read(url) { return hit }
                let (data, _) = try await URLSession.shared.data(from: url)
                return data
            }
        }

        struct PageCache {
            func read(_ url: URL) -> Data? { try? Data(contentsOf: FileManager.default.temporaryDirectory.appendingPathComponent(url.path)) }
            func log(_ text: String, to stream: inout String) { text.write(to: &stream) }
        }
        """

    @Test("the network and files used outside the context fail IO-1 from the source, on a path no run takes; TIME-1 is not theirs")
    func networkAndFilesInSource() throws {
        let analysis = try reachAnalysis(
            module: "Pages", file: Self.pagesFile, source: Self.pages, types: [("PageTool", 3, "struct"), ("PageCache", 12, "struct")])
        let io = analysis.realIOFindings(typeName: "PageTool", skillID: "pages")
        #expect(
            io.map(\.subject) == [
                "`URLSession` at \(Self.pagesFile):7:35", "`Data(contentsOf:)` at \(Self.pagesFile):13:43",
                "`FileManager` at \(Self.pagesFile):13:60",
            ], "\(io.map(\.message))")
        #expect(io.allSatisfy { $0.outcome == .failed && $0.ruleID == "IO-1" })
        #expect(io.first?.observed.contains("context.networkService") == true)
        #expect(io.last?.observed.hasPrefix("in `PageCache.read(…)`, which PageTool calls: `") == true, "\(io.map(\.observed))")
        #expect(analysis.realTimeFindings(typeName: "PageTool", skillID: "pages").map(\.outcome) == [.passed])
        let scanned = RealTimeUse.scan(
            "let p = Process(); let c = NWConnection(to: end, using: .tcp); try data.write(to: url); let h = FileHandle(forWritingAtPath: path); "
                + "let on = UserDefaults.standard.bool(forKey: \"loggedIn\")",
            file: "T.swift")
        #expect(scanned.map(\.kind) == [.process, .urlSession, .writeTo, .fileHandle, .userDefaults])
        #expect(RealTimeUse.scan("print(x, to: &log); value.write(to: &stream); let session = sessionFactory()", file: "T.swift").isEmpty)
        // A log line on standard error is no file the context should see.
        #expect(
            RealTimeUse.scan("FileHandle.standardError.write(Data(line.utf8)); FileHandle .standardOutput.write(d)", file: "T.swift")
                .isEmpty)
    }

    /// A weather tool that reads its key from the environment, in a helper, and answers without the network when
    /// it is not set: here, every run.
    static let keyedFile = "/tmp/reach/Sources/Keyed/Keyed.swift"
    static let keyed = """
        import Foundation

        struct KeyedWeatherTool {
            let settings = Settings()
            func run() async throws -> String {
                guard let key = settings.key else { return "Set WEATHER_API_KEY to get the weather." }
                return key
            }
        }

        struct Settings {
            var key: String? { ProcessInfo.processInfo.environment["WEATHER_API_KEY"] }
        }
        """

    @Test(
        "a stall is no hang, nor a trap in FoundationNetworking the skill's, when its code waits on a real server; in other code both fail")
    func stallOnRealRequest() throws {
        let source = """
            import Foundation

            struct FetchTool {
                func fetch(_ url: URL) async throws -> Data {
                    let (data, _) = try await URLSession.shared.data(from: url)
                    return data
                }
            }

            struct StuckTool {
                func wait() async { await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in } }
            }
            """
        let analysis = try reachAnalysis(
            module: "Fetch", file: "/tmp/reach/Sources/Fetch/Fetch.swift", source: source,
            types: [("FetchTool", 3, "struct"), ("StuckTool", 10, "struct")])
        let stall = VirtualClockError.stalled(unfinished: ["the withVirtualTime body"])
        let findings = [
            Finding(
                ruleID: "HANG-1", skillID: "fetch", outcome: .failed, subject: "working fakes, arguments \"{}\"",
                expected: "the run ends (returns or throws)", observed: "the run did not end: \(stall)"),
            Finding(
                ruleID: "HANG-1", skillID: "fetch", outcome: .failed, subject: "network timeout, arguments \"{}\"",
                expected: "the run ends (returns or throws)",
                observed:
                    "the run did not end: \(VirtualClockError.overran(limit: .seconds(5), unfinished: ["the withVirtualTime body"], suspends: true))"
            ),
            Finding(
                ruleID: "CRASH-1", skillID: "fetch", outcome: .failed, subject: "the checks, in a process of their own",
                expected: "every check runs to its end",
                observed: "the process was killed by signal 4 (SIGILL) while checking SEND-4: FoundationNetworking/TaskRegistry.swift:118: "
                    + "Fatal error: Trying to access a behaviour for a task that in not in the registry."),
            Finding(
                ruleID: "CRASH-1", skillID: "fetch", outcome: .failed, subject: "the checks, in a process of their own",
                expected: "every check runs to its end",
                observed: "the process was killed by signal 4 (SIGILL) while checking ERR-2: Fetch/Fetch.swift:9: Fatal error: "
                    + "Unexpectedly found nil while unwrapping an Optional value"),
        ]
        let fetch = analysis.steeredByRealWorld(findings, typeName: "FetchTool")
        guard case .skipped(let reason) = fetch[0].outcome else {
            Issue.record("the stall was \(fetch[0].outcome)")
            return
        }
        #expect(
            reason.contains("`URLSession` at /tmp/reach/Sources/Fetch/Fetch.swift:5:") && reason.contains("which IO-1 fails"), "\(reason)")
        #expect(fetch[1].outcome == .failed, "a loop that never ends is a hang whatever else the code does")
        guard case .skipped(let trap) = fetch[2].outcome else {
            Issue.record("the networking trap was \(fetch[2].outcome)")
            return
        }
        #expect(trap.hasPrefix("the trap is inside FoundationNetworking, serving a real request the skill's code makes (`URLSession` at"))
        #expect(fetch[3].outcome == .failed, "a trap in the skill's own code stays a failure")
        #expect(analysis.steeredByRealWorld(findings, typeName: "StuckTool").map(\.outcome) == [.failed, .failed, .failed, .failed])
    }

    @Test("a setting that only mentions a token gets no placeholder: the skill would parse the kit's value")
    func tokenLimitIsNoCredential() throws {
        let source = """
            import Foundation

            struct ResearchTool {
                var key: String? { ProcessInfo.processInfo.environment["OPENAI_API_KEY"] }
                var limit: Int { Int(ProcessInfo.processInfo.environment["SMART_TOKEN_LIMIT"] ?? "4000") ?? 0 }
            }
            """
        let analysis = try reachAnalysis(
            module: "Research", file: "/tmp/reach/Sources/Research/Research.swift", source: source,
            types: [("ResearchTool", 3, "struct")])
        #expect(analysis.credentialNames(typeName: "ResearchTool") == ["OPENAI_API_KEY"])
    }

    @Test("a credential read through a constant that names it gets its placeholder, and the read no longer steers")
    func credentialThroughConstant() throws {
        let source = """
            import Foundation

            struct SearchTool {
                static let keyVariable = "TAVILY_API_KEY"
                var key: String? { ProcessInfo.processInfo.environment[Self.keyVariable] }
                var token: String? { getenv(tokenName).map { String(cString: $0) } }
            }
            let tokenName: String = "SEARCH_TOKEN"
            """
        let analysis = try reachAnalysis(
            module: "Search", file: "/tmp/reach/Sources/Search/Search.swift", source: source, types: [("SearchTool", 3, "struct")])
        #expect(analysis.credentialNames(typeName: "SearchTool") == ["SEARCH_TOKEN", "TAVILY_API_KEY"])
        let skipped = Finding(
            ruleID: "ERR-1", skillID: "search", outcome: .notApplicable, subject: "every fault",
            expected: "a skill that uses the network or storage", observed: "no sample made a network request or a storage operation")
        let given = Set(analysis.credentialNames(typeName: "SearchTool"))
        #expect(analysis.steeredBySettings([skipped], typeName: "SearchTool", given: given).map(\.outcome) == [.notApplicable])
    }

    @Test("a rule that found nothing to judge is skipped, naming the environment read, when the skill's code reaches one")
    func environmentSteers() throws {
        let analysis = try reachAnalysis(
            module: "Keyed", file: Self.keyedFile, source: Self.keyed,
            types: [("KeyedWeatherTool", 3, "struct"), ("Settings", 11, "struct")])
        let findings = [
            Finding(
                ruleID: "ERR-1", skillID: "keyed", outcome: .notApplicable, subject: "every fault",
                expected: "a skill that uses the network or storage", observed: "no sample made a network request or a storage operation"),
            Finding(
                ruleID: "META-4", skillID: "keyed", outcome: .notApplicable, subject: ConformanceCheck.wholeRule,
                expected: "a skill of the kinds the rule applies to: AgentSkill", observed: "a tool skill"),
            Finding(
                ruleID: "TOOL-5", skillID: "keyed", outcome: .passed, subject: "arguments \"{}\", run twice", expected: "",
                observed: "the same"),
        ]
        let steered = analysis.steeredBySettings(findings, typeName: "KeyedWeatherTool")
        guard case .skipped(let reason) = steered[0].outcome else {
            Issue.record("ERR-1 was \(steered[0].outcome)")
            return
        }
        #expect(reason.hasPrefix("no sample made a network request or a storage operation, but the skill reads the process environment"))
        #expect(
            reason.contains("ProcessInfo.processInfo.environment[\"WEATHER_API_KEY\"]") && reason.contains("\(Self.keyedFile):12:"),
            "\(reason)")
        #expect(reason.contains("in `Settings"), "the helper that reads it is named: \(reason)")
        #expect(reason.hasSuffix("give the setting to the skill's init, or read it from context.userInfo, so that a test chooses it"))
        #expect(steered[1].outcome == .notApplicable && steered[2].outcome == .passed, "a rule for another kind, and a pass, stay")
        // skillcheck gives a credential a placeholder: a read of it alone then steers nothing.
        #expect(analysis.credentialNames(typeName: "KeyedWeatherTool") == ["WEATHER_API_KEY"])
        // A setting that only mentions a credential holds a number or an address the placeholder would break.
        let credentials = [
            "OPENAI_API_KEY", "GITHUB_PERSONAL_ACCESS_TOKEN", "AWS_SECRET_ACCESS_KEY", "AWS_ACCESS_KEY_ID", "DB_PASSWORD",
            "SLACK_BOT_TOKEN", "CLIENT_SECRET", "BASIC_AUTH", "GITHUB_PAT", "openaiApiKey", "API_TOKEN", "TOKEN",
        ]
        let settings = ["SMART_TOKEN_LIMIT", "MAX_TOKENS", "KEY_PREFIX", "NEXTAUTH_URL", "AUTHOR", "MONKEY_COUNT", "TOKEN_LIMIT", "HOME"]
        #expect(credentials.filter { !StaticAnalysis.isCredential($0) } == [])
        #expect(settings.filter(StaticAnalysis.isCredential) == [])
        let given = analysis.steeredBySettings(findings, typeName: "KeyedWeatherTool", given: ["WEATHER_API_KEY"])
        #expect(given.map(\.outcome) == findings.map(\.outcome))
        // No rule fails a setting read from the environment.
        #expect(analysis.realIOFindings(typeName: "KeyedWeatherTool", skillID: "keyed").map(\.outcome) == [.passed])
        #expect(analysis.realTimeFindings(typeName: "KeyedWeatherTool", skillID: "keyed").map(\.outcome) == [.passed])
        #expect(
            RealTimeUse.scan(
                "let home = getenv(\"HOME\"); let env = ProcessInfo().environment; let key = environment[\"A_KEY\"]", file: "T.swift"
            ).map(\.kind) == [
                .environment, .environment, .environment,
            ])
        // A skill that reads no environment keeps its "not applicable".
        let pages = try reachAnalysis(
            module: "Pages", file: Self.pagesFile, source: Self.pages, types: [("PageTool", 3, "struct"), ("PageCache", 12, "struct")])
        #expect(pages.steeredBySettings(findings, typeName: "PageTool").map(\.outcome) == findings.map(\.outcome))
    }
}

/// A client that retries a rate limit sleeps only on that path: TIME-1 runs it under HTTP 429.
@Suite("TIME-1 under a rate limit")
struct RateLimitTests {
    /// Asks once; on HTTP 429 waits and asks again, on a real clock or on the context's.
    struct QuoteTool: ToolSkill {
        let id = "quote"
        let name = "get_quote"
        let description = "A stock quote."
        let inputSchema: JSON = ["type": "object", "properties": ["symbol": ["type": "string"]], "required": ["symbol"]]
        let context: SkillContext
        var realSleep: Bool

        func execute(arguments: Data) async throws -> String {
            let url = URL(string: "https://quotes.example/v1/AAPL")!
            for attempt in 0..<3 {
                let response = try await context.networkService.send(NetworkRequest(url: url))
                guard response.status == 429 else { return "\(response.status)" }
                if realSleep {
                    try await Task.sleep(nanoseconds: UInt64(1_000_000 << attempt)) // the port's backoff, on a real clock
                } else {
                    try await context.clock.sleep(for: .seconds(1 << attempt))
                }
            }
            throw SkillError.executionFailed("rate limited")
        }
    }

    @Test("a retry that sleeps on a real clock fails TIME-1 in its HTTP 429 run; on the context's clock it passes")
    func retrySleep() async {
        let real = await SkillConformance.check(for: "TIME-1").run(SkillUnderTest(tool: { QuoteTool(context: $0, realSleep: true) }))
        let failed = real.filter { $0.outcome == .failed }
        #expect(failed.map(\.subject) == [#"HTTP 429 rate limited fault, arguments "{"symbol":"example"}""#], "\(real.map(\.message))")
        let virtual = await SkillConformance.check(for: "TIME-1").run(SkillUnderTest(tool: { QuoteTool(context: $0, realSleep: false) }))
        #expect(!virtual.isEmpty && virtual.allSatisfy { $0.outcome == .passed }, "\(virtual.map(\.message))")
    }
}

/// SEND-1 reads the compiler's strict-concurrency diagnostics where the skill's code reaches, as TIME-1 reads
/// the clock there: a port of a Python module's state as a helper's `static var` or a global cache races in
/// the skill's calls as much as a stored property does.
@Suite("SEND-1 counts the diagnostics in the code a skill reaches")
struct ReachedDiagnosticsTests {
    static let file = "/tmp/reach/Sources/Wiki/Wiki.swift"
    static let source = """
        import Foundation

        var searchCache: [String: [String]] = [:]
        var unusedCache: [String: Int] = [:]

        enum WikiModule {
            static var apiURL = "http://en.wikipedia.org"
            static func search(_ query: String) -> String { searchCache[query]?.first ?? apiURL }
        }

        enum Unreached {
            static var counter = 0
        }

        struct WikiTool {
            func run() -> String { WikiModule.search("Alan Turing") }
        }
        """

    static func warning(_ line: Int, _ column: Int, _ what: String) -> String {
        "\(file):\(line):\(column): warning: \(what) is not concurrency-safe because it is nonisolated global shared mutable state; "
            + "this is an error in the Swift 6 language mode [#MutableGlobalVariable]"
    }

    @Test("a helper's static var and a global the skill's code uses fail SEND-1, saying how they are reached; the others do not")
    func reachedDiagnostics() throws {
        let log = [
            Self.warning(3, 5, "var 'searchCache'"), Self.warning(4, 5, "var 'unusedCache'"),
            Self.warning(7, 16, "static property 'apiURL'"), Self.warning(12, 16, "static property 'counter'"),
        ].joined(separator: "\n")
        let analysis = try reachAnalysis(
            module: "Wiki", file: Self.file, source: Self.source,
            types: [("WikiModule", 6, "enum"), ("Unreached", 11, "enum"), ("WikiTool", 15, "struct")], character: 5, buildLog: log)
        let findings = analysis.sendableFindings(typeName: "WikiTool", skillID: "wiki")
        #expect(findings.allSatisfy { $0.outcome == .failed })
        #expect(findings.map(\.subject) == ["WikiTool at \(Self.file):3:5", "WikiTool at \(Self.file):7:16"], "\(findings.map(\.message))")
        #expect(
            findings.first?.observed.hasPrefix("in `searchCache`, which `WikiModule.search(…)` uses: warning: var 'searchCache'") == true)
        #expect(findings.last?.observed.hasPrefix("in `WikiModule`, which WikiTool uses: warning: static property 'apiURL'") == true)
        let unreached = analysis.sendableFindings(typeName: "Unreached", skillID: "unreached")
        #expect(unreached.map(\.subject) == ["Unreached at \(Self.file):12:16"])
    }
}

/// A static analysis of one source file of `module` whose symbol graph declares `types` (name, line, kind) at
/// their lines, as the compiler's would: what the reach tests read, with no build.
func reachAnalysis(
    module: String, file: String, source: String, types: [(name: String, line: Int, kind: String)], character: Int = 7,
    buildLog: String = ""
) throws -> StaticAnalysis {
    let symbols = types.map { type in
        #"{"identifier": {"precise": "s:\#(module.count)\#(module)\#(type.name)\#(type.kind == "enum" ? "O" : "V")"}, "#
            + #""kind": {"identifier": "swift.\#(type.kind)"}, "pathComponents": ["\#(type.name)"], "#
            + #""location": {"uri": "file://\#(file)", "position": {"line": \#(type.line - 1), "character": \#(character)}}}"#
    }
    let graph = #"{"module": {"name": "\#(module)"}, "symbols": ["# + symbols.joined(separator: ",") + "]}"
    return try StaticAnalysis(
        package: URL(fileURLWithPath: "/tmp/reach"), buildLog: buildLog, symbolGraphs: [Data(graph.utf8)],
        sources: [.init(file: file, module: module, text: source)])
}
