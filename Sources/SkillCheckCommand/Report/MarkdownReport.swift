import SkillCheckSupport
import SkillConformance

/// A short Markdown summary of a ``ConformanceReport``, for a CI job's summary page (see
/// ``StepSummary``): the verdict, a table of skills × categories, and each failure with what to fix.
/// It is a summary, not the record: past ``maximumFailures`` failures, or ``maximumDetails`` findings
/// of one failure, it says how many more there are and points to the JSON or JUnit report.
///
/// ```swift
/// let markdown = MarkdownReport().render(report)
/// ```
///
/// ```markdown
/// ### skillcheck: NotePackage
///
/// ❌ **Failed**: 1 skill, 21 passed, 1 failed
///
/// | Skill | sendable | cancellation | errors | metadata | time | crash | hang |
/// | --- | :-: | :-: | :-: | :-: | :-: | :-: | :-: |
/// | NoteSkill (note) | ✅ | ❌ | ✅ | ✅ | ✅ | ✅ | ✅ |
/// ```
@available(SkillCheckTesting, *)
package struct MarkdownReport: Sendable {
    package var catalog: RuleCatalog
    /// How many failed or warned results are listed; the rest are counted.
    package var maximumFailures: Int
    /// How many findings of one result are listed; the rest are counted.
    package var maximumDetails: Int

    package init(catalog: RuleCatalog = .standard, maximumFailures: Int = 50, maximumDetails: Int = 5) {
        self.catalog = catalog
        self.maximumFailures = maximumFailures
        self.maximumDetails = maximumDetails
    }

    /// What each mark in the table means.
    package static let legend = "✅ passed · ❌ failed · ⚠️ warning · ➖ skipped · ⚪ not applicable · 🔷 known failure (baseline)"

    package func render(_ report: ConformanceReport) -> String {
        let name = report.package.name ?? report.package.path
        var blocks = ["### skillcheck: \(Markdown.escape(name))", verdict(report), stages(report.stages)]
        blocks += report.stages.filter { $0.status == .buildFailed || $0.status == .error }.compactMap(compilerLines)
        if report.skills.isEmpty {
            blocks.append("❌ No skill was checked: nothing here is a pass.")
        } else {
            blocks += [table(report.skills), Self.legend]
        }
        blocks += section("Failures", failures(report))
        blocks += section("Skipped", skips(report.skills))
        blocks += section(
            "Stale baseline entries (remove them from the baseline)",
            report.stale.map {
                "- ❌ **\(Markdown.escape($0.skill))** `\($0.rule)`: \(Markdown.escape($0.why)) (it said: \(Markdown.escape($0.reason)))"
            })
        return blocks.joined(separator: "\n\n") + "\n"
    }

    /// The page an error ends on when no report could be made at all (exit status 2).
    package func render(error: String, package: String) -> String {
        "### skillcheck: \(Markdown.escape(package))\n\n❌ **Not checked**: \(Markdown.escape(error))\n"
    }

    func verdict(_ report: ConformanceReport) -> String {
        let summary = report.summary
        let word =
            switch summary.exitStatus {
            case 0: "✅ **Passed**"
            case 1: "❌ **Failed**"
            default: "❌ **Not checked**"
            }
        let skills = counted(report.skills.count, "skill")
        return "\(word): \(skills), \(summary.line)" + (report.strict ? " (`--strict`)" : "")
    }

    func stages(_ stages: [StageResult]) -> String {
        let parts = stages.map { stage -> String in
            let name = stage.stage.rawValue
            switch stage.status {
            case .ran: return "✅ \(name)" + (stage.seconds.map { " (" + TextReport.seconds($0) + ")" } ?? "")
            case .reused: return "✅ \(name) reused" + (stage.reason.map { ": " + Markdown.escape($0) } ?? "")
            case .skipped: return "➖ \(name) skipped" + (stage.reason.map { ": " + Markdown.escape($0) } ?? "")
            case .buildFailed: return "❌ \(name): does not build"
            case .error: return "❌ \(name): could not finish" + (stage.reason.map { ": " + Markdown.escape($0) } ?? "")
            }
        }
        return "Stages: " + (parts.isEmpty ? "none ran" : parts.joined(separator: " · "))
    }

    /// The compiler's lines of a stage that did not build, as a code block (at most 20 lines).
    func compilerLines(_ stage: StageResult) -> String? {
        guard !stage.diagnostics.isEmpty else { return nil }
        var lines = Array(stage.diagnostics.prefix(20))
        if stage.diagnostics.count > 20 { lines.append("… \(stage.diagnostics.count - 20) more lines") }
        return "\(stage.stage.rawValue):\n\n" + Markdown.codeBlock(lines.joined(separator: "\n"))
    }

    func table(_ skills: [SkillReport]) -> String {
        let categories = ConformanceRule.Category.allCases
        var rows = [
            "| Skill | " + categories.map(\.rawValue).joined(separator: " | ") + " |",
            "| --- |" + String(repeating: " :-: |", count: categories.count),
        ]
        for skill in skills {
            let cells =
                skill.problem != nil
                ? ["❌ not checked"] + Array(repeating: "", count: categories.count - 1)
                : categories.map { mark(skill, $0) }
            rows.append("| \(Markdown.cell(skill.title)) | " + cells.joined(separator: " | ") + " |")
        }
        return rows.joined(separator: "\n")
    }

    func mark(_ skill: SkillReport, _ category: ConformanceRule.Category) -> String {
        let baselined = skill.results.contains { $0.category == category && $0.effectiveOutcome == nil }
        switch skill.outcome(in: category) {
        case .failed?: return "❌"
        case .warning?: return "⚠️"
        case .skipped?: return "➖"
        case .passed?: return baselined ? "🔷" : "✅"
        case .notApplicable?: return baselined ? "🔷" : "⚪"
        case nil: return baselined ? "🔷" : ""
        }
    }

    /// A list item per skill that could not be checked and per failed or warned result, at most
    /// ``maximumFailures`` of them.
    func failures(_ report: ConformanceReport) -> [String] {
        var items: [String] = []
        for skill in report.skills {
            if let problem = skill.problem {
                items.append("- ❌ **\(Markdown.escape(skill.title))** could not be checked: \(Markdown.escape(problem))")
            }
            for result in skill.results where result.outcome == .failed || result.outcome == .warning {
                items.append(failure(result, of: skill, strict: report.strict))
            }
        }
        guard items.count > maximumFailures else { return items }
        return items.prefix(maximumFailures)
            + ["- … and \(items.count - maximumFailures) more: `--format json` or `--format junit` lists every one."]
    }

    func failure(_ result: RuleResult, of skill: SkillReport, strict: Bool) -> String {
        let glyph = result.baseline != nil ? "🔷" : result.outcome == .failed || strict ? "❌" : "⚠️"
        let rule = catalog[result.rule]
        var lines = [
            "- \(glyph) **\(Markdown.escape(skill.title))** `\(result.rule)` "
                + "(\(result.category.rawValue), \(result.level.rawValue))" + (rule.map { ": " + Markdown.escape($0.sentence) } ?? "")
        ]
        let details = result.findings.filter { $0.outcome == result.outcome }
        lines += details.prefix(maximumDetails).map { "  - " + Markdown.escape($0.line) }
        if details.count > maximumDetails { lines.append("  - … and \(details.count - maximumDetails) more") }
        if let fix = rule?.troubleshooting.fix { lines.append("  - **Fix:** " + Markdown.escape(fix)) }
        if let reason = result.baseline { lines.append("  - Known failure (baseline): " + Markdown.escape(reason)) }
        return lines.joined(separator: "\n")
    }

    /// Skipped results, one item per rule and reason, naming the skills.
    func skips(_ skills: [SkillReport]) -> [String] {
        var groups: [(key: String, skills: [String])] = []
        for skill in skills {
            for result in skill.results where result.outcome == .skipped {
                let key = "`\(result.rule)`: " + Markdown.escape(result.message ?? "not checked")
                if let index = groups.firstIndex(where: { $0.key == key }) {
                    groups[index].skills.append(skill.type)
                } else {
                    groups.append((key, [skill.type]))
                }
            }
        }
        return groups.map { "- ➖ \($0.key) (\(Markdown.escape($0.skills.joined(separator: ", "))))" }
    }

    func section(_ title: String, _ items: [String]) -> [String] {
        items.isEmpty ? [] : ["#### \(title)\n\n" + items.joined(separator: "\n")]
    }
}
