import Foundation
import SkillCheckSupport

@available(SkillCheckTesting, *)
extension RunTimeline {
    /// The run drawn on virtual time as an SVG, then the same events as a table, which a screen reader and a
    /// search read: a lane per actor, a dot for an instant and a bar for what lasted, a dashed line at each
    /// deadline, a thin mark where each step began, and a thick one with a ◆ at each mark and at the step
    /// `departed` names.
    ///
    /// `id` is unique on the page; `subject` names the run in the titles: `the replay`, `the run`. With
    /// `drawn`, a run of more events is drawn by its first three quarters of that many and its last quarter,
    /// and the page says how many it leaves out between them. Untitled, it has no heading and its table no
    /// caption: for a page where what holds it says what it is (a `<details>`'s summary).
    package func html(id: String, departed: Int? = nil, subject: String = "the run", drawn: Int? = nil, titled: Bool = true) -> String {
        var shown = self
        if let departed, let step = steps.first(where: { $0.index == departed }) {
            shown.marks.insert(Marker(at: step.at, text: "departed at step \(departed)"), at: 0)
        }
        var notes: [String] = []
        if let drawn, events.count > drawn {
            let tail = drawn / 4, head = drawn - tail
            shown.events = Array(events.prefix(head) + events.suffix(tail))
            let left = events[head..<(events.count - tail)]
            let from = left.first?.at ?? .zero, to = left.last?.at ?? .zero
            notes.append(
                "\(left.count) more events " + (from == to ? "at \(from.written)" : "between \(from.written) and \(to.written)")
                    + " are not drawn: the first \(head) and the last \(tail) are")
        }
        if omitted > 0 { notes.append("\(omitted) more events were not recorded: a run keeps its first \(events.count)") }
        // A run whose every event was at one instant has nothing to draw: its table says it all.
        let drawing = shown.takesTime ? shown.svg(id: id, subject: subject) : ""
        return (titled ? "<h3>Timeline on virtual time</h3>" : "") + drawing
            + shown.table(departed: departed, subject: titled ? subject : nil)
            + notes.map { "<p class=\"omitted\">\(HTMLText.escape($0))</p>" }.joined()
    }

    /// Whether the run has anything a drawing shows that its table does not: time that passed, a deadline, a
    /// mark, or a step after another.
    package var takesTime: Bool {
        end > .zero || !deadlines.isEmpty || !marks.isEmpty || steps.count > 1
            || events.contains { $0.at != events.first?.at || ($0.duration ?? .zero) > .zero }
    }

