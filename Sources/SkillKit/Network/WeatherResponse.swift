import Foundation

/// Current weather, as the seed architecture's `WeatherSkill` reads it.
public struct WeatherResponse: Sendable, Codable, Hashable {
    /// Degrees Celsius.
    public var temperature: Int
    /// Such as "晴".
    public var condition: String
    /// Degrees Celsius.
    public var feelsLike: Int
    /// Percent.
    public var humidity: Int

    public init(temperature: Int, condition: String, feelsLike: Int, humidity: Int) {
        self.temperature = temperature
        self.condition = condition
        self.feelsLike = feelsLike
        self.humidity = humidity
    }

    /// The endpoint ``NetworkServing/fetchWeather(city:)`` calls by default: `GET` with a `city` query item.
    package static let endpoint = URL(string: "https://weather.skillcheck.invalid/v1/current")!

    /// The request ``NetworkServing/fetchWeather(city:)`` sends for `city`.
    package static func request(city: String) -> NetworkRequest {
        var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false)!
        components.queryItems = [URLQueryItem(name: "city", value: city)]
        return NetworkRequest(method: .get, url: components.url!, headers: ["Accept": "application/json"])
    }
}
