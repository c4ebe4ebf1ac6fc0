import Foundation
import SkillCheckCommand
import SkillCheckSupport
import SkillScenarios
import TestSupport
import Testing

/// `skillcheck scenarios --format html`: each failing transcript with what differs and its timeline on virtual
/// time. The end-to-end tests open the same page in headless Chromium.
@Suite("skillcheck scenarios --format html: what differs, and the replay drawn on virtual time")
struct ScenarioHTMLReportTests {
    static let root = FailingTranscripts.root

    /// Text as it stands in the page: `&`, `<`, `>`, quotes escaped.
    static func escaped(_ text: String) -> String { HTMLText.escape(text) }

    @available(SkillCheckTesting, *)
    @Test("a failing timeout transcript and a failing tool-calling one each show the departed step, the deadline and every event")
    func timelines() throws {
        let folder = try FailingTranscripts.folder()
        let cases = try FailingTranscripts.replayed(folder)
        try #require(cases.count == 2 && cases.allSatisfy { $0.status == .failed })
        let page = ScenarioHTMLReport().render(cases)
        let hang = try #require(cases.first { $0.file.hasSuffix("weather-hang.json") }?.result?.timeline)
        let tool = try #require(cases.first { $0.file.hasSuffix("skill-timeout.json") }?.result?.timeline)

        // The engine's 10 s timeout, drawn from the instant the skill started; the replay departed at the last expect.
        #expect(hang.deadlines.map(\.text) == ["weather's 10s timeout"] && hang.deadlines.first?.at == .seconds(10))
        #expect(page.contains("◆ departed at step 4"))
        #expect(hang.events.contains { $0.lane == "engine" && $0.text == "weather timed out after 10s" && $0.at == .seconds(10) })
        #expect(hang.events.contains { $0.lane == "network" && $0.at == .zero })
        #expect(hang.lanes == ["user", "agent", "engine", "skill", "network", "clock"])
        // The tool's own 2 s limit, not the engine's default; the departure is at the step before the cut.
        #expect(tool.deadlines.map(\.text) == ["slow's 2s timeout"] && tool.deadlines.first?.at == .seconds(2))
        #expect(page.contains("◆ departed at step 2"))
        #expect(tool.events.contains { $0.lane == "tool slow" && $0.text.hasSuffix("timed out after 2s") && $0.at == .seconds(2) })
        #expect(tool.events.contains { $0.lane == "model" })
        #expect(tool.steps.first { $0.index == 2 }?.at == .milliseconds(1_999))

        // Every event and deadline is on the page, and what differs is there with its expected and actual values.
        for event in hang.events + tool.events {
            #expect(page.contains(Self.escaped(HTMLText.clipped(event.text))), "\(event)")
        }
        for deadline in hang.deadlines + tool.deadlines { #expect(page.contains("deadline: " + Self.escaped(deadline.text))) }
        #expect(page.contains("<td>4</td><td><code>messages[0] › /at</code>"))
        #expect(page.contains("<pre>12</pre>") && page.contains("<pre>10</pre>"))
        // Self-contained: no script, style sheet, font or image from anywhere.
        for reference in ["<script", "<link", "<img", "src=", "url(", "@import"] { #expect(!page.contains(reference), "\(reference)") }
    }

    @available(SkillCheckTesting, *)
    @Test("the command writes the page with --format html; the other formats are as they were")
    func command() throws {
        let folder = try FailingTranscripts.folder()
        let html = folder("report.html")
        var printed = ""
        let status = try ScenariosCommand.run([folder.url.path, "--record", "never", "--format", "html", "--output", html]) {
            printed += $0
        }
        #expect(status == 1)
        let page = try String(contentsOfFile: html, encoding: .utf8)
        #expect(page.hasPrefix("<!doctype html>") && page.contains("2 transcripts: 0 passed, 2 failed"))
        #expect(page.contains("<svg class=\"timeline\""))
        // Without html, no timeline is recorded: the text report is the one it always was.
        let text = folder("report.txt")
        _ = try ScenariosCommand.run([folder.url.path, "--record", "never", "--output", text]) { printed += $0 }
        let plain = try FailingTranscripts.replayed(folder, timelines: false)
        #expect(plain.allSatisfy { $0.result?.timeline == nil })
        let report = try String(contentsOfFile: text, encoding: .utf8)
        #expect(report.hasPrefix("✘ ") && !report.contains("<") && !report.contains("timeline"), "\(report)")
    }

    @available(SkillCheckTesting, *)
    @Test("the corpus: every transcript passes, and the page lists each without a timeline")
    func corpus() throws {
        var runner = ScenarioRunner(skills: ScenariosCommand.skills, tools: ScenarioTools.all)
        runner.recordMode = .never
        runner.replayer.recordsTimeline = true
        let cases = try runner.run(paths: [Self.root.appendingPathComponent("Scenarios").path])
        let page = ScenarioHTMLReport().render(cases)
        #expect(cases.count > 40 && cases.allSatisfy { $0.status == .passed })
        #expect(!page.contains("<svg"))
        for scenario in cases { #expect(page.contains(Self.escaped(scenario.heading(withFile: true)))) }
    }
}
