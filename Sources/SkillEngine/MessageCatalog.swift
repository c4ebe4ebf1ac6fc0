import SkillKit

/// The texts the engine answers with, in one language.
///
/// ```swift
/// let engine = AgentEngine(context: context, configuration: .init(catalog: .english))
/// ```
public struct MessageCatalog: Sendable, Hashable {
    public var language: SkillLanguage
    /// The answer when no skill can handle a request.
    public var noSkill: String
    /// What comes before the error's text when a skill fails.
    public var failurePrefix: String
    /// What ``AgentEngine/send(_:)`` returns when the exclusive policy turns a request away.
    public var busy: String
    /// What ``AgentEngine/send(_:)`` returns for a request that was cancelled.
    public var cancelled: String

    public init(language: SkillLanguage, noSkill: String, failurePrefix: String, busy: String, cancelled: String) {
        self.language = language
        self.noSkill = noSkill
        self.failurePrefix = failurePrefix
        self.busy = busy
        self.cancelled = cancelled
    }

    /// The seed architecture's exact texts.
    public static let zhHans = MessageCatalog(
        language: .zhHans,
        noSkill: "没有找到能处理这条指令的技能",
        failurePrefix: "技能执行失败：",
        busy: "正在处理上一条指令，请稍候",
        cancelled: "已取消"
    )

    public static let english = MessageCatalog(
        language: .english,
        noSkill: "No skill can handle this request",
        failurePrefix: "Skill failed: ",
        busy: "Still working on the previous request",
        cancelled: "Cancelled"
    )

    /// The built-in catalogue for `language`.
    public static func builtIn(_ language: SkillLanguage) -> MessageCatalog {
        switch language {
        case .zhHans: .zhHans
        case .english: .english
        }
    }

    /// The text of `error`: its ``SkillKit/CatalogLocalizedError/message(in:)`` when it has one,
    /// else its `localizedDescription`.
    package func describe(_ error: any Error) -> String {
        if let error = error as? any CatalogLocalizedError { return error.message(in: language) }
        return error.localizedDescription
    }

    /// The whole failure answer for `error`, such as `技能执行失败：技能执行超时`.
    package func failure(_ error: any Error) -> String {
        failurePrefix + describe(error)
    }
}
