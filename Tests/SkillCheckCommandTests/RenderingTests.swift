import Foundation
import SkillCheckCommand
import SkillConformance
import TestSupport
import Testing

@Suite("The report's text and JUnit forms")
struct RenderingTests {
    @available(SkillCheckTesting, *)
    @Test("the terminal table: a row per skill, a column per category, then a line per failure with what to fix")
    func table() throws {
        let report = Reports.report([Reports.finding("CAN-2", .failed), Reports.finding("TIME-2", .warning, subject: "sample 1")])
        let text = TextReport().render(report)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "skillcheck Notes (/tmp/Notes)")
        #expect(lines.contains("✔ static       ran in 1.3 s") || lines.contains("✔ static       ran in 1.2 s"))
        #expect(lines.contains("– race         skipped: --no-tsan"))
        #expect(lines.contains("Skill                   sendable  cancellation  errors  metadata  time  crash  hang  tools"))
        #expect(lines.contains("NoteSkill (note)        ✔         ✘             ✔       ✔         !     ✔      ✔     ✔"))
        #expect(lines.contains("WeatherSkill (weather)  ✔         ✔             ✔       ✔         ✔     ✔      ✔     ✔"))
        let can2 = try #require(RuleCatalog.standard["CAN-2"])
        #expect(lines.contains("✘ NoteSkill (note) CAN-2 (cancellation, MUST): \(can2.sentence)"))
        #expect(lines.contains("    execute \"记录 a\": expected ends within 5 s, observed still running"))
        #expect(lines.contains("    fix: \(can2.troubleshooting.fix)"))
        #expect(lines.contains { $0.hasPrefix("! NoteSkill (note) TIME-2 (time, SHOULD)") })
        #expect(lines.last(where: { !$0.isEmpty }) == "✘ failed: 2 skills, \(Reports.results - 2) passed, 1 failed, 1 warning")
        #expect(!text.contains("\u{1B}["), "no colour unless asked")
    }

    @available(SkillCheckTesting, *)
    @Test("skipped rules are listed once per rule and reason, naming the skills; a clean report says passed")
    func skips() {
        let skipped = Reports.report([Reports.finding("SEND-2", .skipped(reason: "--no-tsan"), subject: "stress")])
        let text = TextReport().render(skipped)
        #expect(text.contains("Skipped:\n– SEND-2: stress: skipped (--no-tsan) (NoteSkill)\n"))
        #expect(text.hasSuffix("✔ passed: 2 skills, \(Reports.results - 1) passed, 1 skipped\n"))
    }

    @available(SkillCheckTesting, *)
    @Test("colour only when asked: marks in ANSI colour, the text otherwise the same")
    func colour() {
        let report = Reports.report([Reports.finding("CAN-2", .failed)])
        let plain = TextReport(colour: false).render(report)
        let coloured = TextReport(colour: true).render(report)
        #expect(coloured.contains("\u{1B}[31m✘\u{1B}[0m"))
        #expect(coloured.replacingOccurrences(of: "\u{1B}\\[[0-9]+m", with: "", options: .regularExpression) == plain)
    }

    @available(SkillCheckTesting, *)
    @Test(
        "check colours its text report only on a terminal, and never with NO_COLOR set",
        arguments: [
            (true, [String: String](), true), (true, ["NO_COLOR": "1"], false), (true, ["NO_COLOR": ""], true),
            (false, [:], false), (true, ["TERM": "dumb"], false),
        ])
    func colourOnlyOnATerminal(terminal: Bool, environment: [String: String], coloured: Bool) async throws {
        let package = try TemporaryFolder.withManifest()
        let result = await run(
            ["check", package.path], pipeline: FakePipeline(report: Reports.report()),
            environment: environment, outputIsTerminal: terminal)
        #expect(result.output.contains("\u{1B}[") == coloured)
        #expect(!result.error.contains("\u{1B}["), "progress to a non-terminal standard error is plain")
    }

    @available(SkillCheckTesting, *)
    @Test("a package that does not build shows the compiler's lines, and skills that could not be checked say why")
    func broken() {
        var report = Reports.report(stages: [
            StageResult(.static, .buildFailed, diagnostics: ["Sources/N/N.swift:3:5: error: cannot find 'x'"])
        ])
        report.skills[1].problem = "WeatherSkill has no public init()"
        let text = TextReport().render(report)
        #expect(text.contains("✘ static       the package does not build:\n    Sources/N/N.swift:3:5: error: cannot find 'x'\n"))
        #expect(text.contains("WeatherSkill (weather)  ✘ not checked: WeatherSkill has no public init()"))
        #expect(text.contains("✘ WeatherSkill (weather): could not be checked: WeatherSkill has no public init()"))
        #expect(text.hasSuffix("✘ not checked: 2 skills, \(Reports.results) passed, 1 skill not checked\n"))
    }

    @available(SkillCheckTesting, *)
    @Test("a static stage that ran or was reused shows the diagnostics no rule judged, and says since when it was reused")
    func stageNotes() {
        let line = "Sources/Hub/Hub.swift:7:23: warning: static property 'token' is not concurrency-safe"
        let ran = TextReport().render(Reports.report(stages: [StageResult(.static, .ran, diagnostics: [line], seconds: 3.04)]))
        #expect(
            ran.contains(
                "✔ static       ran in 3.0 s\n    1 strict-concurrency diagnostic(s) outside the skills (no rule judges them):\n    \(line)\n"
            ))
        let reused = TextReport().render(
            Reports.report(stages: [
                StageResult(.static, .reused, reason: "nothing changed since the run of 2026-12-03T07:12:03Z")
            ]))
        #expect(reused.contains("✔ static       reused: nothing changed since the run of 2026-12-03T07:12:03Z\n"))
    }

    @available(SkillCheckTesting, *)
    @Test("a report with no skill says nothing was checked, never a green summary")
    func noSkills() {
        let text = TextReport().render(ConformanceReport(package: .init(path: "/tmp/x"), stages: Reports.stages, skills: []))
        #expect(text.contains("✘ No skill was checked: nothing here is a pass."))
        #expect(text.hasSuffix("✘ not checked: 0 skills, 0 passed\n"))
    }

    @available(SkillCheckTesting, *)
    @Test("JUnit: a failure per failed MUST rule, skips marked as skips, build failures as errors, XML escaped")
    func junit() {
        var report = Reports.report(
            [
                Reports.finding("CAN-2", .failed, subject: "a <b> & \"c\""),
                Reports.finding("SEND-2", .skipped(reason: "--no-tsan")),
                Reports.finding("META-7", .notApplicable, observed: "no network"),
                Reports.finding("TIME-2", .warning),
            ], stages: [StageResult(.static, .ran), StageResult(.conformance, .ran), StageResult(.race, .skipped, reason: "--no-tsan")])
        report.skills[1].problem = "bad\u{1}type"
        let xml = JUnitReport.render(report)
        #expect(xml.hasPrefix(#"<?xml version="1.0" encoding="UTF-8"?>"#))
        #expect(xml.contains(#"<testsuite name="skillcheck.stages" tests="3" failures="0" errors="0" skipped="1">"#))
        #expect(xml.contains(#"<testcase classname="skillcheck.stages" name="race">"#))
        #expect(xml.contains(#"<skipped message="--no-tsan"/>"#))
        #expect(
            xml.contains(
                #"<failure message="a &lt;b&gt; &amp; &quot;c&quot;: expected ends within 5 s, observed still running" type="MUST">"#))
        #expect(xml.contains(#"<skipped message="not applicable: execute &quot;记录 a&quot;: not applicable (no network)"/>"#))
        #expect(xml.contains("<system-out>warning: "), "a warning without --strict passes, with its text")
        #expect(xml.contains(#"<error message="bad\u{1}type">"#))
        let rules = RuleCatalog.standard.rules.count
        #expect(xml.contains(#"<testsuite name="NoteSkill" tests="\#(rules)" failures="1" errors="0" skipped="2">"#))
        #expect(xml.contains(#"<testsuite name="WeatherSkill" tests="\#(rules + 1)" failures="0" errors="1" skipped="0">"#))
        #expect(xml.contains(#"<testsuites name="skillcheck" tests="\#(3 + 2 * rules + 1)" failures="1" errors="1" skipped="3">"#))
    }

    @available(SkillCheckTesting, *)
    @Test("JUnit under --strict: a warning is a failure; a baselined failure is a skip; a stale entry a failure")
    func junitJudged() throws {
        let report = Reports.report([Reports.finding("TIME-2", .warning), Reports.finding("CAN-2", .failed)])
        let baseline = ConformanceBaseline(
            [
                .init(skill: "note", rule: "CAN-2", reason: "until #12"),
                .init(skill: "WeatherSkill", rule: "ERR-1", reason: "old"),
            ], file: "b.json")
        let xml = JUnitReport.render(report.judged(strict: true, baseline: baseline))
        #expect(
            xml.contains(#"<failure message="execute &quot;记录 a&quot;: expected ends within 5 s, observed still running" type="SHOULD">"#))
        #expect(xml.contains(#"<skipped message="known failure (baseline): until #12"/>"#))
        #expect(xml.contains(#"<testsuite name="skillcheck.baseline" tests="1" failures="1" errors="0" skipped="0">"#))
        #expect(xml.contains(#"name="WeatherSkill ERR-1">"#))
    }
}
