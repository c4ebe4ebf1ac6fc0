import Foundation

/// One line of the conversation: what the user sent, or what the engine answered.
///
/// ```swift
/// for message in engine.messages { print(message.content) }   // or, in SwiftUI, List(engine.messages) { … }
/// ```
public struct AgentMessage: Identifiable, Sendable, Codable, Hashable {
    /// Who wrote a message.
    public enum Role: String, Sendable, Codable, Hashable {
        case user
        case agent
    }

    public let id: UUID
    public let role: Role
    public let content: String
    public let timestamp: Date
    /// The skill that produced an agent message, if one did.
    public var skillID: String?

    package init(id: UUID, role: Role, content: String, timestamp: Date, skillID: String? = nil) {
        self.id = id
        self.role = role
        self.content = content
        self.timestamp = timestamp
        self.skillID = skillID
    }
}
