import SkillCheckSupport
import SkillConformance

/// The terminal form of a ``ConformanceReport``: the stages, a table of skills × categories, a line
/// per failure with what to fix, the skips, stale baseline entries, and the summary.
///
/// ```swift
/// print(TextReport(colour: false).render(report))
/// ```
///
/// ```text
/// Skill               sendable  cancellation  errors  metadata  time  crash  hang  tools
/// NoteSkill (note)    ✔         ✘             ✔       ✔         ✔     ✔      ✔     ·
/// ```
@available(SkillCheckTesting, *)
package struct TextReport: Sendable {
    /// Whether to colour the marks (only on a terminal, never with `NO_COLOR`).
    package var colour: Bool
    package var catalog: RuleCatalog

    package init(colour: Bool = false, catalog: RuleCatalog = .standard) {
        self.colour = colour
        self.catalog = catalog
    }

    /// What each mark in the table means.
    package static let legend = "✔ passed  ✘ failed  ! warning  – skipped  · not applicable  ≈ known failure (baseline)"

    package func render(_ report: ConformanceReport) -> String {
        var lines = ["skillcheck \(report.package.name.map { "\($0) (\(report.package.path))" } ?? report.package.path)", ""]
        lines += stages(report.stages)
        if report.skills.isEmpty {
            lines += ["", mark("✘") + " No skill was checked: nothing here is a pass."]
        } else {
            lines += [""] + table(report.skills) + ["", Self.legend]
        }
        lines += section("Failures", report.skills.flatMap { failures(of: $0, strict: report.strict) })
        lines += section("Skipped", skips(report.skills))
        lines += section("Schemas sent to the chosen providers (TOOL-7)", schemasSent(report.skills))
        lines += section(
            "Stale baseline entries (remove them from the baseline)",
            report.stale.map {
                mark("✘") + " \($0.skill) \($0.rule): \($0.why) (it said: \($0.reason))"
            })
        lines += ["", summary(report)]
        return lines.joined(separator: "\n") + "\n"
    }

    func stages(_ stages: [StageResult]) -> [String] {
        stages.flatMap { stage -> [String] in
            let name = stage.stage.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0)
            switch stage.status {
            case .ran:
                return [mark("✔") + " \(name) ran" + (stage.seconds.map { " in " + Self.seconds($0) } ?? "")] + notes(stage)
            case .reused:
                return [mark("✔") + " \(name) reused" + (stage.reason.map { ": \($0)" } ?? "")] + notes(stage)
            case .skipped:
                return [mark("–") + " \(name) skipped" + (stage.reason.map { ": \($0)" } ?? "")]
            case .buildFailed:
                return [mark("✘") + " \(name) the package does not build:"] + stage.diagnostics.map { "    \($0)" }
            case .error:
                return [mark("✘") + " \(name) could not finish" + (stage.reason.map { ": \($0)" } ?? "")]
                    + stage.diagnostics.map { "    \($0)" }
            }
        }
    }

    /// A stage that ran can still have lines to show: the static stage's diagnostics outside any skill.
    func notes(_ stage: StageResult) -> [String] {
        guard !stage.diagnostics.isEmpty else { return [] }
        return ["    \(stage.diagnostics.count) strict-concurrency diagnostic(s) outside the skills (no rule judges them):"]
            + stage.diagnostics.map { "    \($0)" }
    }

    static func seconds(_ value: Double) -> String {
        let tenths = (value * 10).rounded() / 10
        return "\(tenths) s"
    }

    /// A row per skill, a column per category; a skill that could not be checked says so instead.
    func table(_ skills: [SkillReport]) -> [String] {
        let categories = ConformanceRule.Category.allCases
        let first = max(5, skills.map(\.title.count).max() ?? 0) + 2
        let header =
            "Skill".padding(toLength: first, withPad: " ", startingAt: 0)
            + categories.map { $0.rawValue + "  " }.joined()
        let rows = skills.map { skill -> String in
            let left = skill.title.padding(toLength: first, withPad: " ", startingAt: 0)
            if let problem = skill.problem { return left + mark("✘") + " not checked: \(problem)" }
            return left
                + categories.map { category in
                    mark(cell(skill, category)) + String(repeating: " ", count: category.rawValue.count + 1)
                }.joined()
        }
        return ([header] + rows).map(\.trimmingTrailingSpaces)
    }

    func cell(_ skill: SkillReport, _ category: ConformanceRule.Category) -> String {
        let results = skill.results.filter { $0.category == category }
        let worst = skill.outcome(in: category)
        let baselined = results.contains { $0.effectiveOutcome == nil }
        switch worst {
        case .failed?: return "✘"
        case .warning?: return "!"
        case .skipped?: return "–"
        case .passed?: return baselined ? "≈" : "✔"
        case .notApplicable?: return baselined ? "≈" : "·"
        case nil: return baselined ? "≈" : " "
        }
    }

    /// For each failed or warned result: what broke, each case that showed it, and what to fix.
    func failures(of skill: SkillReport, strict: Bool) -> [String] {
        var lines = skill.problem.map { [mark("✘") + " \(skill.title): could not be checked: \($0)"] } ?? []
        for result in skill.results where result.outcome == .failed || result.outcome == .warning {
            let glyph = result.baseline != nil ? "≈" : result.outcome == .failed || strict ? "✘" : "!"
            let rule = catalog[result.rule]
            lines.append(
                mark(glyph) + " \(skill.title) \(result.rule) (\(result.category.rawValue), \(result.level.rawValue))"
                    + (rule.map { ": \($0.sentence)" } ?? ""))
            lines += result.findings.filter { $0.outcome == result.outcome }.map { "    " + $0.line }
            if let rule {
                lines.append("    fix: \(rule.troubleshooting.fix)")
                lines.append("    example: `skillcheck rules \(rule.id)` shows the fix in code")
            }
            if let reason = result.baseline { lines.append("    known failure (baseline): \(reason)") }
        }
        return lines
    }

    /// Skipped results, one line per rule and reason, naming the skills.
    func skips(_ skills: [SkillReport]) -> [String] {
        var groups: [(key: String, skills: [String])] = []
        for skill in skills {
            for result in skill.results where result.outcome == .skipped {
                let key = "\(result.rule): \(result.message ?? "not checked")"
                if let index = groups.firstIndex(where: { $0.key == key }) {
                    groups[index].skills.append(skill.type)
                } else {
                    groups.append((key, [skill.type]))
                }
            }
        }
        return groups.map { mark("–") + " \($0.key.replacingOccurrences(of: "\n", with: "; ")) (\($0.skills.joined(separator: ", ")))" }
    }

    /// Each tool's schema as each chosen provider gets it, where that is not inputSchema as written.
    func schemasSent(_ skills: [SkillReport]) -> [String] {
        skills.flatMap { skill -> [String] in
            let sent = skill.results.flatMap { $0.schemasSent ?? [] }
            guard !sent.isEmpty else { return [] }
            return ["  \(skill.title)"]
                + sent.flatMap { item in
                    ["    \(item.profile) gets \(item.origin):", "      \(item.schema.text)"]
                        + (item.losses.isEmpty ? [] : ["      it cannot say: " + item.losses.joined(separator: "; ")])
                }
        }
    }

    func section(_ title: String, _ lines: [String]) -> [String] {
        lines.isEmpty ? [] : ["", "\(title):"] + lines
    }

    func summary(_ report: ConformanceReport) -> String {
        let summary = report.summary
        let verdict =
            switch summary.exitStatus {
            case 0: mark("✔") + " passed"
            case 1: mark("✘") + " failed"
            default: mark("✘") + " not checked"
            }
        let skills = counted(report.skills.count, "skill")
        return "\(verdict): \(skills), \(summary.line)" + (report.strict ? " (--strict)" : "")
    }

    func mark(_ glyph: String) -> String {
        guard colour else { return glyph }
        let code =
            switch glyph {
            case "✔": "32"
            case "✘": "31"
            case "!", "–": "33"
            case "≈": "36"
            default: "0"
            }
        return "\u{1B}[\(code)m\(glyph)\u{1B}[0m"
    }
}

@available(SkillCheckTesting, *)
extension String {
    var trimmingTrailingSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
