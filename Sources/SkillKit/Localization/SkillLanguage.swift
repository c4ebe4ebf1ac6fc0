/// The message catalogues SkillCheck speaks.
public enum SkillLanguage: String, Sendable, Codable, Hashable, CaseIterable {
    /// Simplified Chinese: the seed architecture's exact texts.
    case zhHans = "zh-Hans"
    /// English.
    case english = "en"
}

/// An error that can describe itself in each ``SkillLanguage``.
///
/// The engine uses ``message(in:)`` for errors that conform, and `localizedDescription` for the rest.
public protocol CatalogLocalizedError: Error {
    /// The text of this error in `language`.
    func message(in language: SkillLanguage) -> String
}
