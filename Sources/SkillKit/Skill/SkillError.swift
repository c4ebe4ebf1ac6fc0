import Foundation

/// The errors a skill throws for failures the user should read.
///
/// `errorDescription` is the seed architecture's Chinese text; ``message(in:)`` gives the text in
/// another catalogue:
///
/// ```swift
/// throw SkillError.invalidInput("没有从指令中提取到笔记内容")
/// SkillError.timeout.message(in: .english)   // "The skill timed out"
/// ```
public enum SkillError: Error, LocalizedError, CatalogLocalizedError, Hashable, Codable {
    /// The user's text did not contain what the skill needs.
    case invalidInput(String)
    /// The skill tried and failed.
    case executionFailed(String)
    /// The skill ran out of time.
    case timeout
    /// The skill is still running an earlier call and takes one at a time (seed 004's `SkillError.alreadyRunning`).
    ///
    /// Engines answer it like their exclusive policy: with their busy text, not as a failure.
    case alreadyRunning

    public var errorDescription: String? { message(in: .zhHans) }

    public func message(in language: SkillLanguage) -> String {
        switch (self, language) {
        case (.invalidInput(let reason), .zhHans): "输入无效：\(reason)"
        case (.executionFailed(let reason), .zhHans): "执行失败：\(reason)"
        case (.timeout, .zhHans): "技能执行超时"
        case (.alreadyRunning, .zhHans): "技能正在执行中，请稍后再试"
        case (.invalidInput(let reason), .english): "Invalid input: \(reason)"
        case (.executionFailed(let reason), .english): "Execution failed: \(reason)"
        case (.timeout, .english): "The skill timed out"
        case (.alreadyRunning, .english): "The skill is already running; try again later"
        }
    }
}
