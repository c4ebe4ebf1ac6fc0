import Foundation
import SkillKit

/// Breaks SEND-5: it asks for every city's weather at once in a task group and writes a row as each answer
/// comes in. With equal latencies the rows come in the order asked, every run, here; on a phone they come as
/// the network answers, and the model reads 上海 first one time and 北京 first the next.
/// ``OrderedCompareWeatherTool`` is its correct twin.
public struct CompareWeatherTool: ToolSkill {
    public let id = "weather.compare"
    public let name = "compare_weather"
    public let description = "比较几个城市的天气。用户问哪里更暖和、哪里下雨时使用。"
    public let inputSchema = CityList.schema
    public var sampleArguments: [JSON] { CityList.samples }

    private let network: any NetworkServing

    public init(context: SkillContext) {
        network = context.networkService
    }

    public func execute(arguments: Data) async throws -> String {
        let cities = try decodeArguments(CityList.self, from: arguments).cities
        let network = network
        return try await withThrowingTaskGroup(of: String.self) { group in
            for city in cities {
                group.addTask { try await CityList.row(city, network: network) }
            }
            var rows: [String] = []
            for try await row in group { rows.append(row) } // in the order they finish
            return rows.joined(separator: "\n")
        }
    }
}

/// The correct twin of ``CompareWeatherTool``: each row keeps its city's place. It passes every rule.
public struct OrderedCompareWeatherTool: ToolSkill {
    public let id = "weather.compare-ordered"
    public let name = "compare_weather_in_order"
    public let description = "比较几个城市的天气。用户问哪里更暖和、哪里下雨时使用。"
    public let inputSchema = CityList.schema
    public var sampleArguments: [JSON] { CityList.samples }

    private let network: any NetworkServing

    public init(context: SkillContext) {
        network = context.networkService
    }

    public func execute(arguments: Data) async throws -> String {
        let cities = try decodeArguments(CityList.self, from: arguments).cities
        let network = network
        return try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for (index, city) in cities.enumerated() {
                group.addTask { (index, try await CityList.row(city, network: network)) }
            }
            var rows = Array(repeating: "", count: cities.count)
            for try await (index, row) in group { rows[index] = row } // each in its city's place
            return rows.joined(separator: "\n")
        }
    }
}

/// What both compare tools share: the arguments, and one city's row.
struct CityList: Decodable {
    var cities: [String]

    static let schema: JSON = [
        "type": "object",
        "properties": ["cities": ["type": "array", "items": ["type": "string"], "description": "要比较的城市，如 [\"北京\", \"上海\"]"]],
        "required": ["cities"],
        "additionalProperties": false,
    ]
    static let samples: [JSON] = [["cities": ["北京", "上海", "广州"]]]

    static func row(_ city: String, network: any NetworkServing) async throws -> String {
        do {
            let weather = try await network.fetchWeather(city: city)
            return "\(city) \(weather.condition) \(weather.temperature)°C"
        } catch let error as NetworkError {
            throw SkillError.executionFailed("\(city)的天气查不到（\(error.message(in: .zhHans))）")
        }
    }
}
