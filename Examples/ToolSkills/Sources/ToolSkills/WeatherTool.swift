import Foundation
import SkillKit

/// `query_weather`: the current weather of a city, through the context's network service (seed 002 §2.3).
///
/// ```swift
/// let result = try await WeatherTool(context: context).execute(arguments: Data(#"{"city": "北京"}"#.utf8))
/// // "北京 当前 21°C，晴，体感 20°C，湿度 40%"
/// ```
public struct WeatherTool: ToolSkill {
    public let id = "weather.query"
    public let name = "query_weather"
    public let description = "查询城市当前天气。用户问天气、温度、会不会下雨时使用。city 是中文城市名；unit 缺省为摄氏度。"
    public let inputSchema: JSON = [
        "type": "object",
        "properties": [
            "city": ["type": "string", "description": "城市名，如 北京"],
            "unit": ["type": "string", "enum": ["celsius", "fahrenheit"], "description": "温度单位"],
        ],
        "required": ["city"],
        "additionalProperties": false,
    ]

    public var sampleArguments: [JSON] { [["city": "北京"], ["city": "上海", "unit": "fahrenheit"]] }

    private let network: any NetworkServing

    public init(context: SkillContext) {
        network = context.networkService
    }

    struct Arguments: Decodable {
        enum Unit: String, Decodable { case celsius, fahrenheit }
        let city: String
        let unit: Unit?
    }

    public func execute(arguments: Data) async throws -> String {
        let arguments = try decodeArguments(Arguments.self, from: arguments)
        let city = arguments.city.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !city.isEmpty else { throw SkillError.invalidInput("city: name a city, such as 北京") }
        let weather: WeatherResponse
        do {
            weather = try await network.fetchWeather(city: city)
        } catch let error as NetworkError {
            // The model reads a SkillError (ERR-1); cancellation goes through as it is (CAN-3).
            throw SkillError.executionFailed("无法获取\(city)的天气（\(error.message(in: .zhHans))）")
        }
        let unit = arguments.unit ?? .celsius
        func degrees(_ celsius: Int) -> String {
            unit == .celsius ? "\(celsius)°C" : "\(Int((Double(celsius) * 9 / 5 + 32).rounded()))°F"
        }
        return "\(city) 当前 \(degrees(weather.temperature))，\(weather.condition)，体感 \(degrees(weather.feelsLike))，湿度 \(weather.humidity)%"
    }
}
