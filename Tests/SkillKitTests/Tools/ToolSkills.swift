import Foundation
import SkillKit

/// Tool skills for the contract's tests.
struct WeatherTool: ToolSkill {
    var id = "weather.query"
    var name = "query_weather"
    var description = "查询城市天气"
    var inputSchema: JSON = ["type": "object", "properties": ["city": ["type": "string"]], "required": ["city"]]

    struct Arguments: Decodable { let city: String }

    func execute(arguments: Data) async throws -> String {
        let arguments = try decodeArguments(Arguments.self, from: arguments)
        return "\(arguments.city) 晴"
    }
}

struct CalendarTool: ToolSkill {
    var id = "calendar.query"
    var name = "query_calendar"
    var description = "查找日程"
    var requiresPermission = true
    var inputSchema: JSON = [
        "type": "object",
        "properties": [
            "start": ["type": "string", "format": "date-time"],
            "days": ["type": "integer"],
            "filter": ["type": "object", "properties": ["tags": ["type": "array", "items": ["type": "string"]]]],
        ],
        "required": ["start"],
    ]

    struct Filter: Decodable { let tags: [String] }
    struct Arguments: Decodable {
        let start: Date
        let days: Int?
        let filter: Filter?
    }

    func execute(arguments: Data) async throws -> String {
        let arguments = try decodeArguments(Arguments.self, from: arguments)
        return "\(arguments.start.timeIntervalSince1970) \(arguments.days ?? 7)"
    }
}

/// A tool whose Swift type asks for more than its schema says, so decoding, not validation, fails.
struct LooseTool: ToolSkill {
    let id = "loose"
    let name = "loose"
    let description = "A schema looser than its Arguments type"
    let inputSchema: JSON = ["type": "object"]

    struct Inner: Decodable { let count: Int }
    struct Arguments: Decodable {
        let name: String
        let items: [Inner]
        let when: Date?
    }

    func execute(arguments: Data) async throws -> String {
        _ = try decodeArguments(Arguments.self, from: arguments)
        return "ok"
    }
}
