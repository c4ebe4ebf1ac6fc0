/// What a skill returns.
///
/// ```swift
/// let output = SkillOutput(summary: "已记录：\(text)", detail: note.id.uuidString, shouldRefreshUI: true)   // what execute returns
/// ```
public struct SkillOutput: Sendable, Codable, Hashable {
    /// The one-line answer the user reads.
    public var summary: String
    /// Longer content, for a detail view.
    public var detail: String?
    /// Whether the skill changed data that a screen shows.
    public var shouldRefreshUI: Bool
    /// Whether the skill asks the user to confirm before it goes on: the engine then enters
    /// `waitingForConfirmation` until the next message.
    public var requiresConfirmation: Bool

    public init(
        summary: String,
        detail: String? = nil,
        shouldRefreshUI: Bool = false,
        requiresConfirmation: Bool = false
    ) {
        self.summary = summary
        self.detail = detail
        self.shouldRefreshUI = shouldRefreshUI
        self.requiresConfirmation = requiresConfirmation
    }

    private enum CodingKeys: String, CodingKey {
        case summary, detail, shouldRefreshUI, requiresConfirmation
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        summary = try container.decode(String.self, forKey: .summary)
        detail = try container.decodeIfPresent(String.self, forKey: .detail)
        shouldRefreshUI = try container.decodeIfPresent(Bool.self, forKey: .shouldRefreshUI) ?? false
        requiresConfirmation = try container.decodeIfPresent(Bool.self, forKey: .requiresConfirmation) ?? false
    }
}
