import Foundation
import ReferenceSkills
import SkillEngine
import SkillKit
import SkillScenarios
import SkillTesting
import SkillTestingTraits
import Testing

@Suite("ReferenceSkills in the reference engine")
struct ReferenceSkillsTests {
    @available(macOS 15.0, iOS 18.0, *)
    @Test("a note is stored with the virtual clock's date and answered with the seed's text")
    func note() async throws {
        let harness = EngineHarness(skills: ReferenceSkills.skills)
        #expect(try await harness.send("记一下明天下午三点开会").summary == "已记录：明天下午三点开会")
        let notes = try await harness.store.fetchAllNotes()
        #expect(notes.map(\.content) == ["明天下午三点开会"])
        #expect(notes.first?.createdAt == VirtualClock.defaultOrigin)
    }

    @available(macOS 15.0, iOS 18.0, *)
    @Test("an empty note is the seed's invalid-input failure")
    func emptyNote() async throws {
        let harness = EngineHarness(skills: ReferenceSkills.skills)
        #expect(try await harness.send("记一下").summary == "技能执行失败：输入无效：没有从指令中提取到笔记内容")
        #expect(harness.engine.state == .failed("输入无效：没有从指令中提取到笔记内容"))
    }

    @available(macOS 15.0, iOS 18.0, *)
    @Test("the weather names the city in the text and reads the stubbed service")
    func weather() async throws {
        let harness = EngineHarness(skills: ReferenceSkills.skills)
        harness.network.stubWeather(
            city: "上海", WeatherResponse(temperature: 30, condition: "小雨", feelsLike: 33, humidity: 90),
            latency: .milliseconds(300))
        #expect(try await harness.send("上海今天会不会下雨").summary == "上海 当前 30°C，小雨")
        #expect(harness.clock.now.offset == .milliseconds(300))
    }

    @available(macOS 15.0, iOS 18.0, *)
    @Test("a weather service that hangs ends in the engine's timeout after 10 virtual seconds")
    func weatherTimeout() async throws {
        let harness = EngineHarness(skills: ReferenceSkills.skills)
        harness.network.stubWeather(city: "北京", reply: .hang)
        #expect(try await harness.send("天气").summary == "技能执行失败：技能执行超时")
        #expect(harness.clock.now.offset == .seconds(10))
    }

    @available(macOS 15.0, iOS 18.0, *)
    @Test("each skill's samples route as they claim")
    func samples() {
        for skill in ReferenceSkills.skills {
            for text in skill.samples.handled { #expect(skill.canHandle(text), "\(skill.id) should take \(text)") }
            for text in skill.samples.unhandled { #expect(!skill.canHandle(text), "\(skill.id) should not take \(text)") }
        }
    }
}

// The virtual-time article's first example, verbatim: if it stops compiling or passing, the article is wrong.
@available(macOS 15.0, iOS 18.0, *)
@Test(.virtualTime) func slowServiceTimesOut() async throws {
    let clock = try #require(VirtualClock.current)
    let network = FakeNetworkService(clock: clock)
    network.stubWeather(city: "北京", reply: .hang)
    let engine = AgentEngine(
        context: .virtual(clock: clock, networkService: network),
        configuration: .init(messageIDs: .sequential()))
    engine.register(WeatherSkill())

    let reply = await engine.send("北京天气")

    #expect(reply.summary == "技能执行失败：技能执行超时")
    #expect(engine.state == .failed("技能执行超时"))
    #expect(clock.now.offset == .seconds(10))
}

// The README's by-hand variant, verbatim.
@available(macOS 15.0, iOS 18.0, *)
@Test func slowServiceTimesOutByHand() async throws {
    try await withVirtualTime { clock in
        let network = FakeNetworkService(clock: clock)
        network.stubWeather(city: "北京", reply: .hang)
        let engine = AgentEngine(
            context: .virtual(clock: clock, networkService: network),
            configuration: .init(messageIDs: .sequential()))
        engine.register(WeatherSkill())

        let reply = clock.scheduler.spawn("send") { await engine.send("北京天气") }
        clock.advance(by: .seconds(9))
        #expect(engine.state == .processing)
        clock.advance(by: .seconds(1))
        #expect(await reply.value.summary == "技能执行失败：技能执行超时")
    }
}

// This package's own transcripts, replayed through the reference engine in one call.
@available(macOS 15.0, iOS 18.0, *)
@Test func transcripts() throws {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Transcripts")
    try ScenarioRunner(skills: ReferenceSkills.skills).verify(paths: [folder.path])
}