    private func svg(id: String, subject: String) -> String {
        let lanes = lanes
        let laneHeight = 30.0, left = 120.0, width = 1_000.0, top = 34.0 + Double(max(marks.count - 1, 0)) * 12
        let height = top + Double(lanes.count) * laneHeight + 36
        let last =
            ([end] + deadlines.map(\.at) + marks.map(\.at) + events.map { $0.at + ($0.duration ?? .zero) }).max() ?? .zero
        let span = max(last.inSeconds * 1.05, 0.001)
        func x(_ at: Duration) -> Double { left + at.inSeconds / span * (width - left - 16) }
        func number(_ value: Double) -> String { String(Int(value.rounded())) }

        var svg = "<svg class=\"timeline\" viewBox=\"0 0 \(number(width)) \(number(height))\" role=\"img\" "
        svg += "aria-labelledby=\"\(id)-timeline-title\">"
        svg +=
            "<title id=\"\(id)-timeline-title\">\(HTMLText.escape(subject.prefix(1).uppercased() + subject.dropFirst())) on virtual time: "
        svg += "\(lanes.count) lanes, \(events.count) events, \(deadlines.count) deadlines, ending at \(end.written)</title>"
        svg += "<g class=\"lanes\">"
        func y(_ row: Int) -> Double { top + Double(row) * laneHeight + laneHeight / 2 }
        for (row, lane) in lanes.enumerated() {
            svg += "<text x=\"8\" y=\"\(number(y(row) + 4))\">\(HTMLText.escape(lane))</text>"
            svg += "<line x1=\"\(number(left))\" y1=\"\(number(y(row)))\" x2=\"\(number(width - 8))\" y2=\"\(number(y(row)))\"/>"
        }
        // Time axis: three ticks; one, for a run that took no virtual time (its order is the table's).
        let axis = top + Double(lanes.count) * laneHeight + 6
        svg += "</g><g class=\"ticks\">"
        for tick in 0...(last == .zero ? 0 : 2) {
            let at = Duration.seconds(span * Double(tick) / 2.2)
            svg += "<line x1=\"\(number(x(at)))\" y1=\"\(number(axis))\" x2=\"\(number(x(at)))\" y2=\"\(number(axis + 5))\"/>"
            svg += "<text x=\"\(number(x(at)))\" y=\"\(number(axis + 18))\">\(Self.tickLabel(at))</text>"
        }
        svg += "</g>"
        // Steps: a thin mark where each began.
        for step in steps {
            svg += "<line class=\"step\" x1=\"\(number(x(step.at)))\" y1=\"\(number(top - 6))\" "
            svg +=
                "x2=\"\(number(x(step.at)))\" y2=\"\(number(axis))\"><title>step \(step.index): \(HTMLText.escape(step.text))</title></line>"
        }
        // Marks: a thick line, and its words reading away from the nearer edge, one row each.
        for (row, mark) in marks.enumerated() {
            let position = x(mark.at)
            svg += "<line class=\"departed\" x1=\"\(number(position))\" y1=\"\(number(top - 6))\" x2=\"\(number(position))\" "
            svg += "y2=\"\(number(axis))\"><title>\(HTMLText.escape(mark.text)) at \(mark.at.written)</title></line>"
            let rightward = position < width * 0.6
            svg += "<text class=\"departed\" x=\"\(number(position + (rightward ? 4 : -4)))\" y=\"\(12 + row * 12)\" "
            svg += "text-anchor=\"\(rightward ? "start" : "end")\">◆ \(HTMLText.escape(mark.text))</text>"
        }
        // Deadlines: a dashed line across every lane.
        for (index, deadline) in deadlines.enumerated() {
            let position = x(deadline.at)
            svg += "<line class=\"deadline\" x1=\"\(number(position))\" y1=\"\(number(top - 4))\" x2=\"\(number(position))\" "
            svg += "y2=\"\(number(axis))\"><title>deadline: \(HTMLText.escape(deadline.text)) at \(deadline.at.written)</title></line>"
            if index < 4 { // the first four are labelled; every one has its title and its table row
                svg += "<text class=\"deadline\" x=\"\(number(position - 4))\" y=\"\(number(top - 10))\" "
                svg += "text-anchor=\"end\">deadline: \(HTMLText.escape(deadline.text))</text>"
            }
        }
        // Events, a lane at a time: a bar for what lasted, a dot for an instant; events at one instant fan out.
        // Their words are the table's, once on the page.
        for (row, lane) in lanes.enumerated() {
            svg += "<g class=\"dots\" transform=\"translate(0 \(number(y(row))))\">"
            var crowd: [Duration: Int] = [:]
            for event in events where event.lane == lane {
                let nth = crowd[event.at, default: 0]
                crowd[event.at] = nth + 1
                if let duration = event.duration, duration > .zero {
                    let start = x(event.at), end = max(x(event.at + duration), start + 3)
                    svg +=
                        "<rect x=\"\(number(start))\" y=\"\(number(Double(nth % 3) * 5 - 9))\" width=\"\(number(end - start))\" height=\"7\"/>"
                } else {
                    svg += "<circle cx=\"\(number(x(event.at) + Double(min(nth, 12)) * 5))\" r=\"4\"/>"
                }
            }
            svg += "</g>"
        }
        return svg + "</svg>"
    }

