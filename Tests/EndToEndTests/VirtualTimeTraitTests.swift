import Foundation
import SkillCheckSupport
import TestSupport
import Testing

/// The kit's Swift Testing modules in a package of a user's own, outside this one: under `@Suite(.virtualTime)`
/// each test that breaks the virtual clock's rules fails alone, with the kit's message, and the run ends with its
/// summary; each transcript is a case named by its file, and a failing one leaves its actual transcript and
/// differences in `--attachments-path`.
@Suite("The .virtualTime trait and transcript cases in a package of their own", .endToEnd)
struct VirtualTimeTraitTests {
    static let transcriptTests = """
        import SkillKit
        import SkillScenarios
        import SkillScenariosTesting
        import Testing

        struct EchoSkill: AgentSkill {
            let id = "echo"
            let displayName = "Echo"
            let description = "Says the text back, such as echo hi."
            let keywords = ["echo"]
            func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
                SkillOutput(summary: input.rawText)
            }
        }

        @Test(arguments: try TranscriptCase.all(in: "Transcripts", besides: #filePath))
        func transcript(_ transcript: TranscriptCase) {
            transcript.expectReplays(with: ScenarioRunner(skills: [EchoSkill()]))
        }
        """

    static func transcript(answer: String) -> String {
        """
        {
          "schema": "skillcheck.transcript/1",
          "skills": ["echo"],
          "steps": [
            {"send": "echo hi"},
            {"expect": {"messages": [
              {"role": "user", "content": "echo hi", "at": 0},
              {"role": "agent", "content": "\(answer)", "skillID": "echo", "at": 0}
            ]}}
          ]
        }
        """
    }

    static let tests = """
        import SkillTesting
        import SkillTestingTraits
        import Testing

        @Suite(.virtualTime) struct OnVirtualTime {
            @Test func passes() async throws {
                let clock = try #require(VirtualClock.current)
                try await clock.sleep(for: .seconds(3_600))
                #expect(clock.now.offset == .seconds(3_600))
            }

            @Test func failingExpectation() async throws {
                let clock = try #require(VirtualClock.current)
                try await clock.sleep(for: .seconds(10))
                #expect(clock.now.offset == .seconds(11))
            }

            @Test func stalledStream() async {
                let (stream, _) = AsyncStream<Int>.makeStream()
                for await _ in stream {}
            }

            @Test func stalledContinuation() async {
                await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in }
            }

            @Test func traps() async throws {
                let clock = try #require(VirtualClock.current)
                try await clock.sleep(for: .seconds(1))
                let answer: Int? = nil
                _ = answer!
            }

            @MainActor @Test func onTheMainActor() async throws {
                let clock = try #require(VirtualClock.current)
                try await clock.sleep(for: .seconds(1))
            }

            @Test func leftoverSleeper() async throws {
                let clock = try #require(VirtualClock.current)
                _ = clock.scheduler.spawn("reminder") { try await clock.sleep(for: .seconds(60)) }
            }

            @Test(arguments: [1, 2]) func eachCaseItsOwnClock(_ seconds: Int) async throws {
                let clock = try #require(VirtualClock.current)
                try await clock.sleep(for: .seconds(seconds))
                #expect(clock.now.offset == .seconds(seconds))
            }
        }

        /// A test written before `escapes` and `unfinishedTasks` became deprecated still compiles and passes.
        @Test func bareClockThroughTheDeprecatedAPI() async throws {
            let clock = VirtualClock()
            let nap = clock.scheduler.spawn("nap") { try await clock.sleep(for: .seconds(5)) }
            #expect(clock.scheduler.unfinishedTasks == ["nap"])
            try clock.run()
            try await nap.value
            #expect(clock.scheduler.escapes.isEmpty && clock.scheduler.unfinishedTasks.isEmpty)
        }

        /// Checks, awaits, then writes: two callers at once can both miss. First in, first out never shows it here.
        actor Cache {
            var entries: [String: Int] = [:]
            var fetches = 0
            func value(for key: String) async -> Int {
                if let value = entries[key] { return value }
                await Task.yield()
                fetches += 1
                entries[key] = fetches
                return fetches
            }
        }

        @Test(.virtualTime(schedules: 200)) func cacheFetchesOnce() async throws {
            let cache = Cache()
            async let first = cache.value(for: "b")
            async let second = { () async -> Int in
                await Task.yield()
                await Task.yield()
                return await cache.value(for: "b")
            }()
            _ = await (first, second)
            let fetches = await cache.fetches
            try #require(fetches == 1)
        }
        """

