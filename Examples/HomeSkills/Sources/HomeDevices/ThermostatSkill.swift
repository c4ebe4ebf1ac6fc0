import Foundation
import HomeSkills
import SkillKit

/// Sets the heating or air conditioning: "把温度调到22度", "set the thermostat to 20".
public struct ThermostatSkill: DeviceSkill {
    public let id = "thermostat"
    public let displayName = "温控"
    public let description = "把室内温度调到指定的度数（16到30度）。"
    public let keywords = ["温度调到", "空调", "thermostat"]
    public let area = HomeArea.climate

    static let range = 16...30

    public init() {}

    public var samples: SkillSamples {
        SkillSamples(handled: ["把温度调到22度", "空调开到26度", "set the thermostat to 20"],
                     unhandled: ["开灯", "北京天气怎么样"])
    }

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        let text = input.rawText
        guard let start = text.firstIndex(where: { $0.isASCII && $0.isNumber }),
              let degrees = Int(text[start...].prefix { $0.isASCII && $0.isNumber }) else {
            throw SkillError.invalidInput("要调到多少度？比如“把温度调到22度”")
        }
        guard Self.range.contains(degrees) else {
            throw SkillError.invalidInput("温度要在\(Self.range.lowerBound)到\(Self.range.upperBound)度之间")
        }
        try Task.checkCancellation()
        try await sendCommand(["target": String(degrees)], to: "climate/target", context: context)
        return SkillOutput(summary: "好的，已经调到\(degrees)度", shouldRefreshUI: true)
    }
}
