import Foundation
import SkillKit

/// Breaks TIME-1 in its source: it tells the model whether an event is over by comparing the event's date
/// with `Date()`, the real clock. Every run gives the same answer for an event long past, so no two runs
/// differ and TOOL-5 passes; only the source shows that the result is built from real time (and that a
/// test cannot move it).
public struct EventStatusTool: ToolSkill {
    public let id = "events.status"
    public let name = "event_status"
    public let description = "查询活动是否已经结束。用户问某个活动还办不办时使用。"
    public let inputSchema: JSON = [
        "type": "object",
        "properties": ["event": ["type": "string", "description": "活动名称，如 2024 北京马拉松"]],
        "required": ["event"],
        "additionalProperties": false,
    ]

    static let events = ["2024 北京马拉松": Date(timeIntervalSince1970: 1_730_592_000)]

    public init() {}

    public var sampleArguments: [JSON] { [["event": "2024 北京马拉松"]] }

    struct Arguments: Decodable { let event: String }

    public func execute(arguments: Data) async throws -> String {
        let arguments = try decodeArguments(Arguments.self, from: arguments)
        guard let date = Self.events[arguments.event] else {
            throw SkillError.invalidInput("no event called \(arguments.event); ask for one by its full name, such as 2024 北京马拉松")
        }
        return date < Date() ? "\(arguments.event)已经结束" : "\(arguments.event)还没有开始"
    }
}