    @Test("each failing test fails alone, a passing one passes, and a failing transcript attaches what it observed")
    func eachFailsAlone() async throws {
        let folder = try TemporaryFolder("virtual-time-trait")
        try folder.file(
            "Traits/Package.swift",
            """
            // swift-tools-version:6.2
            import PackageDescription
            let package = Package(
                name: "Traits",
                platforms: [.macOS(.v15), .iOS(.v18)],
                dependencies: [.package(path: "\(DiscoveryTests.root.path)")],
                targets: [
                    .testTarget(
                        name: "TraitsTests",
                        dependencies: [
                            .product(name: "SkillTesting", package: "\(DiscoveryTests.root.lastPathComponent)"),
                            .product(name: "SkillTestingTraits", package: "\(DiscoveryTests.root.lastPathComponent)"),
                            .product(name: "SkillKit", package: "\(DiscoveryTests.root.lastPathComponent)"),
                            .product(name: "SkillScenarios", package: "\(DiscoveryTests.root.lastPathComponent)"),
                            .product(name: "SkillScenariosTesting", package: "\(DiscoveryTests.root.lastPathComponent)"),
                        ],
                        exclude: ["Transcripts"])
                ]
            )
            """)
        try folder.file("Traits/Tests/TraitsTests/TraitsTests.swift", Self.tests)
        try folder.file("Traits/Tests/TraitsTests/TranscriptTests.swift", Self.transcriptTests)
        try folder.file("Traits/Tests/TraitsTests/Transcripts/hello.json", Self.transcript(answer: "echo hi"))
        try folder.file("Traits/Tests/TraitsTests/Transcripts/wrong.json", Self.transcript(answer: "echo bye"))
        let attachments = try folder.file("attachments/.keep", "")
        let package = folder.url.appendingPathComponent("Traits").path
        let run = try await offThePool("swift test") {
            try ToolRunner.run(
                [
                    "swift", "test", "--package-path", package, "--scratch-path", DiscoveryTests.scratch("virtual-time-trait").path,
                    "--attachments-path", URL(fileURLWithPath: attachments).deletingLastPathComponent().path,
                ],
                environment: ["NO_COLOR": "1"], timeout: .seconds(900))
        }
        let printed = run.standardOutput + run.standardError
        #expect(!run.timedOut && !run.succeeded, "\(printed)")
        // Each test has its own verdict, and the run its summary: no crash, no signal.
        #expect(printed.contains("✔ Test passes() passed"), "\(printed)")
        #expect(printed.contains("✔ Test bareClockThroughTheDeprecatedAPI() passed"), "\(printed)")
        #expect(printed.contains("'unfinishedTasks' is deprecated: run the clock with VirtualClock.run()"), "\(printed)")
        #expect(printed.contains("✔ Test eachCaseItsOwnClock(_:) with 2 test cases passed"), "\(printed)")
        for (test, message) in [
            ("failingExpectation()", "Expectation failed: (clock.now.offset → 10.0 seconds) == (.seconds(11)"),
            ("stalledStream()", "virtual time: no job is runnable and no sleeper is pending"),
            ("onTheMainActor()", "virtual time: work left the scheduler"),
            ("leftoverSleeper()", "sleeper: reminder"),
            // What nothing in-process can end costs that test alone: it ran in a process of its own.
            (
                "stalledContinuation()",
                "the body ignored the cancellation that followed, so nothing could end it, and its process was ended"
            ),
            ("traps()", "Fatal error: Unexpectedly found nil while unwrapping an Optional value"),
        ] {
            #expect(printed.contains("✘ Test \(test) failed after"), "\(test): \(printed)")
            #expect(printed.contains(message), "\(test): \(printed)")
        }
        #expect(printed.contains("✘ Test run with 11 tests in 1 suite failed after"), "\(printed)")
        // An exploring test stops at its first failing schedule and names the trait that replays it.
        #expect(printed.contains("✘ Test cacheFetchesOnce() failed after"), "\(printed)")
        #expect(printed.contains("failed; replay it with `@Test(.virtualTime(replaying: Schedule(\"random:"), "\(printed)")
        // Each transcript is a case named by its file; the failing one says where it differs, and leaves
        // what it observed and its differences as attachments.
        #expect(printed.contains("with 1 argument transcript → wrong.json"), "\(printed)")
        #expect(!printed.contains("argument transcript → hello.json at"), "\(printed)")
        let kept = try FileManager.default.contentsOfDirectory(atPath: URL(fileURLWithPath: attachments).deletingLastPathComponent().path)
        #expect(kept.contains { $0.hasPrefix("wrong.actual") && $0.hasSuffix(".json") }, "\(kept)")
        #expect(kept.contains { $0.hasPrefix("wrong.diff") && $0.hasSuffix(".txt") }, "\(kept)")
        let page = try #require(kept.first { $0.hasPrefix("wrong") && $0.hasSuffix(".html") }, "\(kept)")
        let html = try String(
            contentsOf: URL(fileURLWithPath: attachments).deletingLastPathComponent().appendingPathComponent(page), encoding: .utf8)
        #expect(html.contains("◆ departed at step 1") && html.contains("<svg class=\"timeline\""), "\(html)")
        #expect(!kept.contains { $0.hasPrefix("hello") }, "\(kept)")
        #expect(!printed.contains("unexpected signal"), "\(printed)")
        #expect(printed.contains("the test's process was ended by signal 4 (SIGILL)"), "\(printed)")
    }
}
