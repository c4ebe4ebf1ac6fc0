import Foundation
import SkillCheckSupport
import SkillEngine
import SkillKit

/// A `DataStoring` in memory, with latency on an injected clock, injected faults, an ordered
/// log of every operation, and a snapshot for diffing.
///
/// ```swift
/// let store = InMemoryDataStore(clock: clock, latency: .milliseconds(20))
/// store.failNext(1, with: StorageError.unavailable("disk full"))
/// // ... run the skill ...
/// #expect(store.log == [.save(collection: "notes", id: noteID)])
/// #expect(store.snapshot()["notes"]?.count == 0)
/// ```
///
/// Each operation is logged when it is asked for, then waits `latency`, then fails if a fault applies.
@available(SkillCheckTesting, *)
public final class InMemoryDataStore: DataStoring, Sendable {
    /// One thing the store was asked to do.
    public enum Operation: Sendable, Hashable, Codable, CustomStringConvertible {
        case save(collection: String, id: String)
        case read(collection: String, id: String)
        case list(collection: String)
        case delete(collection: String, id: String)

        public var collection: String {
            switch self {
            case .save(let collection, _), .read(let collection, _), .list(let collection),
                .delete(let collection, _):
                collection
            }
        }

        public var description: String {
            switch self {
            case .save(let collection, let id): "save \(collection)/\(id)"
            case .read(let collection, let id): "read \(collection)/\(id)"
            case .list(let collection): "list \(collection)"
            case .delete(let collection, let id): "delete \(collection)/\(id)"
            }
        }
    }

    struct Rule {
        let matches: @Sendable (Operation) -> Bool
        let error: any Error
    }

    struct Contents {
        var order: [String] = []
        var documents: [String: Data] = [:]
    }

    struct State {
        var collections: [String: Contents] = [:]
        var log: [Operation] = []
        var failNext: (count: Int, error: any Error)?
        var rules: [Rule] = []
    }

    private let clock: (any Clock<Duration>)?
    private let latency: Duration
    private let state = Locked(State())

    /// - Parameters: - clock: the clock latency passes on.
    ///
    /// `nil` for no latency. - latency: how long each operation takes. - notes: notes the store starts with.
    public init(clock: (any Clock<Duration>)? = nil, latency: Duration = .zero, notes: [NoteItem] = []) {
        self.clock = clock
        self.latency = latency
        for note in notes {
            // Encoding a NoteItem cannot fail.
            try? seed(DocumentCoding.encode(note), id: note.id.uuidString, in: NoteItem.collection)
        }
    }

    // MARK: Fixtures and faults

    /// Stores a document without logging it: a fixture.
    public func seed(_ data: Data, id: String, in collection: String) {
        state.withLock { $0.collections[collection, default: Contents()].put(data, id: id) }
    }

    /// The next `count` operations fail with `error`.
    public func failNext(_ count: Int = 1, with error: any Error = StorageError.unavailable("injected fault")) {
        state.withLock { $0.failNext = count > 0 ? (count, error) : nil }
    }

    /// Every operation for which `predicate` is true fails with `error`, until ``clearFaults()``.
    ///
    /// ```swift
    /// store.fail(with: StorageError.unavailable("read-only")) { if case .save = $0 { true } else { false } }
    /// ```
    public func fail(
        with error: any Error = StorageError.unavailable("injected fault"),
        when predicate: @escaping @Sendable (Operation) -> Bool
    ) {
        state.withLock { $0.rules.append(Rule(matches: predicate, error: error)) }
    }

    /// Removes every fault.
    public func clearFaults() {
        state.withLock { state in
            state.failNext = nil
            state.rules = []
        }
    }

    // MARK: Inspection

    /// Every operation asked for, in order, failed ones included.
    public var log: [Operation] { state.withLock { $0.log } }

    /// The log from the `from`-th operation on: what a timeline has not seen yet, without copying the rest.
    package func log(from index: Int) -> ArraySlice<Operation> { state.withLock { $0.log[min(index, $0.log.count)...] } }

    /// The contents: each collection's documents in the order they were first saved.
    public func snapshot() -> [String: [StoredDocument]] {
        state.withLock { state in
            state.collections.mapValues { contents in
                contents.order.map { StoredDocument(id: $0, data: contents.documents[$0]!) }
            }
        }
    }

    // MARK: DataStoring

    public nonisolated(nonsending) func saveDocument(_ data: Data, id: String, in collection: String) async throws {
        try await perform(.save(collection: collection, id: id))
        state.withLock { $0.collections[collection, default: Contents()].put(data, id: id) }
    }

    public nonisolated(nonsending) func document(id: String, in collection: String) async throws -> Data? {
        try await perform(.read(collection: collection, id: id))
        return state.withLock { $0.collections[collection]?.documents[id] }
    }

    public nonisolated(nonsending) func documents(in collection: String) async throws -> [StoredDocument] {
        try await perform(.list(collection: collection))
        return snapshot()[collection] ?? []
    }

    @discardableResult
    public nonisolated(nonsending) func deleteDocument(id: String, in collection: String) async throws -> Bool {
        try await perform(.delete(collection: collection, id: id))
        return state.withLock { $0.collections[collection]?.remove(id: id) ?? false }
    }

    private nonisolated(nonsending) func perform(_ operation: Operation) async throws {
        state.withLock { $0.log.append(operation) }
        // A cancelled caller passes through the executor once, as real I/O would (see VirtualClock.sleep).
        if Task.isCancelled { await Task.yield() }
        if let clock, latency > .zero { try await clock.sleep(for: latency) }
        let fault: (any Error)? = state.withLock { state in
            if let (count, error) = state.failNext {
                state.failNext = count > 1 ? (count - 1, error) : nil
                return error
            }
            return state.rules.first { $0.matches(operation) }?.error
        }
        if let fault { throw fault }
    }
}

@available(SkillCheckTesting, *)
extension InMemoryDataStore.Contents {
    mutating func put(_ data: Data, id: String) {
        if documents.updateValue(data, forKey: id) == nil { order.append(id) }
    }

    mutating func remove(id: String) -> Bool {
        guard documents.removeValue(forKey: id) != nil else { return false }
        order.removeAll { $0 == id }
        return true
    }
}
