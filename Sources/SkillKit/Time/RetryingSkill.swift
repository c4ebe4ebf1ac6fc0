/// A skill that tries its base skill again, on the context's clock, when it fails.
///
/// ```swift
/// engine.register(RetryingSkill(WeatherSkill(), policy: RetryPolicy(maxRetries: 3, baseDelay: .seconds(1))))
/// ```
public struct RetryingSkill<Base: AgentSkill>: AgentSkill {
    package let base: Base
    package let policy: RetryPolicy

    public init(_ base: Base, policy: RetryPolicy) {
        self.base = base
        self.policy = policy
    }

    public var id: String { base.id }
    public var displayName: String { base.displayName }
    public var description: String { base.description }
    public var keywords: [String] { base.keywords }
    public var samples: SkillSamples { base.samples }
    public func canHandle(_ intent: String) -> Bool { base.canHandle(intent) }

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        try await policy.run(clock: context.clock) { _ in
            try await base.execute(input: input, context: context)
        }
    }
}

/// A skill that gives its base skill at most `limit` on the context's clock, then throws
/// ``SkillError/timeout``.
///
/// ```swift
/// engine.register(TimeoutSkill(WeatherSkill(), limit: .seconds(3)))
/// ```
public struct TimeoutSkill<Base: AgentSkill>: AgentSkill {
    package let base: Base
    package let limit: Duration

    public init(_ base: Base, limit: Duration) {
        self.base = base
        self.limit = limit
    }

    public var id: String { base.id }
    public var displayName: String { base.displayName }
    public var description: String { base.description }
    public var keywords: [String] { base.keywords }
    public var samples: SkillSamples { base.samples }
    public func canHandle(_ intent: String) -> Bool { base.canHandle(intent) }

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        let base = base
        return try await withTimeout(limit, clock: context.clock) {
            try await base.execute(input: input, context: context)
        }
    }
}
