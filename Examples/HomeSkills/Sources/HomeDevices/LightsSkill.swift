import Foundation
import HomeSkills
import SkillKit

/// Switches the lights: "开灯", "关掉卧室的灯", "lights off in the kitchen".
public struct LightsSkill: DeviceSkill {
    public let id = "lights"
    public let displayName = "灯光"
    public let description = "打开或关闭家里的灯，可以指定房间。"
    public let keywords = ["开灯", "关灯", "lights"]
    public let area = HomeArea.climate

    static let rooms = ["客厅": "living-room", "卧室": "bedroom", "厨房": "kitchen", "书房": "study",
                        "living room": "living-room", "bedroom": "bedroom", "kitchen": "kitchen"]

    public init() {}

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        let text = input.rawText.lowercased()
        let power: String
        if text.contains("关") || text.contains("off") {
            power = "off"
        } else if text.contains("开") || text.contains(" on") {
            power = "on"
        } else {
            throw SkillError.invalidInput("要开灯还是关灯？比如“打开客厅的灯”")
        }
        let room = Self.rooms.first { text.contains($0.key) }
        try await sendCommand(["power": power], to: "lights/\(room?.value ?? "all")", context: context)
        let place = room.map { "\($0.key)的" } ?? "所有的"
        return SkillOutput(summary: power == "on" ? "已打开\(place)灯" : "已关闭\(place)灯", shouldRefreshUI: true)
    }
}
