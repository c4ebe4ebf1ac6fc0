import Foundation

/// A note, as the seed architecture's `NoteSkill` stores it.
///
/// ```swift
/// let note = NoteItem(content: "明天下午三点开会", createdAt: context.now)
/// try await context.storage.save(note)
/// ```
public struct NoteItem: Identifiable, Sendable, Codable, Hashable {
    public let id: UUID
    public var content: String
    public var createdAt: Date

    public init(id: UUID = UUID(), content: String, createdAt: Date = Date()) {
        self.id = id
        self.content = content
        self.createdAt = createdAt
    }
}
