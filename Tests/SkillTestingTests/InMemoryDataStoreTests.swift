import Foundation
import SkillKit
import SkillTesting
import Testing

@Suite("InMemoryDataStore")
struct InMemoryDataStoreTests {
    @available(SkillCheckTesting, *)
    @Test("the seed's note API saves and fetches notes, oldest first")
    func notes() async throws {
        let store = InMemoryDataStore()
        let first = NoteItem(
            id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!, content: "买牛奶", createdAt: Date(timeIntervalSince1970: 0))
        let second = NoteItem(
            id: UUID(uuidString: "00000000-0000-0000-0000-000000000002")!, content: "开会", createdAt: Date(timeIntervalSince1970: 60))
        try await store.save(first)
        try await store.save(second)
        #expect(try await store.fetchAllNotes() == [first, second])
    }

    @available(SkillCheckTesting, *)
    struct Reminder: Codable, Equatable { var text: String }

    @available(SkillCheckTesting, *)
    @Test("the document API stores Codable values by collection and id, replacing in place")
    func documents() async throws {
        let store = InMemoryDataStore()
        try await store.save(Reminder(text: "a"), id: "1", in: "reminders")
        try await store.save(Reminder(text: "b"), id: "2", in: "reminders")
        try await store.save(Reminder(text: "a2"), id: "1", in: "reminders")
        #expect(try await store.loadAll(Reminder.self, in: "reminders") == [.init(text: "a2"), .init(text: "b")])
        #expect(try await store.load(Reminder.self, id: "3", in: "reminders") == nil)
        #expect(try await store.deleteDocument(id: "1", in: "reminders"))
        #expect(try await !store.deleteDocument(id: "1", in: "reminders"))
        #expect(store.snapshot()["reminders"]?.map(\.id) == ["2"])
    }

    @available(SkillCheckTesting, *)
    @Test("a document that does not decode throws a corrupt-document error naming it")
    func corrupt() async throws {
        let store = InMemoryDataStore()
        store.seed(Data("not json".utf8), id: "x", in: "reminders")
        await #expect(throws: StorageError.self) { try await store.load(Reminder.self, id: "x", in: "reminders") }
    }

    @available(SkillCheckTesting, *)
    @Test("each operation is logged in order, failed ones included")
    func log() async throws {
        let store = InMemoryDataStore()
        store.failNext(1)
        try? await store.saveDocument(Data(), id: "a", in: "c")
        _ = try await store.document(id: "a", in: "c")
        _ = try await store.documents(in: "c")
        try await store.deleteDocument(id: "a", in: "c")
        #expect(
            store.log == [
                .save(collection: "c", id: "a"), .read(collection: "c", id: "a"), .list(collection: "c"),
                .delete(collection: "c", id: "a"),
            ])
    }

    @available(SkillCheckTesting, *)
    @Test("failNext(n) fails exactly the next n operations with the given error")
    func failNext() async throws {
        let store = InMemoryDataStore()
        store.failNext(2, with: StorageError.unavailable("disk full"))
        await #expect(throws: StorageError.unavailable("disk full")) { try await store.fetchAllNotes() }
        await #expect(throws: StorageError.unavailable("disk full")) { try await store.fetchAllNotes() }
        #expect(try await store.fetchAllNotes().isEmpty)
    }

    @available(SkillCheckTesting, *)
    @Test("fail(when:) fails every matching operation until the faults are cleared")
    func failWhen() async throws {
        let store = InMemoryDataStore()
        store.fail { if case .save = $0 { true } else { false } }
        await #expect(throws: StorageError.self) { try await store.save(NoteItem(content: "x")) }
        await #expect(throws: StorageError.self) { try await store.save(NoteItem(content: "y")) }
        #expect(try await store.fetchAllNotes().isEmpty)
        store.clearFaults()
        try await store.save(NoteItem(content: "z"))
        #expect(try await store.fetchAllNotes().count == 1)
    }

    @available(SkillCheckTesting, *)
    @Test("latency passes on the injected clock")
    func latency() async throws {
        let clock = VirtualClock()
        let store = InMemoryDataStore(clock: clock, latency: .milliseconds(250))
        let task = clock.scheduler.spawn("save") { try await store.save(NoteItem(content: "x")) }
        clock.scheduler.runUntilIdle()
        #expect(clock.pendingSleepers.map(\.duration) == [.milliseconds(250)])
        #expect(store.snapshot().isEmpty)
        clock.advance(by: .milliseconds(250))
        try await task.value
        #expect(store.snapshot()["notes"]?.count == 1)
    }
}
