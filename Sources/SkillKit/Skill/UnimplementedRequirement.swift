import Foundation

/// A protocol requirement that a conforming type did not implement, where the default cannot stand in.
///
/// `DataStoring` and `NetworkServing` grew general APIs (documents, HTTP requests) beside the seed's
/// note and weather calls. A store written the seed's way, with only `save(_:)` and `fetchAllNotes()`,
/// still compiles and works for notes; asking it for a document throws this error, naming the method to
/// implement, instead of failing to compile or recursing forever.
///
/// ```swift
/// actor SeedStore: DataStoring {          // the seed's store, unchanged
///     private var notes: [NoteItem] = []
///     func save(_ item: NoteItem) async throws { notes.append(item) }
///     func fetchAllNotes() async throws -> [NoteItem] { notes }
/// }
/// try await SeedStore().documents(in: "reminders")
/// // throws: SeedStore does not implement DataStoring.documents(in:): ...
/// ```
public struct UnimplementedRequirement: Error, LocalizedError, Hashable, Sendable, CustomStringConvertible {
    /// The conforming type, such as `SeedStore`.
    public var type: String
    /// The protocol, such as `DataStoring`.
    public var protocolName: String
    /// The requirement to implement, such as `documents(in:)`.
    public var requirement: String
    /// What works without it, and what needs it.
    public var hint: String

    package init(type: String, protocolName: String, requirement: String, hint: String) {
        self.type = type
        self.protocolName = protocolName
        self.requirement = requirement
        self.hint = hint
    }

    public var description: String {
        "\(type) does not implement \(protocolName).\(requirement): \(hint)"
    }

    public var errorDescription: String? { description }
}
