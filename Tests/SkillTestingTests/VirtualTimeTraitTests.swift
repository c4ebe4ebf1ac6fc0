import Foundation
import SkillKit
import SkillTesting
import SkillTestingTraits
import Testing

@Suite("@Test(.virtualTime): the body on a fresh virtual clock, reached as VirtualClock.current")
struct VirtualTimeTraitTests {
    @Test("the body reaches its clock, and an hour of sleep takes no real time", .virtualTime)
    func reachesItsClock() async throws {
        let clock = try #require(VirtualClock.current)
        let started = ContinuousClock.now
        try await clock.sleep(for: .seconds(3_600))
        #expect(clock.now.offset == .seconds(3_600))
        #expect(ContinuousClock.now - started < .seconds(1))
    }

    @Test("each case of a parameterized test gets a clock of its own, at zero", .virtualTime, arguments: [1, 2, 3])
    func eachCaseItsOwnClock(_ seconds: Int) async throws {
        let clock = try #require(VirtualClock.current)
        #expect(clock.now.offset == .zero)
        try await clock.sleep(for: .seconds(seconds))
        #expect(clock.now.offset == .seconds(seconds))
    }

    @Test("the origin option sets the wall-clock date at zero", .virtualTime(origin: Date(timeIntervalSince1970: 1_800_000_000)))
    func origin() throws {
        let clock = try #require(VirtualClock.current)
        #expect(clock.date(at: clock.now) == Date(timeIntervalSince1970: 1_800_000_000))
    }

    @Test("child tasks and async let see the same clock", .virtualTime)
    func childrenSeeIt() async throws {
        let clock = try #require(VirtualClock.current)
        async let child = VirtualClock.current
        let inGroup = await withTaskGroup(of: VirtualClock?.self) { group in
            group.addTask { VirtualClock.current }
            return await group.next() ?? nil
        }
        #expect(await child === clock)
        #expect(inGroup === clock)
    }

    @Test("a 10 s timeout raced against a request that hangs fires on the trait's clock", .virtualTime)
    func engineTimeout() async throws {
        let clock = try #require(VirtualClock.current)
        let network = FakeNetworkService(clock: clock)
        network.stubWeather(city: "北京", reply: .hang)
        let skill = HangingWeather()
        let reply = try await skill.execute(input: SkillInput(rawText: "北京天气"), context: .virtual(clock: clock, networkService: network))
            .summary
        #expect(reply == "timed out")
        #expect(clock.now.offset == .seconds(10))
    }

    @Test(
        "explored: the body runs under each schedule, each on a fresh clock, and passes when every order does", .virtualTime(schedules: 20))
    func explored() async throws {
        let clock = try #require(VirtualClock.current)
        #expect(clock.now.offset == .zero)
        async let first: Void = clock.sleep(for: .seconds(1))
        async let second: Void = clock.sleep(for: .seconds(1))
        _ = try await (first, second)
        #expect(clock.now.offset == .seconds(1))
    }

    @Test("withVirtualTime sets VirtualClock.current too; outside any scope it is nil")
    func withVirtualTimeSetsIt() async throws {
        #expect(VirtualClock.current == nil)
        try await withVirtualTime { clock in
            #expect(VirtualClock.current === clock)
        }
    }
}

/// Waits for the weather at most 10 s of its clock.
private struct HangingWeather: Sendable {
    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        let clock = context.clock
        return try await withThrowingTaskGroup(of: SkillOutput.self) { group in
            group.addTask { SkillOutput(summary: "\(try await context.networkService.fetchWeather(city: "北京").temperature)") }
            group.addTask {
                try await clock.sleep(for: .seconds(10))
                return SkillOutput(summary: "timed out")
            }
            defer { group.cancelAll() }
            return try await group.next()!
        }
    }
}
