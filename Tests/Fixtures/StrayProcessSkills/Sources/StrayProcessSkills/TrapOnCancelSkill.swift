import SkillKit

/// Traps in one check only: `try!` where `try` belongs, on the cancellation check it makes before any work,
/// so only a run cancelled before it starts (CAN-1) traps. Every other rule has a result of its own.
public struct TrapOnCancelSkill: AgentSkill {
    public let id = "greeting.traps-when-cancelled"
    public let displayName = "问候"
    public let description = "Says hello, by name."
    public let keywords = ["hello"]

    public init() {}

    public var samples: SkillSamples { SkillSamples(handled: ["hello Ada"], unhandled: ["weather"]) }

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        try! Task.checkCancellation()
        let name = input.rawText.split(separator: " ").dropFirst().joined(separator: " ")
        guard !name.isEmpty else { throw SkillError.invalidInput("say hello to whom? Try: hello Ada") }
        return SkillOutput(summary: "Hello, \(name)!")
    }
}
