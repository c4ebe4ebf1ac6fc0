import Foundation
import SkillKit

/// Breaks TOOL-3: the schema's field was renamed `city_name` and the arguments type still decodes
/// `city`, so the tool rejects every call the model makes by its schema, its own sample included.
public struct AirQualityTool: ToolSkill {
    public let id = "air.quality"
    public let name = "query_air_quality"
    public let description = "查询城市空气质量指数（AQI）。用户问空气、雾霾、PM2.5 时使用。"
    public let inputSchema: JSON = [
        "type": "object",
        "properties": ["city_name": ["type": "string", "description": "城市名，如 北京"]],
        "required": ["city_name"],
        "additionalProperties": false,
    ]

    static let index = ["北京": 85, "上海": 62, "广州": 48]

    public init() {}

    struct Arguments: Decodable { let city: String }

    public func execute(arguments: Data) async throws -> String {
        let arguments = try decodeArguments(Arguments.self, from: arguments)
        guard let aqi = Self.index[arguments.city] else { throw SkillError.invalidInput("city: 没有\(arguments.city)的空气质量数据") }
        return "\(arguments.city) AQI \(aqi)"
    }
}
