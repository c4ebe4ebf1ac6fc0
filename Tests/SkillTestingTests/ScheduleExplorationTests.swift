import Foundation
import SkillKit
import SkillTesting
import Testing

/// A forecast cache two tools share: it checks, awaits the network, then writes. The umbrella tool reads the
/// user's city first (one more suspension), so in first-in-first-out order its lookup comes after the
/// weather tool's write; in other orders both miss and both fetch.
actor ForecastCache {
    let network: FakeNetworkService
    var forecasts: [String: WeatherResponse] = [:]

    init(network: FakeNetworkService) {
        self.network = network
    }

    func forecast(for city: String) async throws -> WeatherResponse {
        if let cached = forecasts[city] { return cached }
        await Task.yield() // the request goes out
        let fresh = try await network.fetchWeather(city: city)
        forecasts[city] = fresh
        return fresh
    }
}

/// The user's settings, which the umbrella tool reads before the cache: reading them takes two round trips.
actor Settings {
    let roundTrips = 2

    func city() async -> String {
        for _ in 0..<roundTrips { await Task.yield() }
        return "北京"
    }
}

struct FetchedTwice: Error, CustomStringConvertible {
    var requests: Int
    var description: String { "the cache fetched \(requests) times for one city" }
}

@Suite("Schedules as a choice: seeded orders of ready jobs, recorded and replayed")
struct ScheduleExplorationTests {
    /// The weather tool and the umbrella tool asking the shared cache at once.
    static let twoTools: @Sendable (VirtualClock) async throws -> Void = { clock in
        let network = FakeNetworkService(clock: clock)
        network.stubWeather(city: "北京", WeatherResponse(temperature: 21, condition: "晴", feelsLike: 20, humidity: 40))
        let cache = ForecastCache(network: network)
        let settings = Settings()
        async let weather = cache.forecast(for: "北京")
        async let umbrella = cache.forecast(for: await settings.city())
        _ = try await (weather, umbrella)
        let requests = network.requests.count
        guard requests == 1 else { throw FetchedTwice(requests: requests) }
    }

    @Test("first in, first out is the default and records no choice; the cache looks right in that order")
    func firstInFirstOut() async throws {
        #expect(DeterministicScheduler().schedule == .firstInFirstOut)
        try await withVirtualTime(Self.twoTools)
        // Under exploration, the same body makes choices; first in, first out records none.
        let scheduler = DeterministicScheduler(schedule: .randomWalk(seed: 1))
        let clock = VirtualClock(scheduler: scheduler)
        let task = scheduler.spawn("two tools") { try? await Self.twoTools(clock) }
        try clock.run()
        await task.value
        #expect(!scheduler.choices.isEmpty)
        #expect(DeterministicScheduler().choices.isEmpty)
    }

    @Test("exploring finds the double fetch, reduces it, and the printed line replays it exactly")
    func findsAndReplays() async throws {
        let failure = try await #require(throws: ScheduleFailure.self) {
            try await exploreSchedules(200, seed: 1, Self.twoTools)
        }
        #expect(failure.failure.contains("fetched 2 times"))
        #expect(failure.departures >= 1)
        #expect(failure.description.contains("try await exploreSchedules(replaying: Schedule(\"\(failure.schedule)\")!)"))
        // The printed schedule, read back, fails the same way every time.
        let schedule = try #require(Schedule(failure.schedule.description))
        for _ in 0..<20 {
            await #expect(throws: FetchedTwice.self) { try await exploreSchedules(replaying: schedule, Self.twoTools) }
        }
        // And the seeded schedule it was found under, too.
        await #expect(throws: FetchedTwice.self) { try await exploreSchedules(replaying: failure.found, Self.twoTools) }
    }

    @Test("the same seed gives the same choices; different seeds give different interleavings")
    func seedsReproduce() async throws {
        var seen = Set<[Int]>()
        for seed in UInt64(0)..<50 {
            let first = DeterministicScheduler(reportsUnstructuredTasks: true, schedule: .randomWalk(seed: seed))
            let second = DeterministicScheduler(reportsUnstructuredTasks: true, schedule: .randomWalk(seed: seed))
            for scheduler in [first, second] {
                let clock = VirtualClock(scheduler: scheduler)
                let task = scheduler.spawn("two tools") { try? await Self.twoTools(clock) }
                try clock.run()
                _ = await task.value
            }
            #expect(first.choices == second.choices)
            #expect(!first.choices.isEmpty)
            seen.insert(first.choices)
        }
        #expect(seen.count > 1, "\(seen)")
    }

    @Test("PCT finds it too, and schedules are written and read back as text")
    func pctAndText() async throws {
        await #expect(throws: ScheduleFailure.self) { try await exploreSchedules(200, seed: 3, strategy: .pct(depth: 2), Self.twoTools) }
        for text in ["fifo", "random:42", "pct:7:2:200", "replay:0.2.1", "replay:"] {
            #expect(Schedule(text)?.description == text)
        }
        for text in ["", "random", "random:x", "replay:1.-2", "pct:1:2"] { #expect(Schedule(text) == nil, "\(text)") }
    }

    @Test("a body with nothing to reorder is an error, not a pass")
    func nothingToExplore() async {
        await #expect(throws: ScheduleExplorationError.nothingToExplore(schedules: 10)) {
            try await exploreSchedules(10) { clock in try await clock.sleep(for: .seconds(1)) }
        }
    }

    @Test("a correct cache passes every schedule, and the exploration says how many interleavings it tried")
    func correctCachePasses() async throws {
        let exploration = try await exploreSchedules(200, seed: 1) { clock in
            let network = FakeNetworkService(clock: clock)
            network.stubWeather(city: "北京", WeatherResponse(temperature: 21, condition: "晴", feelsLike: 20, humidity: 40))
            let cache = CoalescingCache(network: network)
            async let weather = cache.forecast(for: "北京")
            async let umbrella = cache.forecast(for: await Settings().city())
            _ = try await (weather, umbrella)
            guard network.requests.count == 1 else { throw FetchedTwice(requests: network.requests.count) }
        }
        #expect(exploration.schedules == 200)
        #expect(exploration.interleavings > 1)
    }
}

/// The cache done right: the first caller marks the city as being fetched before it awaits, and the others
/// wait for that fetch.
actor CoalescingCache {
    let network: FakeNetworkService
    var forecasts: [String: WeatherResponse] = [:]
    var waiting: [String: [CheckedContinuation<WeatherResponse, any Error>]] = [:]

    init(network: FakeNetworkService) {
        self.network = network
    }

    func forecast(for city: String) async throws -> WeatherResponse {
        if let cached = forecasts[city] { return cached }
        if waiting[city] != nil {
            return try await withCheckedThrowingContinuation { waiting[city, default: []].append($0) }
        }
        waiting[city] = []
        await Task.yield() // the request goes out
        do {
            let fresh = try await network.fetchWeather(city: city)
            forecasts[city] = fresh
            for waiter in waiting.removeValue(forKey: city) ?? [] { waiter.resume(returning: fresh) }
            return fresh
        } catch {
            for waiter in waiting.removeValue(forKey: city) ?? [] { waiter.resume(throwing: error) }
            throw error
        }
    }
}
