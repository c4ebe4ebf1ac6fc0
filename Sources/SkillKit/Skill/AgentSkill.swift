/// One capability of an app, packaged so that an engine can route a user's intent to it.
///
/// A skill introduces itself (``id``, ``displayName``, ``description``, ``keywords``), says whether it
/// can take a piece of text (``canHandle(_:)``), and does the work (``execute(input:context:)``). It is
/// `Sendable` and should be an immutable value: any state it needs lives behind ``SkillContext``.
///
/// ```swift
/// struct EchoSkill: AgentSkill {
///     let id = "echo"
///     let displayName = "Echo"
///     let description = "Repeats what the user said."
///     let keywords = ["echo", "repeat"]
///
///     func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
///         SkillOutput(summary: input.rawText)
///     }
/// }
/// ```
///
/// Skills must honour cancellation: an engine cancels a skill whose timeout expired, or whose request
/// was superseded, and waits for it to stop.
public protocol AgentSkill: Sendable {
    /// The unique identifier an engine indexes the skill by, such as `"note"`.
    var id: String { get }
    /// The name shown to people in logs and skill lists.
    var displayName: String { get }
    /// What the skill is good at, in natural language.
    var description: String { get }
    /// Trigger words for cheap, debuggable routing.
    var keywords: [String] { get }
    /// Sample intents the conformance checks feed to ``canHandle(_:)``.
    ///
    /// The default is derived from ``keywords``: each non-empty keyword is a handled sample.
    var samples: SkillSamples { get }

    /// Whether this skill can take the user's text.
    ///
    /// The default is a case-insensitive containment test against ``keywords``.
    func canHandle(_ intent: String) -> Bool

    /// Does the work.
    ///
    /// Throw ``SkillError`` for failures the user should read; any other error is shown through its
    /// `localizedDescription`.
    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput
}

extension AgentSkill {
    /// Case-insensitive keyword containment, as in the seed architecture.
    public func canHandle(_ intent: String) -> Bool {
        let lowered = intent.lowercased()
        return keywords.contains { !$0.isEmpty && lowered.contains($0.lowercased()) }
    }

    /// Samples derived from ``keywords``.
    public var samples: SkillSamples { .derived(from: keywords) }
}
