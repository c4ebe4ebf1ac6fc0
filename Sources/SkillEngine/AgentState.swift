/// What the engine is doing, for a screen to show.
///
/// Encoded as `"idle"`, `"processing"`, `"waitingForConfirmation"` or `{"failed": "reason"}`.
public enum AgentState: Sendable, Hashable {
    case idle
    case processing
    /// The last skill asked the user to confirm (`SkillOutput/requiresConfirmation`).
    case waitingForConfirmation
    /// The last request failed, for this reason.
    case failed(String)
}

extension AgentState: Codable {
    private enum CodingKeys: String, CodingKey { case failed }

    public init(from decoder: any Decoder) throws {
        if let name = try? decoder.singleValueContainer().decode(String.self) {
            switch name {
            case "idle": self = .idle
            case "processing": self = .processing
            case "waitingForConfirmation": self = .waitingForConfirmation
            default:
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: decoder.codingPath,
                        debugDescription:
                            "expected \"idle\", \"processing\", \"waitingForConfirmation\" or {\"failed\": reason}, found \"\(name)\""
                    ))
            }
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self = .failed(try container.decode(String.self, forKey: .failed))
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .idle, .processing, .waitingForConfirmation:
            var container = encoder.singleValueContainer()
            try container.encode("\(self)")
        case .failed(let reason):
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(reason, forKey: .failed)
        }
    }
}
