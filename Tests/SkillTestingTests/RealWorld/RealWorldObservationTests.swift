import Foundation
import SkillKit
import Testing

@testable import SkillTesting

/// Stand-ins for what a skill's code does, in a module that is neither the kit's nor the toolchain's.
private enum StrangerCode {
    static func stamp() -> String { "It is \(Date().timeIntervalSince1970 > 0)" }
    static func today() -> Bool { Calendar.current.isDateInToday(Date(timeIntervalSince1970: 0)) }
    static func id() -> String { UUID().uuidString }
    static func dice() -> Int { Int.random(in: 1...6) }
    static func logged(_ text: String) -> String {
        NSLog("handling %@", text)
        return text
    }
    static func save(_ path: String) throws { try Data("x".utf8).write(to: URL(fileURLWithPath: path)) }
    static func run(_ program: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        try process.run()
        process.waitUntilExit()
    }
    static func later() async -> Date {
        await Task.yield()
        return Date()
    }
}

@Suite("RealWorldObservation", .enabled(if: RealWorldObservation.isAvailable))
struct RealWorldObservationTests {
    @available(SkillCheckTesting, *)
    @Test("Date() in an interpolation is a wall-clock read, named by the function that made it")
    func wallClockInInterpolation() async {
        let (_, reads) = await RealWorldObservation.observe(skillModules: []) { StrangerCode.stamp() }
        #expect(reads.map(\.kind) == [.wallClock])
        #expect(reads.first?.callSite == "StrangerCode.stamp()")
    }

    @available(SkillCheckTesting, *)
    @Test("Calendar.isDateInToday reads the wall clock inside Foundation, and the caller is named")
    func wallClockInsideFoundation() async {
        let (_, reads) = await RealWorldObservation.observe(skillModules: []) { StrangerCode.today() }
        #expect(reads.contains { $0.kind == .wallClock && $0.callSite == "StrangerCode.today()" })
    }

    @available(SkillCheckTesting, *)
    @Test("NSLog stamps its line with the wall clock, which is no read of the skill's: its output never sees it")
    func logStamp() async {
        let (_, reads) = await RealWorldObservation.observe(skillModules: []) { StrangerCode.logged("count my notes") }
        #expect(reads.isEmpty, "\(reads)")
        #expect(CallStack(symbols: ["$s10Foundation5NSLogyySS_s7CVarArg_pdtF"]).isLogStamp)
        #expect(CallStack(symbols: ["$s7Logging16StreamLogHandlerV9timestampSSyF"]).isLogStamp)
        #expect(!CallStack(symbols: ["$s10Foundation4DateVACycfC"]).isLogStamp)
    }

    @available(SkillCheckTesting, *)
    @Test("UUID() and Int.random draw system randomness")
    func randomness() async {
        let (_, ids) = await RealWorldObservation.observe(skillModules: []) { StrangerCode.id() }
        #expect(ids.map(\.kind) == [.randomness])
        #expect(ids.first?.callSite == "StrangerCode.id()")
        let (_, dice) = await RealWorldObservation.observe(skillModules: []) { StrangerCode.dice() }
        #expect(dice.map(\.kind) == [.randomness])
    }

    @available(SkillCheckTesting, *)
    @Test("a file written is a read of the real world, with its path")
    func fileWrite() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("observed-\(getpid()).txt").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (_, reads) = try await RealWorldObservation.observe(skillModules: []) { try StrangerCode.save(path) }
        #expect(reads.contains { $0.kind == .file && $0.detail.hasPrefix("write ") && $0.callSite == "StrangerCode.save(_:)" })
    }

    @available(SkillCheckTesting, *)
    @Test("a process started with Foundation's Process is a read of the real world, with its program")
    func processStarted() async throws {
        let (_, reads) = try await RealWorldObservation.observe(skillModules: []) { try StrangerCode.run("/bin/true") }
        #expect(
            reads.contains { $0.kind == .process && $0.detail.contains("/bin/true") && $0.callSite == "StrangerCode.run(_:)" }, "\(reads)")
    }

    @available(SkillCheckTesting, *)
    @Test("after a suspension the async caller is still found")
    func afterSuspension() async {
        let (_, reads) = await RealWorldObservation.observe(skillModules: []) { await StrangerCode.later() }
        #expect(reads.map(\.callSite) == ["StrangerCode.later()"])
    }

    @available(SkillCheckTesting, *)
    @Test("the kit's own work on virtual time reads nothing real")
    func kitReadsNothing() async throws {
        let (_, reads) = try await RealWorldObservation.observe(skillModules: []) {
            try await withVirtualTime { clock in
                let store = InMemoryDataStore(clock: clock, latency: .seconds(3))
                try await store.save(["a": 1], id: "1", in: "numbers")
                try await clock.sleep(for: .seconds(5))
                return clock.now
            }
        }
        #expect(reads.isEmpty, "\(reads)")
    }

    @available(SkillCheckTesting, *)
    @Test("a moved wall clock is seen by the observed run only")
    func movedWallClock() async {
        let before = Date()
        let (moved, _) = await RealWorldObservation.observe(skillModules: [], wallClockOffset: .seconds(90_000)) { Date() }
        let after = Date()
        #expect(moved.timeIntervalSince(before) >= 90_000)
        #expect(after.timeIntervalSince(before) < 3_600)
    }

    @available(SkillCheckTesting, *)
    @Test("reads outside an observation are not recorded")
    func outside() async {
        _ = StrangerCode.stamp()
        let (_, reads) = await RealWorldObservation.observe(skillModules: []) { 1 + 1 }
        #expect(reads.isEmpty)
    }

    @available(SkillCheckTesting, *)
    @Test(
        "a demangled name is shortened to the function a reader looks for",
        arguments: [
            (
                "(1) await resume partial function for static Skills.(Helper in _0A1B2C).later(input: Swift.String) async -> Foundation.Date",
                "Helper.later(input:)"
            ),
            ("function signature specialization <Arg[0] = Dead> of Foundation.UUID.init() -> Foundation.UUID", "UUID.init()"),
            ("Skills.Tool.execute(arguments: Foundation.Data) async throws -> Swift.String", "Tool.execute(arguments:)"),
            ("Skills.Policy.isRefundable(placedAt: Foundation.Date) -> Swift.Bool", "Policy.isRefundable(placedAt:)"),
            (
                "(1) await resume partial function for static (extension in Swift):Swift.Task< where A == Swift.Never, "
                    + "B == Swift.Never>.sleep<A where A1: Swift.Clock>(for: A1.Duration, tolerance: A1.sleep?, clock: A1) async throws -> ()",
                "Swift.Task.sleep(for:tolerance:clock:)"
            ),
            ("Skills.Cache<Swift.String>.value(for: Swift.String) -> Swift.Int?", "Cache.value(for:)"),
            (
                "closure #1 (Swift.CheckedContinuation<(), Swift.Never>) -> () in Skills.Tool.execute(arguments: Swift.String) async -> ()",
                "closure #1 in Tool.execute(arguments:)"
            ),
        ])
    func shortened(_ demangled: String, _ expected: String) {
        #expect(CallStack.Frame.shorten(demangled, module: "Skills").replacingOccurrences(of: "Foundation.", with: "") == expected)
    }
}
