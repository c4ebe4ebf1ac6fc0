import Foundation
import SkillKit
import SkillTesting
import Testing

/// What a run did and when, stamped at the instant the virtual clock read when the scheduler went idle, and
/// drawn as one self-contained piece of HTML.
@Suite("RunTimeline: a run on virtual time, recorded and drawn")
struct RunTimelineTests {
    @available(SkillCheckTesting, *)
    @Test("storage, requests and sleeps at their instants; a sleep cut short is drawn as long as it lasted")
    func records() async throws {
        let clock = VirtualClock()
        let store = InMemoryDataStore(clock: clock, latency: .milliseconds(20))
        let network = FakeNetworkService(clock: clock)
        network.stub(.init(), reply: .json("{}"), latency: .milliseconds(5))
        let recorder = RunTimelineRecorder(clock: clock, stores: [store], storageLatency: .milliseconds(20), networks: [network])
        recorder.observeScheduler()
        recorder.add("check", "execute(input: \"天气\")")
        let work = clock.scheduler.spawn("work") {
            try await store.saveDocument(Data("{}".utf8), id: "a", in: "notes")
            _ = try await network.send(NetworkRequest(url: URL(string: "https://example.invalid/x")!))
            try await clock.sleep(for: .seconds(3))
        }
        let waiter = clock.scheduler.spawn("waiter") { try await clock.sleep(for: .seconds(60)) }
        clock.scheduler.spawn("canceller") {
            try await clock.sleep(for: .seconds(1))
            waiter.cancel()
        }
        try clock.run()
        try await work.value
        recorder.mark("the check looked here")
        let timeline = recorder.finish()

        let at = { (text: String) in timeline.events.first { $0.text.hasPrefix(text) }?.at }
        #expect(at("save notes/a") == .zero)
        #expect(timeline.events.first { $0.lane == "storage" }?.duration == .milliseconds(20))
        #expect(at("GET https://example.invalid/x") == .milliseconds(20))
        #expect(at("work sleeps 3s") == .milliseconds(25))
        let cut = try #require(timeline.events.first { $0.text.hasPrefix("waiter sleeps 60s") })
        #expect(cut.duration == .seconds(1) && cut.text.hasSuffix("cancelled after 1s"), "\(cut)")
        #expect(timeline.end == .milliseconds(3_025))
        #expect(timeline.marks == [RunTimeline.Marker(at: .milliseconds(3_025), text: "the check looked here")])
        #expect(timeline.events.last?.text == "◆ the check looked here" && timeline.events.last?.lane == "check")
        #expect(timeline.lanes == ["check", "storage", "network", "clock"])
    }

    @available(SkillCheckTesting, *)
    @Test("past its maximum a recorder counts events instead of keeping them, and keeps the check's own")
    func maximum() async throws {
        let clock = VirtualClock()
        let store = InMemoryDataStore(clock: clock)
        let recorder = RunTimelineRecorder(clock: clock, stores: [store], maximumEvents: 3)
        recorder.observeScheduler()
        let task = clock.scheduler.spawn("poll") {
            for index in 0..<10 { _ = try await store.document(id: "\(index)", in: "notes") }
        }
        try clock.run()
        try await task.value
        recorder.add("check", "the run ended")
        let timeline = recorder.finish()
        #expect(timeline.events.map(\.lane) == ["storage", "storage", "storage", "check"])
        #expect(timeline.omitted == 7)
        #expect(timeline.html(id: "t").contains("7 more events were not recorded: a run keeps its first 4"))
    }

    @available(SkillCheckTesting, *)
    @Test("the drawing: a lane per actor, the deadline and the mark with their words, every event in the table")
    func drawing() {
        var timeline = RunTimeline()
        timeline.events = [
            .init(at: .zero, lane: "check", text: "execute(input: \"<b>\")"),
            .init(at: .zero, duration: .seconds(12), lane: "clock", text: "the skill sleeps 12s"),
            .init(at: .seconds(10), lane: "check", text: "◆ the check cancelled the run"),
        ]
        timeline.deadlines = [.init(at: .seconds(10), text: "the check cuts the run at 10s")]
        timeline.marks = [.init(at: .seconds(10), text: "the check cancelled the run")]
        timeline.end = .seconds(10)
        let html = timeline.html(id: "case-1")
        #expect(html.contains("<svg class=\"timeline\"") && html.contains("aria-labelledby=\"case-1-timeline-title\""))
        #expect(html.contains(">check</text>") && html.contains(">clock</text>"))
        #expect(html.contains("deadline: the check cuts the run at 10s"))
        #expect(html.contains("◆ the check cancelled the run</text>"))
        #expect(html.contains("<td>execute(input: &quot;&lt;b&gt;&quot;)</td>"))
        #expect(html.contains("<tr class=\"mark\"><td>10s</td><td>check</td><td>◆ the check cancelled the run</td></tr>"))
        for forbidden in ["<script", "<img", "src=", "url(", "xmlns"] { #expect(!html.contains(forbidden), "\(forbidden)") }

        // A cancellation at the first instant is drawn, with one tick: no time passed.
        var cancelled = RunTimeline()
        cancelled.events = [.init(at: .zero, lane: "check", text: "execute"), .init(at: .zero, lane: "check", text: "◆ cancelled")]
        cancelled.marks = [.init(at: .zero, text: "cancelled")]
        let drawn = cancelled.html(id: "c")
        let ticks = drawn.components(separatedBy: "<g class=\"ticks\">")[1].components(separatedBy: "</g>")[0]
        #expect(drawn.contains("<svg") && ticks.components(separatedBy: "<text").count == 2, "\(ticks)")

        // At one instant there is nothing to draw: the table says it all.
        var instant = RunTimeline()
        instant.events = [.init(at: .zero, lane: "check", text: "execute"), .init(at: .zero, lane: "skill", text: "returned")]
        #expect(!instant.takesTime && !instant.html(id: "i").contains("<svg"))
    }

    @available(SkillCheckTesting, *)
    @Test("a long run is drawn by its first and last events, and the page says how many it leaves out")
    func drawnLimit() {
        var timeline = RunTimeline()
        timeline.events = (0..<100).map { .init(at: .milliseconds($0), lane: "storage", text: "read notes/\($0)") }
        timeline.end = .milliseconds(99)
        let html = timeline.html(id: "long", drawn: 8)
        #expect(html.contains("read notes/5<") && html.contains("read notes/98<") && !html.contains("read notes/50<"))
        #expect(html.contains("92 more events between 6ms and 97ms are not drawn: the first 6 and the last 2 are"))
    }
}
