/// A named group of tool skills that a screen shows to the model together (seed 002 §5.5).
///
/// The chat screen shows the general pack, a calendar assistant adds the calendar pack.
///
/// ```swift
/// registry.register(CalendarTool(), in: "calendar")
/// registry.showPacks([.general, "calendar"])
/// ```
public struct SkillPack: Sendable, Hashable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
    public var name: String

    public init(_ name: String) { self.name = name }
    public init(stringLiteral name: String) { self.name = name }

    /// The pack a skill joins when none is named.
    public static let general = SkillPack("general")

    public var description: String { name }

    public init(from decoder: any Decoder) throws {
        name = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }
}
