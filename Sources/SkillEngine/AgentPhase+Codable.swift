import Foundation

/// The encodings of phases, lifecycle states and activities: a bare name for a case without values,
/// a one-key object otherwise.
extension AgentPhase: Codable {
    private enum CodingKeys: String, CodingKey { case executing }

    public init(from decoder: any Decoder) throws {
        if let name = try? decoder.singleValueContainer().decode(String.self) {
            switch name {
            case "idle": self = .idle
            case "thinking": self = .thinking
            case "responding": self = .responding
            default: throw Self.unexpected(name, decoder)
            }
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self = .executing(skillID: try container.decode(String.self, forKey: .executing))
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .idle, .thinking, .responding:
            var container = encoder.singleValueContainer()
            try container.encode("\(self)")
        case .executing(let skillID):
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(skillID, forKey: .executing)
        }
    }

    private static func unexpected(_ name: String, _ decoder: any Decoder) -> DecodingError {
        .dataCorrupted(
            .init(
                codingPath: decoder.codingPath,
                debugDescription: "expected \"idle\", \"thinking\", \"responding\" or {\"executing\": skillID}, found \"\(name)\""))
    }
}

extension SkillLifecycleState: Codable {
    private enum CodingKeys: String, CodingKey { case executing, failed }

    public init(from decoder: any Decoder) throws {
        if let name = try? decoder.singleValueContainer().decode(String.self) {
            switch name {
            case "starting": self = .starting
            case "completed": self = .completed
            case "cancelled": self = .cancelled
            default:
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: decoder.codingPath,
                        debugDescription:
                            "expected \"starting\", \"completed\", \"cancelled\", {\"executing\": progress or null} or {\"failed\": reason}, found \"\(name)\""
                    ))
            }
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if container.contains(.failed) {
            self = .failed(try container.decode(String.self, forKey: .failed))
        } else {
            self = .executing(progress: try container.decodeIfPresent(Double.self, forKey: .executing))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .starting, .completed, .cancelled:
            var container = encoder.singleValueContainer()
            try container.encode("\(self)")
        case .executing(let progress):
            var container = encoder.container(keyedBy: CodingKeys.self)
            if let progress { try container.encode(progress, forKey: .executing) } else { try container.encodeNil(forKey: .executing) }
        case .failed(let reason):
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(reason, forKey: .failed)
        }
    }
}

extension AgentActivity: Codable {
    private enum CodingKeys: String, CodingKey { case phase, skill, state }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if container.contains(.phase) {
            self = .phase(try container.decode(AgentPhase.self, forKey: .phase))
        } else {
            self = .skill(
                skillID: try container.decode(String.self, forKey: .skill),
                try container.decode(SkillLifecycleState.self, forKey: .state))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .phase(let phase): try container.encode(phase, forKey: .phase)
        case .skill(let skillID, let state):
            try container.encode(skillID, forKey: .skill)
            try container.encode(state, forKey: .state)
        }
    }
}
