import Foundation
import SkillCheckSupport
import SkillTesting

/// Replayed transcripts as one self-contained HTML page: `skillcheck scenarios --format html`.
///
/// Like the conformance report's page (`skillcheck --format html`), it has no script, font, image or request of its own. It lists every
/// transcript with its status, and gives each one that failed its differences (step, where, expected and
/// actual side by side) and a timeline of the replay on virtual time: a lane per actor (user, agent, engine,
/// skill, model, each tool, storage, network, clock), each event at its instant with its duration, each
/// timeout's deadline, each step's start, and the step where the replay departed from the transcript. The
/// same events follow as a table, which a screen reader and a search read.
///
/// ```swift
/// let page = ScenarioHTMLReport().render(cases)   // "<!doctype html>…"
/// ```
@available(SkillCheckTesting, *)
package struct ScenarioHTMLReport: Sendable {
    package init() {}

    package func render(_ cases: [ScenarioCase], title: String = "skillcheck scenarios") -> String {
        let counts = ScenarioReport.summary(cases)
        let summary =
            "\(cases.count) transcript\(cases.count == 1 ? "" : "s"): \(counts.passed) passed, \(counts.failed) failed, "
            + "\(counts.invalid) invalid, \(counts.recorded) recorded, \(counts.unwritten) not written"
        var html =
            HTMLText.head(title: title, style: Self.style) + """
                <header>
                <h1>\(HTMLText.escape(title))</h1>
                <p class="summary" id="summary">\(cases.isEmpty ? "No transcript was replayed: nothing here is a pass." : summary)</p>
                </header>
                <main>

                """
        html += "<section aria-labelledby=\"transcripts\"><h2 id=\"transcripts\">Transcripts</h2><table class=\"cases\">"
        html += "<thead><tr><th scope=\"col\">Transcript</th><th scope=\"col\">Result</th><th scope=\"col\">Steps</th>"
        html += "<th scope=\"col\">Virtual time</th></tr></thead><tbody>"
        for (index, scenario) in cases.enumerated() {
            let name = HTMLText.escape(scenario.heading(withFile: true))
            let linked = Self.isProblem(scenario) ? "<a href=\"#case-\(index)\">\(name)</a>" : name
            html += "<tr><th scope=\"row\">\(linked)</th><td>\(Self.mark(scenario.status))</td>"
            html += "<td>\(scenario.result.map { "\($0.steps)" } ?? "–")</td>"
            html += "<td>\(scenario.result.map { Duration.seconds($0.virtualSeconds).written } ?? "–")</td></tr>"
        }
        html += "</tbody></table></section>\n"
        for (index, scenario) in cases.enumerated() where Self.isProblem(scenario) {
            html += section(scenario, index: index)
        }
        return html + "</main>\n</body>\n</html>\n"
    }

    static func isProblem(_ scenario: ScenarioCase) -> Bool {
        scenario.status == .failed || scenario.status == .invalid || scenario.status == .unwritten
    }

    /// A case that did not pass: what differs, then what happened when.
    func section(_ scenario: ScenarioCase, index: Int) -> String {
        var html = "<section class=\"case\" id=\"case-\(index)\" aria-labelledby=\"case-\(index)-title\">"
        html += "<h2 id=\"case-\(index)-title\">\(Self.mark(scenario.status)) \(HTMLText.escape(scenario.heading(withFile: true)))</h2>"
        if let error = scenario.error { html += "<pre>\(HTMLText.escape(error.description))</pre>" }
        for error in scenario.writeErrors { html += "<p>\(HTMLText.escape(error.description))</p>" }
        let differences = scenario.result?.differences ?? []
        let departed = differences.compactMap(\.step).min()
        if !differences.isEmpty {
            html += "<h3>What differs</h3><table class=\"differences\"><thead><tr><th scope=\"col\">Step</th>"
            html += "<th scope=\"col\">Where</th><th scope=\"col\">Expected</th><th scope=\"col\">Actual</th></tr></thead><tbody>"
            for difference in differences {
                let (expected, actual) = difference.shownValues
                html += "<tr><td>\(difference.step.map { "\($0)" } ?? "end")</td><td><code>\(HTMLText.escape(difference.path))</code>"
                html += difference.shownNote.map { "<br>\(HTMLText.escape(HTMLText.clipped($0)))" } ?? ""
                html += "</td><td><pre>\(HTMLText.escape(HTMLText.clipped(expected ?? "—")))</pre></td>"
                html += "<td><pre>\(HTMLText.escape(HTMLText.clipped(actual ?? "—")))</pre></td></tr>"
            }
            html += "</tbody></table>"
        }
        if let artifact = scenario.artifact { html += "<p>actual transcript: <code>\(HTMLText.escape(artifact))</code></p>" }
        if let timeline = scenario.result?.timeline {
            html += timeline.html(id: "case-\(index)", departed: departed, subject: "the replay")
        }
        return html + "</section>\n"
    }

    static func mark(_ status: ScenarioCase.Status) -> String {
        switch status {
        case .passed: "<i class=\"passed\">✔</i> passed"
        case .failed: "<i class=\"failed\">✘</i> failed"
        case .invalid: "<i class=\"failed\">✘</i> invalid"
        case .recorded: "<i class=\"skipped\">✎</i> recorded"
        case .unwritten: "<i class=\"failed\">✘</i> a write failed"
        }
    }

    static let style =
        RunTimeline.style + """
            .differences,.cases{border-collapse:collapse;width:100%;margin:.4rem 0}\
            .cases th,.cases td{border:1px solid #ccc;padding:.2rem .4rem;text-align:left;vertical-align:top}.cases td{white-space:nowrap}\
            .differences th,.differences td{border:1px solid #ccc;padding:.2rem .4rem;text-align:left;vertical-align:top}\
            .differences pre{margin:0;white-space:pre-wrap}
            """
}
