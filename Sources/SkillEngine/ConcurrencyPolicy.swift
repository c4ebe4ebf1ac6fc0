/// What an engine does with a request that arrives while an earlier one is still running.
///
/// It applies to ``AgentEngine/send(_:)`` and ``ToolCallingEngine/run(input:in:)``.
///
/// Encoded as `"cancelPrevious"`, `"serial"`, `"exclusive"` or `{"concurrent": {"maxConcurrent": 2}}`.
///
/// ```swift
/// AgentEngine(context: context, configuration: .init(concurrencyPolicy: .concurrent(maxConcurrent: 2)))
/// ```
public enum ConcurrencyPolicy: Sendable, Hashable {
    /// Cancel the running request and start the new one (seed 000 §5.3).
    ///
    /// The cancelled request adds no reply; the default.
    case cancelPrevious
    /// Queue the new request; requests run one at a time in the order they were sent (seed 004's `SerialExecution`).
    ///
    /// A queued request's user message appears when it starts.
    case serial
    /// Turn the new request away while one is running, leaving the conversation untouched.
    ///
    /// This is seed 004's `ExclusiveExecution`, whose `SkillError.alreadyRunning` becomes the catalogue's busy
    /// text.
    case exclusive
    /// Run up to `maxConcurrent` requests at once and queue the rest in the order they were sent (seed 004's `ConcurrentExecution`).
    ///
    /// Replies are added as requests finish, so under this policy a reply may follow another request's user
    /// message; each reply names its skill.
    ///
    /// In ``AgentEngine``, different skills run side by side but one skill's requests take turns, as
    /// seed 004 has it: a request routed to a skill that is running waits even with a slot free, and
    /// requests for other skills go ahead of it. ``ToolCallingEngine`` cannot know a run's skills when
    /// it arrives (the model picks them as it goes), so there the policy limits how many runs overlap.
    case concurrent(maxConcurrent: Int)

    /// The policies without arguments, for pickers and readers.
    package static let simpleCases: [ConcurrencyPolicy] = [.cancelPrevious, .serial, .exclusive]

    /// The policy's name as it is encoded: `"cancelPrevious"`, `"serial"`, `"exclusive"`, `"concurrent"`.
    public var name: String {
        switch self {
        case .cancelPrevious: "cancelPrevious"
        case .serial: "serial"
        case .exclusive: "exclusive"
        case .concurrent: "concurrent"
        }
    }

    /// How many requests may run at once; `nil` for ``cancelPrevious``, where a new one ends the old.
    /// Whether requests for one skill run one after another even when slots are free (seed 004's
    /// concurrent policy: different skills side by side, one skill's requests in turn).
    var usesLanes: Bool {
        if case .concurrent = self { true } else { false }
    }

    var capacity: Int? {
        switch self {
        case .cancelPrevious: nil
        case .serial, .exclusive: 1
        case .concurrent(let limit): max(1, limit)
        }
    }
}

extension ConcurrencyPolicy: Codable {
    private enum CodingKeys: String, CodingKey { case concurrent }
    private enum ConcurrentKeys: String, CodingKey { case maxConcurrent }

    public init(from decoder: any Decoder) throws {
        if let name = try? decoder.singleValueContainer().decode(String.self) {
            guard let policy = Self.simpleCases.first(where: { $0.name == name }) else {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: decoder.codingPath,
                        debugDescription:
                            "expected \"cancelPrevious\", \"serial\", \"exclusive\" or {\"concurrent\": {\"maxConcurrent\": 2}}, found \"\(name)\""
                    ))
            }
            self = policy
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let concurrent = try container.nestedContainer(keyedBy: ConcurrentKeys.self, forKey: .concurrent)
        self = .concurrent(maxConcurrent: try concurrent.decode(Int.self, forKey: .maxConcurrent))
    }

    public func encode(to encoder: any Encoder) throws {
        if case .concurrent(let limit) = self {
            var container = encoder.container(keyedBy: CodingKeys.self)
            var concurrent = container.nestedContainer(keyedBy: ConcurrentKeys.self, forKey: .concurrent)
            try concurrent.encode(limit, forKey: .maxConcurrent)
        } else {
            var container = encoder.singleValueContainer()
            try container.encode(name)
        }
    }
}
