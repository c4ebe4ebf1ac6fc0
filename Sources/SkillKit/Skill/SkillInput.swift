/// What one call of a skill receives.
///
/// ```swift
/// let input = SkillInput(rawText: "记一下明天开会")
/// let output = try await NoteSkill().execute(input: input, context: context)
/// ```
public struct SkillInput: Sendable, Codable, Hashable {
    /// The user's text, exactly as typed.
    public let rawText: String
    /// Structured parameters already extracted from the text, if any.
    public var arguments: [String: String]
    /// Extra facts such as the source screen.
    public var metadata: [String: String]

    public init(rawText: String, arguments: [String: String] = [:], metadata: [String: String] = [:]) {
        self.rawText = rawText
        self.arguments = arguments
        self.metadata = metadata
    }
}
