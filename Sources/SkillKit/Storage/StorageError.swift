import Foundation

/// Errors a ``DataStoring`` throws.
public enum StorageError: Error, LocalizedError, CatalogLocalizedError, Hashable, Codable {
    /// The store could not be reached or refused the operation.
    case unavailable(String)
    /// A stored document did not decode as the type asked for.
    case corruptDocument(collection: String, id: String, reason: String)

    public var errorDescription: String? { message(in: .zhHans) }

    public func message(in language: SkillLanguage) -> String {
        switch (self, language) {
        case (.unavailable(let reason), .zhHans): "存储不可用：\(reason)"
        case (.corruptDocument(let collection, let id, _), .zhHans): "存储数据损坏：\(collection)/\(id)"
        case (.unavailable(let reason), .english): "Storage unavailable: \(reason)"
        case (.corruptDocument(let collection, let id, _), .english): "Corrupt stored document: \(collection)/\(id)"
        }
    }
}
