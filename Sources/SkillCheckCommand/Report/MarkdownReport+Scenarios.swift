import SkillScenarios

@available(SkillCheckTesting, *)
extension MarkdownReport {
    /// A short Markdown summary of a `skillcheck scenarios` run: the verdict, the counts, and each
    /// transcript that did not pass with its first differences (at most ``maximumFailures`` transcripts,
    /// ``maximumDetails`` lines each). `title` tells the jobs of a sharded matrix apart.
    ///
    /// ```swift
    /// let markdown = MarkdownReport().render(scenarios: cases, title: "skillcheck scenarios (shard 1/4)")
    /// ```
    package func render(scenarios cases: [ScenarioCase], title: String = "skillcheck scenarios") -> String {
        let counts = ScenarioReport.summary(cases)
        let notPassed = counts.failed + counts.invalid + counts.unwritten
        let word = counts.invalid + counts.unwritten > 0 ? "❌ **Error**" : notPassed > 0 ? "❌ **Failed**" : "✅ **Passed**"
        let transcripts = cases.count == 1 ? "1 transcript" : "\(cases.count) transcripts"
        var blocks = [
            "### \(Markdown.escape(title))",
            "\(word): \(transcripts), \(counts.passed) passed, \(notPassed) failed"
                + (counts.recorded > 0 ? ", \(counts.recorded) recorded" : ""),
            """
            | Passed | Failed | Invalid | Recorded | Write failed |
            | ---: | ---: | ---: | ---: | ---: |
            | \(counts.passed) | \(counts.failed) | \(counts.invalid) | \(counts.recorded) | \(counts.unwritten) |
            """,
        ]
        var items = cases.compactMap(item)
        if items.count > maximumFailures {
            items = items.prefix(maximumFailures) + ["- … and \(items.count - maximumFailures) more: `--format junit` lists every one."]
        }
        if !items.isEmpty { blocks.append("#### Not passed\n\n" + items.joined(separator: "\n")) }
        return blocks.joined(separator: "\n\n") + "\n"
    }

    /// A list item for a transcript that did not pass or was rewritten; `nil` for a plain pass.
    func item(_ scenario: ScenarioCase) -> String? {
        let heading = "**\(Markdown.escape(scenario.title ?? scenario.name))** (\(Markdown.code(scenario.file)))"
        var details: [String]
        switch scenario.status {
        case .passed:
            return nil
        case .recorded:
            return "- ✏️ \(heading): rewritten with what was observed"
        case .invalid:
            return "- ❌ \(heading): invalid transcript\n  - " + Markdown.escape(scenario.error?.description ?? "unknown error")
        case .failed, .unwritten:
            details = scenario.writeErrors.map(\.description)
            details += (scenario.result?.differences ?? []).map(\.description)
        }
        var lines = ["- ❌ \(heading)" + (scenario.status == .unwritten ? ": a write failed" : "")]
        lines += details.prefix(maximumDetails).map { "  - " + Markdown.escape($0) }
        if details.count > maximumDetails { lines.append("  - … and \(details.count - maximumDetails) more") }
        if let artifact = scenario.artifact { lines.append("  - actual transcript: \(Markdown.code(artifact))") }
        return lines.joined(separator: "\n")
    }
}