    private func table(departed: Int?, subject: String?) -> String {
        var table =
            "<table class=\"events\">" + (subject.map { "<caption>Every event of \(HTMLText.escape($0)), in order</caption>" } ?? "")
        table += "<thead><tr>"
        table += "<th scope=\"col\">At</th>" + (steps.isEmpty ? "" : "<th scope=\"col\">Step</th>")
        table += "<th scope=\"col\">Lane</th><th scope=\"col\">What</th></tr></thead><tbody>"
        let stepCell = !steps.isEmpty
        func row(_ at: Duration, step: String, lane: String, what: String, type: String = "") -> String {
            "<tr\(type.isEmpty ? "" : " class=\"\(type)\"")><td>\(at.written)</td>" + (stepCell ? "<td>\(step)</td>" : "")
                + "<td>\(HTMLText.escape(lane))</td><td>\(what)</td></tr>"
        }
        let rows =
            events.map { event in
                (
                    at: event.at, order: 1,
                    html: row(
                        event.at, step: event.step.map { $0 == departed ? "◆ \($0)" : "\($0)" } ?? "", lane: event.lane,
                        what: HTMLText.escape(HTMLText.clipped(event.text))
                            + (event.duration.map { " <span class=\"lasted\">(\($0.written))</span>" } ?? ""),
                        type: event.text.hasPrefix("◆ ") ? "mark" : "")
                )
            }
            + deadlines.map {
                (
                    at: $0.at, order: 2,
                    html: row($0.at, step: "", lane: "clock", what: "deadline: " + HTMLText.escape($0.text), type: "deadline")
                )
            }
        for row in rows.enumerated().sorted(by: {
            ($0.element.at, $0.element.order, $0.offset) < ($1.element.at, $1.element.order, $1.offset)
        }) {
            table += row.element.html
        }
        return table + "</tbody></table>"
    }

    /// `at` for an axis label, to three significant digits: `0s`, `450ms`, `1.19s`, `4.77s`, `2.5h`.
    package static func tickLabel(_ at: Duration) -> String {
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

    /// The timeline with every event's, deadline's and mark's words passed through `transform` (a report
    /// redacts secrets so).
    package func mappingTexts(_ transform: (String) -> String) -> RunTimeline {
        var copy = self
        for index in copy.events.indices { copy.events[index].text = transform(copy.events[index].text) }
        for index in copy.deadlines.indices { copy.deadlines[index].text = transform(copy.deadlines[index].text) }
        for index in copy.marks.indices { copy.marks[index].text = transform(copy.marks[index].text) }
        return copy
    }

    /// The page style the drawing needs; a report adds it to its own.
    package static let style = """
        .events{border-collapse:collapse;width:100%;margin:.4rem 0}\
        table.events,svg.timeline{color:#222}.events th,.events td{border:1px solid #ccc;padding:.2rem .4rem;text-align:left;vertical-align:top}.events caption{text-align:left;color:#555}\
        svg.timeline{width:100%;height:auto;border:1px solid #ccc;margin:.4rem 0;font:11px system-ui,sans-serif}\
        svg .lanes text{font-weight:600}svg .lanes line{stroke:#ddd}svg .ticks line{stroke:#555}svg .ticks text{text-anchor:middle;fill:#555}\
        svg line.step{stroke:#999;stroke-dasharray:1 3}svg line.departed{stroke:#b00020;stroke-width:3}svg text.departed{fill:#b00020;font-weight:700}\
        svg line.deadline{stroke:#8a5a00;stroke-width:2;stroke-dasharray:6 3}svg text.deadline{fill:#8a5a00}\
        svg .dots circle{fill:#0645ad}svg .dots rect{fill:#5b8def;stroke:#0645ad}tr.deadline td{color:#8a5a00}tr.mark td{color:#b00020;font-weight:600}.omitted{color:#555}\
        .lasted{color:#555}@media print{svg.timeline{break-inside:avoid}}
        """
}
