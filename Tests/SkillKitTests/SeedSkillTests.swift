import Foundation
import SkillKit
import SkillTesting
import Testing

@Suite("The seed's skills against SkillKit")
struct SeedSkillTests {
    @available(SkillCheckTesting, *)
    @Test("NoteSkill saves the note through the seed's storage API and answers the seed's text")
    func noteSkill() async throws {
        let store = InMemoryDataStore()
        let context = SkillContext(storage: store, networkService: FakeNetworkService())
        let output = try await NoteSkill().execute(input: SkillInput(rawText: "记一下明天下午三点开会"), context: context)
        #expect(output.summary == "已记录：明天下午三点开会")
        #expect(output.shouldRefreshUI)
        #expect(try await store.fetchAllNotes().map(\.content) == ["明天下午三点开会"])
    }

    @available(SkillCheckTesting, *)
    @Test("NoteSkill rejects a note with no content with the seed's invalid-input error")
    func noteSkillEmpty() async throws {
        let context = SkillContext(storage: InMemoryDataStore(), networkService: FakeNetworkService())
        await #expect(throws: SkillError.invalidInput("没有从指令中提取到笔记内容")) {
            try await NoteSkill().execute(input: SkillInput(rawText: "记一下  "), context: context)
        }
    }

    @available(SkillCheckTesting, *)
    @Test("WeatherSkill reads the weather through the seed's fetchWeather")
    func weatherSkill() async throws {
        let network = FakeNetworkService()
        network.stubWeather(city: "北京", WeatherResponse(temperature: 26, condition: "多云", feelsLike: 28, humidity: 65))
        let context = SkillContext(storage: InMemoryDataStore(), networkService: network)
        let output = try await WeatherSkill().execute(input: SkillInput(rawText: "今天天气怎么样"), context: context)
        #expect(output.summary == "北京 当前 26°C，多云")
        #expect(output.detail == "体感温度 28°C，湿度 65%")
    }
}

@Suite("AgentSkill defaults")
struct AgentSkillDefaultTests {
    @available(SkillCheckTesting, *)
    struct Keyworded: AgentSkill {
        let id = "k"
        let displayName = "K"
        let description = "d"
        let keywords = ["Note", "备忘"]
        func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput { SkillOutput(summary: "") }
    }

    @available(SkillCheckTesting, *)
    @Test(
        "the default canHandle is case-insensitive keyword containment",
        arguments: [
            ("a NOTE for later", true), ("备忘：牛奶", true), ("weather", false), ("", false),
        ])
    func defaultCanHandle(text: String, expected: Bool) {
        #expect(Keyworded().canHandle(text) == expected)
    }

    @available(SkillCheckTesting, *)
    @Test("default samples come from the keywords, with intents the skill must not take")
    func defaultSamples() {
        let samples = Keyworded().samples
        #expect(samples.handled == ["Note", "备忘"])
        #expect(samples.unhandled.contains(""))
        for text in samples.handled { #expect(Keyworded().canHandle(text)) }
        for text in samples.unhandled { #expect(!Keyworded().canHandle(text)) }
    }

    @available(SkillCheckTesting, *)
    enum Catalog: SkillCatalog {
        static var skills: [any AgentSkill] { [NoteSkill(), WeatherSkill()] }
    }

    @available(SkillCheckTesting, *)
    @Test("a SkillCatalog lists skills in order and finds one by id")
    func catalog() {
        #expect(Catalog.skills.map(\.id) == ["note", "weather"])
        #expect(Catalog.skill(id: "weather")?.displayName == "天气")
        #expect(Catalog.skill(id: "missing") == nil)
    }

    @available(SkillCheckTesting, *)
    @Test("SkillOutput decodes with its optional fields missing")
    func outputDecoding() throws {
        let output = try JSONDecoder().decode(SkillOutput.self, from: Data(#"{"summary":"hi"}"#.utf8))
        #expect(output == SkillOutput(summary: "hi"))
    }

    @available(SkillCheckTesting, *)
    @Test("every error text exists in both catalogues", arguments: SkillLanguage.allCases)
    func errorCatalogues(language: SkillLanguage) {
        let errors: [any CatalogLocalizedError] = [
            SkillError.timeout, NetworkError.offline, NetworkError.httpStatus(503),
            StorageError.unavailable("x"),
        ]
        for error in errors { #expect(!error.message(in: language).isEmpty) }
        #expect(NetworkError.httpStatus(503).message(in: language).contains("503"))
    }
}
