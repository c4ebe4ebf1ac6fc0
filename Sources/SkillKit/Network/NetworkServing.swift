import Foundation

/// The network as a skill sees it: one general request/response call, and the seed's weather call on top.
///
/// A conforming type implements ``send(_:)``; ``fetchWeather(city:)`` defaults to a `GET` of the
/// weather endpoint (`https://weather.skillcheck.invalid/v1/current`) decoded as JSON. A service written
/// the seed's way, with only ``fetchWeather(city:)``, compiles and works for weather; ``send(_:)`` then throws
/// ``UnimplementedRequirement`` naming itself.
///
/// ```swift
/// let response = try await context.networkService.send(
///     NetworkRequest(url: URL(string: "https://api.example.com/v1/quote")!))
/// let quote = try response.decode(Quote.self)
/// ```
public protocol NetworkServing: Sendable {
    /// Sends `request` and returns the server's response, whatever its status.
    func send(_ request: NetworkRequest) async throws -> NetworkResponse
    /// The current weather in `city` (seed API).
    func fetchWeather(city: String) async throws -> WeatherResponse
}

extension NetworkServing {
    /// Throws ``UnimplementedRequirement``: a service that makes requests other than the seed's weather
    /// call implements it.
    public func send(_ request: NetworkRequest) async throws -> NetworkResponse {
        throw UnimplementedRequirement(
            type: "\(Self.self)", protocolName: "NetworkServing", requirement: "send(_:)",
            hint: "a service with only the seed's fetchWeather(city:) answers weather; implement send(_:) to make "
                + "any other request, or use FakeNetworkService")
    }

    public func fetchWeather(city: String) async throws -> WeatherResponse {
        try await send(WeatherResponse.request(city: city)).decode(WeatherResponse.self)
    }
}
