import BundledBrokenSkills
import BundledReferenceSkills
import Foundation
import SkillConformance
import SkillKit
import SkillTesting
import Testing

/// A failure or a warning that came from a run of the skill carries that run on virtual time, for the HTML
/// report to draw; a pass carries none, so that the findings a child hands its parent stay small.
@Suite("A failing finding carries the run it judged")
struct FindingRunTests {
    @available(SkillCheckTesting, *)
    @Test("a cancellation finding: the check's call, what the skill awaited, the instant the check cancelled it, how it ended")
    func cancellation() async throws {
        let findings = await SkillConformance.check(for: "CAN-3").run(SkillUnderTest(CatchAllForecastSkill()))
        let failed = try #require(findings.first { $0.outcome == .failed })
        let run = try #require(failed.run)
        #expect(run.events.first?.lane == "check" && run.events.first?.text.hasPrefix("execute(input: ") == true, "\(run.events)")
        let mark = try #require(run.marks.first)
        #expect(mark.text.hasPrefix("the check cancelled the run"), "\(mark)")
        // The mark is an event of the check's lane too, in its place among the others.
        #expect(run.events.contains { $0.lane == "check" && $0.text == "◆ " + mark.text && $0.at == mark.at })
        // What the skill awaited when the check cancelled it: the gate held it, so the fake never saw it.
        #expect(run.events.contains { $0.lane == "skill" && $0.text.hasPrefix("awaits `GET ") && $0.at <= mark.at }, "\(run.events)")
        #expect(run.events.last { $0.lane == "skill" }.map { $0.text.contains("returned") || $0.text.contains("threw") } == true)
        #expect(run.end >= mark.at)
    }

    @available(SkillCheckTesting, *)
    @Test("two requests at once that break SEND-4 are each a lane, under the schedule the finding replays")
    func interleaving() async throws {
        let findings = await SkillConformance.check(for: "SEND-4").run(SkillUnderTest { _ in CountingWeatherSkill() })
        let failed = try #require(findings.first { $0.outcome == .failed })
        let run = try #require(failed.run)
        #expect(run.lanes.starts(with: ["check", "request 1", "request 2"]), "\(run.lanes)")
        let seed = try #require(failed.seed)
        #expect(run.events.first?.text.contains("at once, under schedule \(Schedule.randomWalk(seed: seed))") == true, "\(run.events)")
        #expect(failed.observed.contains("exploreSchedules(replaying: Schedule(\"\(Schedule.randomWalk(seed: seed))\")!)"))
        // Each request: its call, what it awaited, how it ended.
        for lane in ["request 1", "request 2"] {
            let texts = run.events.filter { $0.lane == lane }.map(\.text)
            #expect(texts.first?.hasPrefix("execute(input: ") == true && texts.contains { $0.hasPrefix("awaits `GET ") }, "\(texts)")
            #expect(texts.last?.hasPrefix("returned an output") == true, "\(texts)")
        }
        #expect(run.end > .zero)
    }

    @available(SkillCheckTesting, *)
    @Test("a pass carries no run")
    func passes() async {
        let passed = await SkillConformance.check(for: "CAN-3").run(SkillUnderTest(WeatherSkill()))
        #expect(!passed.isEmpty && passed.allSatisfy { $0.outcome == .passed && $0.run == nil })
    }
}
