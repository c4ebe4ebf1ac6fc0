import Foundation
import SkillKit

/// Breaks ERR-1, as a tool skill: it lets the network's `NetworkError` through a bare `try`, so the model
/// reads an error type it was never told about instead of a `SkillError`. (The shared rules check a tool
/// skill too, through its `execute(arguments:)`.)
public struct LeakyWeatherTool: ToolSkill {
    public let id = "weather.leaky"
    public let name = "query_weather_now"
    public let description = "查询城市当前天气。用户问天气、温度时使用。"
    public let inputSchema: JSON = [
        "type": "object",
        "properties": ["city": ["type": "string"]],
        "required": ["city"],
        "additionalProperties": false,
    ]

    private let network: any NetworkServing

    public init(context: SkillContext) {
        network = context.networkService
    }

    struct Arguments: Decodable { let city: String }

    public func execute(arguments: Data) async throws -> String {
        let arguments = try decodeArguments(Arguments.self, from: arguments)
        let weather = try await network.fetchWeather(city: arguments.city)
        return "\(arguments.city) \(weather.temperature)°C，\(weather.condition)"
    }
}
