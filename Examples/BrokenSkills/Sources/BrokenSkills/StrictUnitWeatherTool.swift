import Foundation
import SkillKit

/// Breaks TOOL-8: OpenAI's strict mode wants every field in `required`, so its author followed the usual
/// advice for an optional field, `"type": ["string", "null"]`, but left the `enum` without `null`. A strict
/// provider sends `"unit": null` when the user names no unit, and the tool's own decoding refuses it: the
/// user gets an error for "北京天气怎么样".
public struct StrictUnitWeatherTool: ToolSkill {
    public let id = "weather.strict-unit"
    public let name = "query_weather_in_unit"
    public let description = "查询城市天气，可指定温度单位。用户问天气、温度时使用。"
    public let inputSchema: JSON = [
        "type": "object",
        "properties": [
            "city": ["type": "string", "description": "城市名，如 北京"],
            "unit": ["type": ["string", "null"], "enum": ["celsius", "fahrenheit"], "description": "温度单位；没说就是 null"],
        ],
        "required": ["city", "unit"],
        "additionalProperties": false,
    ]
    public var sampleArguments: [JSON] { [["city": "北京", "unit": "celsius"]] }

    private let network: any NetworkServing

    public init(context: SkillContext) {
        network = context.networkService
    }

    struct Arguments: Decodable {
        let city: String
        let unit: String?
    }

    public func execute(arguments: Data) async throws -> String {
        let arguments = try decodeArguments(Arguments.self, from: arguments)
        do {
            let weather = try await network.fetchWeather(city: arguments.city)
            let fahrenheit = arguments.unit == "fahrenheit"
            let temperature = fahrenheit ? weather.temperature * 9 / 5 + 32 : weather.temperature
            return "\(arguments.city) \(weather.condition)，\(temperature)°\(fahrenheit ? "F" : "C")"
        } catch let error as NetworkError {
            throw SkillError.executionFailed("无法获取\(arguments.city)的天气（\(error.message(in: .zhHans))）")
        }
    }
}
