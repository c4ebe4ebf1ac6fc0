import SkillKit

/// Breaks ERR-2: text without a number makes it throw its own parse error, not SkillError.invalidInput.
public struct UnitConverterSkill: AgentSkill {
    /// The converter's own error.
    public enum ParseError: Error { case notANumber(String) }

    public let id = "km-to-miles"
    public let displayName = "公里换英里"
    public let description = "Converts kilometres to miles, such as 公里换英里 3."
    public let keywords = ["公里换英里", "km to miles"]

    public init() {}

    public var samples: SkillSamples {
        SkillSamples(handled: ["公里换英里 3", "km to miles 42.2"], unhandled: ["北京天气怎么样"])
    }

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        let last = input.rawText.split(separator: " ").last.map(String.init) ?? ""
        guard let kilometres = Double(last) else { throw ParseError.notANumber(last) }
        return SkillOutput(summary: "\(kilometres) km = \(kilometres * 0.621_371) miles")
    }
}
