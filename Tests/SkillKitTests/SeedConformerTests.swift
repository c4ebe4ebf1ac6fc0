// A store and a network service written exactly the seed's way (seed 000 §3): only the seed's methods.
// If this file stops compiling, SkillKit has broken the seed's contract again.
import Foundation
import SkillKit
import Testing

actor SeedStore: DataStoring {
    private var notes: [NoteItem] = []

    func save(_ item: NoteItem) async throws {
        notes.append(item)
    }

    func fetchAllNotes() async throws -> [NoteItem] {
        notes
    }
}

struct SeedWeatherService: NetworkServing {
    func fetchWeather(city: String) async throws -> WeatherResponse {
        WeatherResponse(temperature: 21, condition: "晴", feelsLike: 20, humidity: 40)
    }
}

@Suite("Seed-style conformers")
struct SeedConformerTests {
    @Test("a store with only save(_:) and fetchAllNotes() keeps the seed NoteSkill's notes")
    func seedStoreWorks() async throws {
        let store = SeedStore()
        let context = SkillContext(storage: store, networkService: SeedWeatherService())
        let output = try await NoteSkill().execute(input: SkillInput(rawText: "记一下 买牛奶"), context: context)
        #expect(output.summary == "已记录：买牛奶")
        #expect(try await store.fetchAllNotes().map(\.content) == ["买牛奶"])
    }

    @Test("a service with only fetchWeather(city:) answers the seed WeatherSkill")
    func seedNetworkWorks() async throws {
        let context = SkillContext(storage: SeedStore(), networkService: SeedWeatherService())
        let output = try await WeatherSkill().execute(input: SkillInput(rawText: "天气"), context: context)
        #expect(output.summary == "北京 当前 21°C，晴")
    }

    @Test("each document operation a seed store leaves out throws, naming itself and the type")
    func documentAPIsThrowClearly() async throws {
        let store = SeedStore()
        let calls: [(String, @Sendable () async throws -> Void)] = [
            ("saveDocument(_:id:in:)", { try await store.saveDocument(Data(), id: "r1", in: "reminders") }),
            ("document(id:in:)", { _ = try await store.document(id: "r1", in: "reminders") }),
            ("documents(in:)", { _ = try await store.documents(in: "reminders") }),
            ("deleteDocument(id:in:)", { try await store.deleteDocument(id: "r1", in: "reminders") }),
        ]
        for (requirement, call) in calls {
            let error = await #expect(throws: UnimplementedRequirement.self) { try await call() }
            #expect(error?.requirement == requirement)
            #expect(error?.description.hasPrefix("SeedStore does not implement DataStoring.\(requirement)") == true)
        }
    }

    @Test("send(_:) on a seed service throws, naming itself, instead of recursing")
    func sendThrowsClearly() async throws {
        let error = await #expect(throws: UnimplementedRequirement.self) {
            _ = try await SeedWeatherService().send(NetworkRequest(url: URL(string: "https://example.com")!))
        }
        #expect(error?.description.hasPrefix("SeedWeatherService does not implement NetworkServing.send(_:)") == true)
    }
}
