import Foundation

/// Persistent storage as a skill sees it: documents (JSON) in named collections.
///
/// A conforming type implements the four document operations; the seed's note methods
/// (``save(_:)``, ``fetchAllNotes()``) and the `Codable` helpers are built on them. A store written
/// the seed's way, with only ``save(_:)`` and ``fetchAllNotes()``, compiles and works for notes too:
/// each document operation it leaves out throws ``UnimplementedRequirement`` naming itself.
///
/// ```swift
/// struct Reminder: Codable { var text: String }
/// try await context.storage.save(Reminder(text: "牛奶"), id: "r1", in: "reminders")
/// let reminder = try await context.storage.load(Reminder.self, id: "r1", in: "reminders")
/// ```
public protocol DataStoring: Sendable {
    /// Stores `data` under `id` in `collection`, replacing any document with that id.
    func saveDocument(_ data: Data, id: String, in collection: String) async throws
    /// The document stored under `id` in `collection`, or `nil`.
    func document(id: String, in collection: String) async throws -> Data?
    /// Every document in `collection`, in the order they were first saved.
    func documents(in collection: String) async throws -> [StoredDocument]
    /// Removes the document stored under `id`; returns whether there was one.
    @discardableResult
    func deleteDocument(id: String, in collection: String) async throws -> Bool

    /// Saves a note (seed API).
    ///
    /// Default: the document API, collection `"notes"`.
    func save(_ item: NoteItem) async throws
    /// Every note, oldest first (seed API).
    ///
    /// Default: the document API.
    func fetchAllNotes() async throws -> [NoteItem]
}

/// One document as stored by a ``DataStoring``.
public struct StoredDocument: Sendable, Codable, Hashable {
    public var id: String
    public var data: Data

    public init(id: String, data: Data) {
        self.id = id
        self.data = data
    }
}

extension NoteItem {
    /// The collection notes are stored in.
    package static let collection = "notes"
}

extension DataStoring {
    /// Throws ``UnimplementedRequirement``: a store that stores more than notes implements it.
    public func saveDocument(_ data: Data, id: String, in collection: String) async throws {
        throw missing("saveDocument(_:id:in:)")
    }

    /// Throws ``UnimplementedRequirement``: a store that stores more than notes implements it.
    public func document(id: String, in collection: String) async throws -> Data? {
        throw missing("document(id:in:)")
    }

    /// Throws ``UnimplementedRequirement``: a store that stores more than notes implements it.
    public func documents(in collection: String) async throws -> [StoredDocument] {
        throw missing("documents(in:)")
    }

    /// Throws ``UnimplementedRequirement``: a store that stores more than notes implements it.
    @discardableResult
    public func deleteDocument(id: String, in collection: String) async throws -> Bool {
        throw missing("deleteDocument(id:in:)")
    }

    private func missing(_ requirement: String) -> UnimplementedRequirement {
        UnimplementedRequirement(
            type: "\(Self.self)", protocolName: "DataStoring", requirement: requirement,
            hint: "a store with only the seed's save(_:) and fetchAllNotes() keeps notes; implement the four "
                + "document operations (saveDocument, document, documents, deleteDocument) to store anything else, "
                + "or use InMemoryDataStore")
    }

    public func save(_ item: NoteItem) async throws {
        try await save(item, id: item.id.uuidString, in: NoteItem.collection)
    }

    public func fetchAllNotes() async throws -> [NoteItem] {
        try await loadAll(NoteItem.self, in: NoteItem.collection)
    }

    /// Encodes `value` as JSON (sorted keys) and stores it.
    public func save<Value: Encodable>(_ value: Value, id: String, in collection: String) async throws {
        try await saveDocument(DocumentCoding.encode(value), id: id, in: collection)
    }

    /// Decodes the document under `id`, or returns `nil` when there is none.
    public func load<Value: Decodable>(_ type: Value.Type, id: String, in collection: String) async throws -> Value? {
        guard let data = try await document(id: id, in: collection) else { return nil }
        return try DocumentCoding.decode(type, from: data, id: id, collection: collection)
    }

    /// Decodes every document in `collection`, in storage order.
    public func loadAll<Value: Decodable>(_ type: Value.Type, in collection: String) async throws -> [Value] {
        try await documents(in: collection).map {
            try DocumentCoding.decode(type, from: $0.data, id: $0.id, collection: collection)
        }
    }
}

/// The JSON coding every store shares, so that the same value is the same bytes everywhere.
package enum DocumentCoding {
    package static func encode<Value: Encodable>(_ value: Value) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(value)
    }

    package static func decode<Value: Decodable>(
        _ type: Value.Type,
        from data: Data,
        id: String,
        collection: String
    ) throws -> Value {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        do {
            return try decoder.decode(type, from: data)
        } catch {
            throw StorageError.corruptDocument(collection: collection, id: id, reason: "\(error)")
        }
    }
}
