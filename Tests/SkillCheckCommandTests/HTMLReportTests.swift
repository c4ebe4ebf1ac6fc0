import Foundation
import SkillCheckCommand
import SkillCheckSupport
import SkillConformance
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
}
