import Foundation
import SkillCheckSupport
import SkillEngine
import SkillKit

/// A `NetworkServing` that answers from stubs, with latency on an injected clock, faults,
/// and an ordered log of every request.
///
/// Stubs are tried in the order they were added; the first that matches and has uses left answers.
/// A request no stub matches throws ``UnmatchedRequest``, naming the nearest stubs and why each did
/// not match.
///
/// ```swift
/// let network = FakeNetworkService(clock: clock)
/// network.stubWeather(city: "北京", WeatherResponse(temperature: 21, condition: "晴", feelsLike: 20, humidity: 40))
/// network.stub(.init(path: "/v1/quote"), reply: .offline)
/// // ... run the skill ...
/// #expect(network.requests.count == 1)
/// #expect(network.unusedStubs.isEmpty)
/// ```
@available(SkillCheckTesting, *)
public final class FakeNetworkService: NetworkServing, Sendable {
    /// A request that no stub matched.
    public struct UnmatchedRequest: Error, LocalizedError, CustomStringConvertible {
        public var request: NetworkRequest
        /// Up to three stubs, fewest mismatches first, with the reasons each did not match.
        package var nearest: [(stub: String, reasons: [String])]

        public var description: String {
            var lines = ["no stub matches \(request.method.rawValue) \(request.url.absoluteString)"]
            if nearest.isEmpty { lines.append("  (no stubs)") }
            for candidate in nearest {
                lines.append("  nearest: \(candidate.stub): " + candidate.reasons.joined(separator: "; "))
            }
            return lines.joined(separator: "\n")
        }

        public var errorDescription: String? { description }
    }

    struct State {
        var stubs: [NetworkStub] = []
        var uses: [Int] = []
        var requests: [NetworkRequest] = []
    }

    private let clock: (any Clock<Duration>)?
    private let state = Locked(State())

    /// - Parameters: - clock: the clock stub latency passes on.
    ///
    /// `nil` ignores latency. - stubs: the stubs to answer from, tried in order.
    public init(clock: (any Clock<Duration>)? = nil, stubs: [NetworkStub] = []) {
        self.clock = clock
        state.withLock { state in
            state.stubs = stubs
            state.uses = stubs.map { _ in 0 }
        }
    }

    /// Adds a stub after the existing ones.
    public func stub(_ stub: NetworkStub) {
        state.withLock { state in
            state.stubs.append(stub)
            state.uses.append(0)
        }
    }

    /// Adds a stub after the existing ones.
    public func stub(_ match: NetworkStub.Match, reply: NetworkStub.Reply, latency: Duration = .zero, times: Int? = nil) {
        stub(NetworkStub(match, reply: reply, latency: latency, times: times))
    }

    /// Answers `NetworkServing/fetchWeather(city:)` for `city` with `weather`.
    public func stubWeather(city: String, _ weather: WeatherResponse, latency: Duration = .zero) {
        // Encoding a WeatherResponse cannot fail.
        let body = (try? DocumentCoding.encode(weather)) ?? Data()
        stub(
            NetworkStub(
                Self.weatherMatch(city: city),
                reply: .response(NetworkResponse(status: 200, headers: ["Content-Type": "application/json"], body: body)),
                latency: latency,
                label: "weather \(city)"
            ))
    }

    /// Answers `NetworkServing/fetchWeather(city:)` for `city` with `reply`, such as a fault.
    public func stubWeather(city: String, reply: NetworkStub.Reply, latency: Duration = .zero) {
        stub(NetworkStub(Self.weatherMatch(city: city), reply: reply, latency: latency, label: "weather \(city)"))
    }

    /// The match for the request `NetworkServing/fetchWeather(city:)` sends for `city`.
    package static func weatherMatch(city: String) -> NetworkStub.Match {
        NetworkStub.Match(method: .get, url: WeatherResponse.endpoint.absoluteString, query: ["city": city])
    }

    /// Every request sent, in order, unmatched ones included.
    public var requests: [NetworkRequest] { state.withLock { $0.requests } }

    /// The requests from the `from`-th on, in order: what a timeline has not seen yet, without copying the rest.
    package func requests(from index: Int) -> ArraySlice<NetworkRequest> {
        state.withLock { $0.requests[min(index, $0.requests.count)...] }
    }

    /// Stubs that answered nothing.
    public var unusedStubs: [NetworkStub] {
        state.withLock { state in zip(state.stubs, state.uses).filter { $0.1 == 0 }.map(\.0) }
    }

    // MARK: NetworkServing

    public nonisolated(nonsending) func send(_ request: NetworkRequest) async throws -> NetworkResponse {
        var stub = try state.withLock { state -> NetworkStub in
            state.requests.append(request)
            for (index, stub) in state.stubs.enumerated() where stub.match.mismatches(request).isEmpty {
                if let times = stub.times, state.uses[index] >= times { continue }
                state.uses[index] += 1
                return stub
            }
            throw UnmatchedRequest(request: request, nearest: Self.nearest(to: request, in: state.stubs))
        }
        if let answer = stub.answer { stub.reply = answer(request) }
        // A cancelled caller passes through the executor once, as a real request would: a retry loop that
        // swallows cancellation then suspends each time round, and the scheduler can stop it.
        if Task.isCancelled { await Task.yield() }
        if case .offline = stub.reply { throw NetworkError.offline }
        if case .hang = stub.reply { try await suspendUntilCancelled() }
        if let clock, stub.latency > .zero { try await clock.sleep(for: stub.latency) }
        switch stub.reply {
        case .response(let response): return response
        case .timeout: throw NetworkError.timedOut
        case .malformedPayload:
            return NetworkResponse(status: 200, headers: ["Content-Type": "application/json"], body: Data("{\"malformed".utf8))
        case .offline: throw NetworkError.offline
        case .hang: try await suspendUntilCancelled()
        }
    }

    static func nearest(to request: NetworkRequest, in stubs: [NetworkStub]) -> [(stub: String, reasons: [String])] {
        let scored = stubs.map { stub in (stub: stub.description, reasons: stub.match.mismatches(request)) }
            .filter { !$0.reasons.isEmpty }
        let ranked = scored.enumerated().sorted {
            ($0.element.reasons.count, $0.offset) < ($1.element.reasons.count, $1.offset)
        }
        return ranked.prefix(3).map(\.element)
    }
}
