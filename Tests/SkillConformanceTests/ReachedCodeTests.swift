import Foundation
import SkillKit
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
        func type(_ name: String, line: Int) -> String {
            #"{"identifier": {"precise": "s:5Retry\#(name)V"}, "kind": {"identifier": "swift.struct"}, "pathComponents": ["\#(name)"], "#
                + #""location": {"uri": "file://\#(file)", "position": {"line": \#(line - 1), "character": 7}}}"#
        }
        let graph =
            #"{"module": {"name": "Retry"}, "symbols": ["#
            + [type("MarketTool", line: 10), type("Helper", line: 19), type("Unused", line: 23)].joined(separator: ",") + "]}"
        return try StaticAnalysis(
            package: URL(fileURLWithPath: "/tmp/reach"), buildLog: "", symbolGraphs: [Data(graph.utf8)],
            sources: [.init(file: file, module: "Retry", text: source)])
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
        #expect(findings[3].observed.hasPrefix("in `Helper`, which MarketTool uses: `"))
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
        """

    static func timersAnalysis() throws -> StaticAnalysis {
        func type(_ name: String, kind: String, line: Int) -> String {
            #"{"identifier": {"precise": "s:6Timers\#(name)V"}, "kind": {"identifier": "swift.\#(kind)"}, "pathComponents": ["\#(name)"], "#
                + #""location": {"uri": "file://\#(timersFile)", "position": {"line": \#(line - 1), "character": 7}}}"#
        }
        let graph =
            #"{"module": {"name": "Timers"}, "symbols": ["#
            + [
                type("TimerManager", kind: "class", line: 3), type("StartTimerTool", kind: "struct", line: 10),
                type("DurationTool", kind: "struct", line: 14),
            ].joined(separator: ",") + "]}"
        return try StaticAnalysis(
            package: URL(fileURLWithPath: "/tmp/reach"), buildLog: "", symbolGraphs: [Data(graph.utf8)],
            sources: [.init(file: timersFile, module: "Timers", text: timers)])
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

    @Test("the host's clocks read directly fail TIME-1: DispatchTime.now(), systemUptime")
    func hostClocks() throws {
        let findings = try Self.timersAnalysis().realTimeFindings(typeName: "StartTimerTool", skillID: "timer.start")
        #expect(
            findings.map(\.subject) == [
                "`DispatchTime.now()` at \(Self.timersFile):6:50", "`DispatchTime.now()` at \(Self.timersFile):7:55",
            ], "\(findings.map(\.message))")
        #expect(findings.allSatisfy { $0.outcome == .failed && $0.observed.contains("context.clock.now") })
        let scanned = RealTimeUse.scan(
            "let t = CFAbsoluteTimeGetCurrent(); var ts = timespec(); clock_gettime(CLOCK_MONOTONIC, &ts)", file: "T.swift")
        #expect(scanned.map(\.kind) == [.hostClock, .hostClock])
        #expect(RealTimeUse.scan("let t = dispatchTimeNow(); let later = DispatchTime.now", file: "T.swift").isEmpty)
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
