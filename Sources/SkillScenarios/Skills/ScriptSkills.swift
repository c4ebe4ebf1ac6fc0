import Foundation
import SkillKit

/// Small, predictable skills for transcripts that test the engine's behaviour rather than a real skill:
/// `echo` answers its text, `fail` throws ``SkillKit/SkillError/executionFailed(_:)``, `slow` sleeps
/// on the context's clock for the duration in its text ("slow 5s"), honouring cancellation.
///
/// ```json
/// {"schema": "skillcheck.transcript/1", "skills": ["slow", "echo"], "steps": [{"send": "slow 12s"}]}
/// ```
@available(SkillCheckTesting, *)
package enum ScriptSkills: SkillCatalog {
    package static var skills: [any AgentSkill] { [EchoSkill(), FailSkill(), SlowSkill()] }

    /// Answers the text after its keyword: "echo 你好" → "你好".
    package struct EchoSkill: AgentSkill {
        package let id = "echo"
        package let displayName = "Echo"
        package let description = "Answers with the text after the word echo."
        package let keywords = ["echo"]
        package init() {}

        package func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
            let text = ScriptSkills.rest(of: input.rawText, after: "echo")
            guard !text.isEmpty else { throw SkillError.invalidInput("nothing to echo") }
            return SkillOutput(summary: text)
        }
    }

    /// Throws `executionFailed` with the text after its keyword: "fail 磁盘已满".
    package struct FailSkill: AgentSkill {
        package let id = "fail"
        package let displayName = "Fail"
        package let description = "Fails with the text after the word fail."
        package let keywords = ["fail"]
        package init() {}

        package func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
            let reason = ScriptSkills.rest(of: input.rawText, after: "fail")
            throw SkillError.executionFailed(reason.isEmpty ? "requested failure" : reason)
        }
    }

    /// Sleeps for the first duration in its text (default 1 s), then answers "slept 5s".
    package struct SlowSkill: AgentSkill {
        package let id = "slow"
        package let displayName = "Slow"
        package let description = "Sleeps on the context's clock for the duration in the text, such as slow 5s."
        package let keywords = ["slow"]
        package init() {}

        package func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
            let words = input.rawText.split(whereSeparator: \.isWhitespace).map(String.init)
            let duration = words.lazy.compactMap(DurationText.parse).first ?? .seconds(1)
            try await context.clock.sleep(for: duration)
            return SkillOutput(summary: "slept \(duration.written)")
        }
    }

    static func rest(of text: String, after keyword: String) -> String {
        guard let range = text.range(of: keyword, options: .caseInsensitive) else { return text }
        return text[range.upperBound...].trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
