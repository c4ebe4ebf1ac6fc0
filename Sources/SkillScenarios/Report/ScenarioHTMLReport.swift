import Foundation
import SkillCheckSupport

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
            html += "<td>\(scenario.result.map { DurationText.format(.seconds($0.virtualSeconds)) } ?? "–")</td></tr>"
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
            html += Self.timeline(timeline, departed: departed, id: "case-\(index)")
        }
        return html + "</section>\n"
    }

    // MARK: The timeline

    /// The replay drawn on virtual time (an SVG), then the same events as a table.
    static func timeline(_ timeline: ReplayTimeline, departed: Int?, id: String) -> String {
        let lanes = timeline.lanes
        let laneHeight = 30.0, left = 120.0, width = 1_000.0, top = 34.0
        let height = top + Double(lanes.count) * laneHeight + 36
        let last = ([timeline.end] + timeline.deadlines.map(\.at) + timeline.events.map { $0.at + ($0.duration ?? .zero) }).max() ?? .zero
        let span = max(last.inSeconds * 1.05, 0.001)
        func x(_ at: Duration) -> Double { left + at.inSeconds / span * (width - left - 16) }
        func number(_ value: Double) -> String { String(Int(value.rounded())) }

        var svg = "<svg class=\"timeline\" viewBox=\"0 0 \(number(width)) \(number(height))\" role=\"img\" "
        svg += "aria-labelledby=\"\(id)-timeline-title\" xmlns=\"http://www.w3.org/2000/svg\">"
        svg += "<title id=\"\(id)-timeline-title\">The replay on virtual time: \(lanes.count) lanes, \(timeline.events.count) events, "
        svg += "\(timeline.deadlines.count) deadlines, ending at \(DurationText.format(timeline.end))</title>"
        // Lanes.
        for (row, lane) in lanes.enumerated() {
            let y = top + Double(row) * laneHeight + laneHeight / 2
            svg += "<text class=\"lane\" x=\"8\" y=\"\(number(y + 4))\">\(HTMLText.escape(lane))</text>"
            svg += "<line class=\"lane\" x1=\"\(number(left))\" y1=\"\(number(y))\" x2=\"\(number(width - 8))\" y2=\"\(number(y))\"/>"
        }
        // Time axis: five ticks.
        let axis = top + Double(lanes.count) * laneHeight + 6
        for tick in 0...4 {
            let at = Duration.seconds(span * Double(tick) / 4.4)
            svg +=
                "<line class=\"tick\" x1=\"\(number(x(at)))\" y1=\"\(number(axis))\" x2=\"\(number(x(at)))\" y2=\"\(number(axis + 5))\"/>"
            svg += "<text class=\"tick\" x=\"\(number(x(at)))\" y=\"\(number(axis + 18))\">\(Self.tickLabel(at))</text>"
        }
        // Steps: a thin mark where each began; the one the replay departed at, a thick one.
        for step in timeline.steps {
            let isDeparted = step.index == departed
            svg += "<line class=\"\(isDeparted ? "departed" : "step")\" x1=\"\(number(x(step.at)))\" y1=\"\(number(top - 6))\" "
            svg += "x2=\"\(number(x(step.at)))\" y2=\"\(number(axis))\"><title>step \(step.index): \(HTMLText.escape(step.text))"
            svg += isDeparted ? " (the replay departed from the transcript here)" : ""
            svg += "</title></line>"
        }
        if let departed, let step = timeline.steps.first(where: { $0.index == departed }) {
            // Its label reads away from the nearer edge.
            let rightward = x(step.at) < width * 0.6
            svg += "<text class=\"departed\" x=\"\(number(x(step.at) + (rightward ? 4 : -4)))\" y=\"12\" "
            svg += "text-anchor=\"\(rightward ? "start" : "end")\">◆ departed at step \(departed)</text>"
        }
        // Deadlines: a dashed line across every lane.
        for (index, deadline) in timeline.deadlines.enumerated() {
            let position = x(deadline.at)
            svg += "<line class=\"deadline\" x1=\"\(number(position))\" y1=\"\(number(top - 4))\" x2=\"\(number(position))\" "
            svg +=
                "y2=\"\(number(axis))\"><title>deadline: \(HTMLText.escape(deadline.text)) at \(DurationText.format(deadline.at))</title></line>"
            if index < 4 { // the first four are labelled; every one has its title and its table row
                svg += "<text class=\"deadline\" x=\"\(number(position - 4))\" y=\"24\" "
                svg += "text-anchor=\"end\">deadline: \(HTMLText.escape(deadline.text))</text>"
            }
        }
        // Events: a bar for what lasted, a dot for an instant; events at one instant on one lane fan out.
        var crowd: [String: Int] = [:]
        for event in timeline.events {
            guard let row = lanes.firstIndex(of: event.lane) else { continue }
            let y = top + Double(row) * laneHeight + laneHeight / 2
            let key = "\(event.lane) \(event.at)"
            let nth = crowd[key, default: 0]
            crowd[key] = nth + 1
            let title =
                "<title>\(DurationText.format(event.at)) \(HTMLText.escape(event.lane)): \(HTMLText.escape(HTMLText.clipped(event.text)))"
                + (event.duration.map { " (\(DurationText.format($0)))" } ?? "") + "</title>"
            if let duration = event.duration, duration > .zero {
                let start = x(event.at), end = max(x(event.at + duration), start + 3)
                let offset = Double(nth % 3) * 5 - 5
                svg += "<rect class=\"bar\" x=\"\(number(start))\" y=\"\(number(y - 4 + offset))\" width=\"\(number(end - start))\" "
                svg += "height=\"7\">\(title)</rect>"
            } else {
                let cx = x(event.at) + Double(min(nth, 12)) * 5
                svg += "<circle class=\"event\" cx=\"\(number(cx))\" cy=\"\(number(y))\" r=\"4\">\(title)</circle>"
            }
        }
        svg += "</svg>"

        var table = "<table class=\"events\"><caption>Every event of the replay, in order</caption><thead><tr>"
        table +=
            "<th scope=\"col\">At</th><th scope=\"col\">Step</th><th scope=\"col\">Lane</th><th scope=\"col\">What</th></tr></thead><tbody>"
        let rows =
            timeline.events.map { (at: $0.at, order: 1, html: Self.row($0, departed: departed)) }
            + timeline.deadlines.map {
                (
                    at: $0.at, order: 2,
                    html: "<tr class=\"deadline\"><td>\(DurationText.format($0.at))</td><td></td><td>clock</td>"
                        + "<td>deadline: \(HTMLText.escape($0.text))</td></tr>"
                )
            }
        for row in rows.enumerated().sorted(by: {
            ($0.element.at, $0.element.order, $0.offset) < ($1.element.at, $1.element.order, $1.offset)
        }) {
            table += row.element.html
        }
        table += "</tbody></table>"
        return "<h3>Timeline on virtual time</h3>" + svg + table
    }

    static func row(_ event: ReplayTimeline.Event, departed: Int?) -> String {
        let step = event.step.map { $0 == departed ? "◆ \($0)" : "\($0)" } ?? ""
        return "<tr><td>\(DurationText.format(event.at))</td><td>\(step)</td><td>\(HTMLText.escape(event.lane))</td>"
            + "<td>\(HTMLText.escape(HTMLText.clipped(event.text)))"
            + (event.duration.map { " <span class=\"lasted\">(\(DurationText.format($0)))</span>" } ?? "") + "</td></tr>"
    }

    /// `at` for an axis label, to three significant digits: `0s`, `450ms`, `1.19s`, `4.77s`, `2.5h`.
    static func tickLabel(_ at: Duration) -> String {
        let seconds = at.inSeconds
        let (value, unit): (Double, String) =
            switch seconds {
            case 0: (0, "s")
            case ..<1: (seconds * 1_000, "ms")
            case ..<600: (seconds, "s")
            case ..<36_000: (seconds / 60, "m")
            default: (seconds / 3_600, "h")
            }
        return String(format: "%.3g", value) + unit
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

    static let style = """
        .differences,.events,.cases{border-collapse:collapse;width:100%;margin:.4rem 0}\
        .cases th,.cases td{border:1px solid #ccc;padding:.2rem .4rem;text-align:left;vertical-align:top}.cases td{white-space:nowrap}\
        .differences th,.differences td,.events th,.events td{border:1px solid #ccc;padding:.2rem .4rem;text-align:left;vertical-align:top}\
        .differences pre{margin:0;white-space:pre-wrap}.events caption{text-align:left;color:#555}\
        svg.timeline{width:100%;height:auto;border:1px solid #ccc;margin:.4rem 0;font:11px system-ui,sans-serif}\
        svg text.lane{font-weight:600}svg line.lane{stroke:#ddd}svg line.tick{stroke:#555}svg text.tick{text-anchor:middle;fill:#555}\
        svg line.step{stroke:#999;stroke-dasharray:1 3}svg line.departed{stroke:#b00020;stroke-width:3}svg text.departed{fill:#b00020;font-weight:700}\
        svg line.deadline{stroke:#8a5a00;stroke-width:2;stroke-dasharray:6 3}svg text.deadline{fill:#8a5a00}\
        svg circle.event{fill:#0645ad}svg rect.bar{fill:#5b8def;stroke:#0645ad}tr.deadline td{color:#8a5a00}.lasted{color:#555}\
        @media print{svg.timeline{break-inside:avoid}}
        """
}
