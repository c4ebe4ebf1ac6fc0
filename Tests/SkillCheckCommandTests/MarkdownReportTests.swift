import Foundation
import SkillCheckCommand
import SkillConformance
import TestSupport
import Testing

@Suite("The Markdown summary of a check")
struct MarkdownReportTests {
    @available(SkillCheckTesting, *)
    @Test("the verdict, a table of skills × categories, then each failure with its findings and what to fix")
    func tableAndFailures() throws {
        let report = Reports.report([Reports.finding("CAN-2", .failed), Reports.finding("TIME-2", .warning, subject: "sample 1")])
        let markdown = MarkdownReport().render(report)
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "### skillcheck: Notes")
        #expect(lines.contains("❌ **Failed**: 2 skills, \(Reports.results - 2) passed, 1 failed, 1 warning"))
        #expect(
            lines.contains("Stages: ✅ static (1.2 s) · ✅ conformance · ➖ race skipped: --no-tsan")
                || lines.contains("Stages: ✅ static (1.3 s) · ✅ conformance · ➖ race skipped: --no-tsan"))
        #expect(lines.contains("| Skill | sendable | cancellation | errors | metadata | time | crash | hang | tools |"))
        #expect(lines.contains("| --- | :-: | :-: | :-: | :-: | :-: | :-: | :-: | :-: |"))
        #expect(lines.contains("| NoteSkill (note) | ✅ | ❌ | ✅ | ✅ | ⚠️ | ✅ | ✅ | ✅ |"))
        #expect(lines.contains("| WeatherSkill (weather) | ✅ | ✅ | ✅ | ✅ | ✅ | ✅ | ✅ | ✅ |"))
        let can2 = try #require(RuleCatalog.standard["CAN-2"])
        let item = try #require(lines.firstIndex { $0.hasPrefix("- ❌ **NoteSkill (note)** `CAN-2` (cancellation, MUST): ") })
        #expect(lines[item + 1] == "  - execute \"记录 a\": expected ends within 5 s, observed still running")
        #expect(lines[item + 2].hasPrefix("  - **Fix:** ") && lines[item + 2].count > 20)
        #expect(lines.contains { $0.hasPrefix("- ⚠️ **NoteSkill (note)** `TIME-2` (time, SHOULD)") })
        #expect(!can2.troubleshooting.fix.isEmpty)
    }

    @available(SkillCheckTesting, *)
    @Test("a clean report says passed and lists no failures; skips are listed once per rule and reason")
    func cleanAndSkipped() {
        let clean = MarkdownReport().render(Reports.report())
        #expect(clean.contains("✅ **Passed**: 2 skills, \(Reports.results) passed"))
        #expect(!clean.contains("#### Failures"))
        let skipped = MarkdownReport().render(Reports.report([Reports.finding("SEND-2", .skipped(reason: "--no-tsan"), subject: "stress")]))
        #expect(skipped.contains("#### Skipped\n\n- ➖ `SEND-2`: stress: skipped (--no-tsan) (NoteSkill)\n"))
    }

    @available(SkillCheckTesting, *)
    @Test("what a skill returned is shown as written: never read as HTML, formatting or a table's column")
    func escaping() throws {
        let observed = "<img src=x>|**bold**|`tick`\nsecond [link](http://x) & #tag"
        let markdown = MarkdownReport().render(Reports.report([Reports.finding("CAN-2", .failed, observed: observed)]))
        let line = try #require(markdown.split(separator: "\n").first { $0.contains("observed ") })
        #expect(line.hasSuffix(##"observed \<img src=x\>\|\*\*bold\*\*\|\`tick\`<br>second \[link\](http://x) \& \#tag"##))
        #expect(!markdown.replacingOccurrences(of: "\\<", with: "").contains("<img"), "no raw HTML")
    }

    @available(SkillCheckTesting, *)
    @Test("a stage that does not build shows the compiler's lines in a code block no line can close")
    func buildFailed() {
        let stage = StageResult(.static, .buildFailed, diagnostics: ["Note.swift:3:5: error: ```cannot find `x` in scope"])
        let report = ConformanceReport(package: .init(path: "/tmp/Notes"), stages: [stage], skills: [])
        let markdown = MarkdownReport().render(report)
        #expect(markdown.contains("❌ **Not checked**: 0 skills, 0 passed"))
        #expect(markdown.contains("Stages: ❌ static: does not build"))
        #expect(markdown.contains("static:\n\n````text\nNote.swift:3:5: error: ```cannot find `x` in scope\n````"))
        #expect(markdown.contains("❌ No skill was checked: nothing here is a pass."))
    }

    @available(SkillCheckTesting, *)
    @Test("a summary, not the record: past the limits it counts what it left out and names the full reports")
    func limits() {
        let rules = RuleCatalog.standard.rules.prefix(4).map(\.id)
        let skills = (1...20).map { index in
            SkillReport(
                type: "Skill\(index)", id: "s\(index)",
                findings: Reports.findings(
                    skill: "s\(index)",
                    rules.map { rule in
                        Reports.finding(rule, .failed, skill: "s\(index)")
                    }))
        }
        let report = ConformanceReport(package: .init(path: "/tmp/Many"), stages: Reports.stages, skills: skills)
        let markdown = MarkdownReport(maximumFailures: 50).render(report)
        #expect(markdown.components(separatedBy: "\n- ❌ ").count - 1 == 50)
        #expect(markdown.contains("\n- … and 30 more: `--format json` or `--format junit` lists every one."))
        let details = (1...8).map { Reports.finding("CAN-2", .failed, subject: "case \($0)") }
        let long = MarkdownReport(maximumDetails: 5).render(Reports.report(details))
        #expect(long.contains("case 5: expected") && !long.contains("case 6: expected"))
        #expect(long.contains("\n  - … and 3 more\n"))
    }
}
