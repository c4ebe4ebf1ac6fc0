import Foundation
import SkillCheckCommand
import SkillCheckSupport
import SkillConformance
import SkillTesting
import TestSupport
import Testing

/// `--format html`: one page that holds what the JSON report holds, and needs nothing outside itself.
@Suite("The HTML report")
struct HTMLReportTests {
    @available(SkillCheckTesting, *)
    static var report: ConformanceReport {
        Reports.report([
            Reports.finding("CAN-4", .failed, subject: "cancelled while awaiting <save notes/a>", observed: "the skill then wrote & sent"),
            Reports.finding("SEND-4", .failed, subject: "2 requests at once", observed: "/requests: 2 sent", seed: 42),
            Reports.finding("META-3", .warning, subject: "description", observed: "too short"),
        ])
    }

    @available(SkillCheckTesting, *)
    @Test("every skill, every failed and warned finding, and each rule's fix are on the page, escaped")
    func holdsTheReport() {
        let page = HTMLReport().render(Self.report)
        #expect(page.hasPrefix("<!doctype html>\n<html lang=\"en\">"))
        for skill in Self.report.skills { #expect(page.contains(skill.title), "\(skill.title)") }
        #expect(page.contains("cancelled while awaiting &lt;save notes/a&gt;"))
        #expect(page.contains("the skill then wrote &amp; sent"))
        #expect(page.contains("<dt>seed</dt><dd><code>42</code></dd>"))
        #expect(page.contains(HTMLText.escape(RuleCatalog.standard["CAN-4"]!.troubleshooting.fix)))
        // Failed and warned results are open in full; a pass is its rule and count, linked to the rule's sentence,
        // which the page holds once. Each mark is a glyph and a word.
        #expect(page.contains("id=\"skill-note-CAN-4\" open>"))
        #expect(page.contains("id=\"skill-note-META-3\" open>"))
        #expect(page.contains("CAN-4 (1)"))
        #expect(page.contains("<dt id=\"rule-CAN-4\">"))
        #expect(page.components(separatedBy: HTMLText.escape(RuleCatalog.standard["CAN-4"]!.sentence)).count == 3)
        #expect(page.contains("✘</i> failed"))
        // Each cell links to its category's results, which exist.
        #expect(page.contains("href=\"#skill-note-cancellation\""))
        #expect(page.contains("id=\"skill-note-cancellation\""))
    }

    @available(SkillCheckTesting, *)
    @Test("the page asks for nothing outside itself: no script, no link, no image, no font, no address")
    func selfContained() {
        let page = HTMLReport().render(Self.report)
        for forbidden in ["<script", "<link", "<img", "<iframe", "@import", "url(", "http://", "https://", "src="] {
            #expect(!page.contains(forbidden), "\(forbidden)")
        }
    }

    @available(SkillCheckTesting, *)
    @Test("skillcheck check takes --format html (merge shares its delivery), and so does scenarios")
    func formatChoice() async throws {
        let folder = try TemporaryFolder("html-format")
        try folder.file("Notes/Package.swift", "// swift-tools-version:6.2\n")
        let page = folder.url.appendingPathComponent("report.html").path
        let run = await TestSupport.run(
            ["check", folder.url.appendingPathComponent("Notes").path, "--format", "html", "--output", page],
            pipeline: FakePipeline(report: Self.report))
        #expect(run.status == 1, "\(run.output)\(run.error)")
        #expect(try String(contentsOfFile: page, encoding: .utf8).contains("cancelled while awaiting &lt;save notes/a&gt;"))
        let scenarios = await TestSupport.run([
            "scenarios", "--format", "html", "--output", page, FailingTranscripts.root.appendingPathComponent("Scenarios/seed").path,
        ])
        #expect(scenarios.status == 0, "\(scenarios.output)\(scenarios.error)")
        #expect(try String(contentsOfFile: page, encoding: .utf8).contains("transcripts: "))
    }

    @available(SkillCheckTesting, *)
    @Test("a failure's run is drawn under its cases, secrets redacted; the JSON report and a report read back from it have none")
    func runs() throws {
        var run = RunTimeline()
        run.events = [
            .init(at: .zero, lane: "check", text: "execute(input: \"记录 a\"), cancelled at await 1"),
            .init(at: .zero, lane: "network", text: "GET https://api.example.invalid/notes?api_key=sk-proj-abcdefghijklmnopqrstuv"),
            .init(at: .seconds(2), lane: "check", text: "◆ the check cancelled the run"),
        ]
        run.marks = [.init(at: .seconds(2), text: "the check cancelled the run")]
        run.end = .seconds(2)
        var failed = Reports.finding("CAN-2", .failed, subject: "cancelled while awaiting operation 1 of 1")
        failed.run = run
        var instant = Reports.finding("CAN-4", .failed, subject: "cancelled while awaiting <save notes/a>")
        instant.run = RunTimeline()
        let report = Reports.report([failed, instant])
        #expect(report.skills[0].result(for: "CAN-2")?.findings.first?.run == run)

        let page = HTMLReport().render(report)
        #expect(page.contains("<details class=\"run\" open><summary>case 1 on virtual time: 3 events, ending at 2s</summary>"))
        #expect(page.contains("aria-labelledby=\"skill-note-CAN-2-run-timeline-title\""))
        #expect(page.contains("◆ the check cancelled the run</text>") && page.contains(">network</text>"))
        #expect(page.contains("api_key=«redacted»") && !page.contains("sk-proj-abcdefghijklmnopqrstuv"))
        // A run at one instant is what its finding says: not drawn.
        #expect(page.components(separatedBy: "<details class=\"run\"").count == 2)

        let json = try report.json()
        #expect(!json.contains("\"run\"") && !json.contains("the check cancelled the run"))
        let back = try ConformanceReport.decode(Data(json.utf8))
        #expect(back.skills[0].result(for: "CAN-2")?.findings.first?.run == nil)
        #expect(!HTMLReport().render(back).contains("<details class=\"run\""))
    }
}
