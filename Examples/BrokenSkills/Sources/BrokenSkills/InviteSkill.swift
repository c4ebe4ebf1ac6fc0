import SkillKit

/// Breaks META-8: it sends an invitation to the email address after its keyword, and declares no samples.
/// Every input the kit can derive from its keywords (the keyword alone, with ordinary text, in a sentence,
/// with a number or a place) has no address, so each ends in `invalidInput` before any I/O: no check that
/// runs the skill reaches its work. The fix is one line: declare a sample with an address.
public struct InviteSkill: AgentSkill {
    public let id = "invite"
    public let displayName = "邀请"
    public let description = "Invites someone by email, such as 邀请 ada@example.com."
    public let keywords = ["邀请", "invite"]

    public init() {}

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        guard let address = input.rawText.split(separator: " ").first(where: { $0.contains("@") && $0.contains(".") }) else {
            throw SkillError.invalidInput("whom should I invite? Give an email address, such as 邀请 ada@example.com")
        }
        do {
            try await context.storage.save(["to": String(address)], id: String(address), in: "invitations")
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw SkillError.executionFailed("the invitation could not be saved: \(error.localizedDescription)")
        }
        return SkillOutput(summary: "已邀请 \(address)", shouldRefreshUI: true)
    }
}
