import Foundation
import SkillCheckSupport
import TestSupport
import Testing

/// `@Suite(.virtualTime)` in a package of a user's own, outside this one: each test that breaks the virtual
/// clock's rules fails alone, with the kit's message, and the run ends with its summary.
@Suite("The .virtualTime trait in a package of its own", .endToEnd)
struct VirtualTimeTraitTests {
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
        """

    @Test("a passing test passes; a failing expectation, a stall, a @MainActor body and a leftover sleeper each fail alone")
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
                        ])
                ]
            )
            """)
        try folder.file("Traits/Tests/TraitsTests/TraitsTests.swift", Self.tests)
        let package = folder.url.appendingPathComponent("Traits").path
        let run = try await offThePool("swift test") {
            try ToolRunner.run(
                ["swift", "test", "--package-path", package, "--scratch-path", DiscoveryTests.scratch("virtual-time-trait").path],
                environment: ["NO_COLOR": "1"], timeout: .seconds(900))
        }
        let printed = run.standardOutput + run.standardError
        #expect(!run.timedOut && !run.succeeded, "\(printed)")
        // Each test has its own verdict, and the run its summary: no crash, no signal.
        #expect(printed.contains("✔ Test passes() passed"), "\(printed)")
        #expect(printed.contains("✔ Test eachCaseItsOwnClock(_:) with 2 test cases passed"), "\(printed)")
        for (test, message) in [
            ("failingExpectation()", "Expectation failed: (clock.now.offset → 10.0 seconds) == (.seconds(11)"),
            ("stalledStream()", "virtual time: no job is runnable and no sleeper is pending"),
            ("onTheMainActor()", "virtual time: work left the scheduler"),
            ("leftoverSleeper()", "sleeper: reminder"),
        ] {
            #expect(printed.contains("✘ Test \(test) failed after"), "\(test): \(printed)")
            #expect(printed.contains(message), "\(test): \(printed)")
        }
        #expect(printed.contains("✘ Test run with 6 tests in 1 suite failed after"), "\(printed)")
        #expect(!printed.contains("signal"), "\(printed)")
    }
}
