import Foundation
import SkillKit
import SkillTesting
import Testing

@Suite("FakeNetworkService")
struct FakeNetworkServiceTests {
    static let sunny = WeatherResponse(temperature: 21, condition: "晴", feelsLike: 20, humidity: 40)

    @available(SkillCheckTesting, *)
    @Test("the seed's fetchWeather goes through the request API and a weather stub")
    func weather() async throws {
        let network = FakeNetworkService()
        network.stubWeather(city: "北京", Self.sunny)
        #expect(try await network.fetchWeather(city: "北京") == Self.sunny)
        #expect(network.requests.map(\.query) == [["city": "北京"]])
    }

    @available(SkillCheckTesting, *)
    @Test("stubs match by method, path, query, headers and JSON body")
    func matching() async throws {
        let network = FakeNetworkService()
        network.stub(
            .init(
                method: .post, path: "/v1/orders", query: ["dry": "1"], headers: ["X-Key": "k"],
                body: Data(#"{"a":1,"b":2}"#.utf8)), reply: .json(#"{"ok":true}"#, status: 201))
        let request = NetworkRequest(
            method: .post, url: URL(string: "https://api.test/v1/orders?dry=1&x=2")!,
            headers: ["x-key": "k"], body: Data(#"{"b":2,"a":1}"#.utf8))
        #expect(try await network.send(request).status == 201)
    }

    @available(SkillCheckTesting, *)
    @Test("an unmatched request throws an error naming the nearest stubs and why they did not match")
    func unmatched() async throws {
        let network = FakeNetworkService()
        network.stubWeather(city: "北京", Self.sunny)
        network.stub(.init(method: .post, path: "/other"), reply: .status(204))
        do {
            _ = try await network.fetchWeather(city: "上海")
            Issue.record("expected UnmatchedRequest")
        } catch let error as FakeNetworkService.UnmatchedRequest {
            #expect(error.nearest.first?.stub == "weather 北京")
            #expect(error.nearest.first?.reasons == ["query city: expected 北京, found 上海"])
            #expect(error.description.contains("nearest: weather 北京: query city: expected 北京, found 上海"))
        }
    }

    @available(SkillCheckTesting, *)
    @Test("stubs that answered nothing are listed, and times limits how often a stub answers")
    func unusedAndTimes() async throws {
        let network = FakeNetworkService()
        network.stub(.init(path: "/a"), reply: .status(200), times: 1)
        network.stub(.init(path: "/a"), reply: .status(503))
        network.stub(.init(path: "/never"), reply: .status(200))
        let request = NetworkRequest(url: URL(string: "https://x.test/a")!)
        #expect(try await network.send(request).status == 200)
        #expect(try await network.send(request).status == 503)
        #expect(network.unusedStubs.map(\.match.path) == ["/never"])
    }

    @available(SkillCheckTesting, *)
    @Test(
        "faults: offline, timeout, HTTP status and malformed payload surface as NetworkError",
        arguments: [
            (NetworkStub.Reply.offline, NetworkError.offline),
            (.timeout, .timedOut),
            (.status(500), .httpStatus(500)),
        ])
    func faults(reply: NetworkStub.Reply, expected: NetworkError) async throws {
        let network = FakeNetworkService()
        network.stubWeather(city: "北京", reply: reply)
        await #expect(throws: expected) { try await network.fetchWeather(city: "北京") }
    }

    @available(SkillCheckTesting, *)
    @Test("a malformed payload fails decoding with malformedPayload")
    func malformed() async throws {
        let network = FakeNetworkService()
        network.stubWeather(city: "北京", reply: .malformedPayload)
        do {
            _ = try await network.fetchWeather(city: "北京")
            Issue.record("expected malformedPayload")
        } catch NetworkError.malformedPayload {}
    }

    @available(SkillCheckTesting, *)
    @Test("latency passes on the injected clock, per stub")
    func latency() async throws {
        let clock = VirtualClock()
        let network = FakeNetworkService(clock: clock)
        network.stubWeather(city: "北京", Self.sunny, latency: .milliseconds(800))
        let task = clock.scheduler.spawn("fetch") { try await network.fetchWeather(city: "北京") }
        clock.scheduler.runUntilIdle()
        #expect(clock.pendingSleepers.map(\.duration) == [.milliseconds(800)])
        clock.advance(by: .milliseconds(800))
        #expect(try await task.value == Self.sunny)
    }

    @available(SkillCheckTesting, *)
    @Test("hang never answers until the caller is cancelled")
    func hang() async throws {
        let clock = VirtualClock()
        let network = FakeNetworkService(clock: clock)
        network.stubWeather(city: "北京", reply: .hang)
        let task = clock.scheduler.spawn("fetch") { try await network.fetchWeather(city: "北京") }
        clock.scheduler.runUntilIdle()
        #expect(clock.scheduler.unfinishedWork == ["fetch"])
        task.cancel()
        clock.scheduler.runUntilIdle()
        await #expect(throws: CancellationError.self) { try await task.value }
    }
}
