import SkillKit

/// Breaks TIME-1: it debounces with `Task.sleep`, a real clock, so a test waits for real time (or, on
/// a virtual clock, the sleep leaves it).
public struct DebouncedSearchSkill: AgentSkill {
    public let id = "debounced-search"
    public let displayName = "联想搜索"
    public let description = "Suggests searches as you type, such as 联想 swift."
    public let keywords = ["联想", "suggest"]

    public init() {}

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        try await Task.sleep(for: .milliseconds(300)) // debounce
        return SkillOutput(summary: "联想：\(input.rawText)")
    }
}
