import Foundation
import SkillKit

/// Breaks TOOL-2: its schema spells `required` as `requird`, a keyword JSON Schema does not have, so no
/// field is required and a model may leave out the city.
public struct TypoForecastTool: ToolSkill {
    public let id = "forecast.query"
    public let name = "query_forecast"
    public let description = "查询城市天气预报。用户问明天天气、会不会下雨时使用。"
    public let inputSchema: JSON = [
        "type": "object",
        "properties": ["city": ["type": "string"]],
        "requird": ["city"],
    ]
    public var sampleArguments: [JSON] { [["city": "北京"]] }

    private let network: any NetworkServing

    public init(context: SkillContext) {
        network = context.networkService
    }

    struct Arguments: Decodable { let city: String }

    public func execute(arguments: Data) async throws -> String {
        let arguments = try decodeArguments(Arguments.self, from: arguments)
        do {
            let weather = try await network.fetchWeather(city: arguments.city)
            return "\(arguments.city) 明天 \(weather.condition)，\(weather.temperature)°C"
        } catch let error as NetworkError {
            throw SkillError.executionFailed("无法获取\(arguments.city)的天气预报（\(error.message(in: .zhHans))）")
        }
    }
}
