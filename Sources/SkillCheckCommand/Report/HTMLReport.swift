import SkillCheckSupport
import SkillConformance
import SkillScenarios
import SkillTesting

/// A ``ConformanceReport`` as one self-contained HTML page: `skillcheck --format html`.
///
/// The page has no script, no font, no image and no request of its own, so it reads offline and as a CI
/// artifact. It holds the stages, the grid of skills × categories (each cell a link to that category's
/// results), and each result as a `<details>` (open when it failed or warned), with its findings' subject,
/// expected, observed and seed, the rule's sentence, cause, fix and example. Under a failure or a warning, the
/// first shown case whose run took virtual time, or was cut or cancelled by the check, has that run drawn
/// (``RunTimeline``): a lane per actor (the check, the skill or each of two requests sent at once, storage,
/// network, clock), the cut's deadline and the instant the check cancelled the run. Every mark is a glyph and a
/// word, never colour alone; the page is keyboard-navigable (links and `<details>`) and prints without the
/// closed passes.
///
/// ```swift
/// let page = HTMLReport().render(report)   // "<!doctype html>…"
/// ```
@available(SkillCheckTesting, *)
package struct HTMLReport: Sendable {
    package var catalog: RuleCatalog

    package init(catalog: RuleCatalog = .standard) {
        self.catalog = catalog
    }

    package func render(_ report: ConformanceReport) -> String {
        let title = "skillcheck " + (report.package.name ?? report.package.path)
        var html =
            HTMLText.head(title: title, style: RunTimeline.style) + """
                <header>
                <h1>\(HTMLText.escape(title))</h1>
                <p class="path">\(HTMLText.escape(report.package.path))</p>
                <p class="summary" id="summary">\(HTMLText.escape(report.summary.line))</p>
                </header>
                <main>

                """
        html += stages(report.stages)
        html += grid(report.skills)
        var shared: Set<String> = []
        html += report.skills.map { details($0, shared: &shared) }.joined()
        html += rules(report.skills)
        if !report.stale.isEmpty {
            html += "<section aria-labelledby=\"stale\"><h2 id=\"stale\">Stale baseline entries</h2><ul>"
            html += report.stale.map { "<li>\(Self.mark(.failed)) \(HTMLText.escape("\($0.skill) \($0.rule): \($0.why)"))</li>" }.joined()
            html += "</ul></section>\n"
        }
        return html + "</main>\n</body>\n</html>\n"
    }

    /// Each rule the report speaks of, once, with its cause, fix and example: what results link to.
    func rules(_ skills: [SkillReport]) -> String {
        let ids = Set(skills.flatMap { $0.results.map(\.rule) })
        let listed = catalog.rules.filter { ids.contains($0.id) }
        guard !listed.isEmpty else { return "" }
        return "<section aria-labelledby=\"rules\"><h2 id=\"rules\">Rules</h2><dl class=\"rules\">"
            + listed.map { rule in
                "<dt id=\"rule-\(rule.id)\">\(rule.id) (\(rule.level.rawValue))</dt><dd>\(HTMLText.escape(rule.sentence))"
                    + "<dl><dt>usual cause</dt><dd>\(HTMLText.escape(rule.troubleshooting.cause))</dd>"
                    + "<dt>fix</dt><dd>\(HTMLText.escape(rule.troubleshooting.fix))</dd></dl>"
                    + "<pre><code>\(HTMLText.escape(rule.troubleshooting.example))</code></pre></dd>"
            }.joined()
            + "</dl></section>\n"
    }

    func stages(_ stages: [StageResult]) -> String {
        let items = stages.map { stage -> String in
            let (outcome, word): (RuleResult.Outcome, String) =
                switch stage.status {
                case .ran: (.passed, "ran")
                case .reused: (.passed, "reused")
                case .skipped: (.skipped, "skipped")
                case .buildFailed: (.failed, "did not build")
                case .error: (.failed, "could not finish")
                }
            let detail = [stage.seconds.map { TextReport.seconds($0) }, stage.reason].compactMap { $0 }.joined(separator: ": ")
            let diagnostics =
                stage.diagnostics.isEmpty ? "" : "<pre>" + HTMLText.escape(stage.diagnostics.joined(separator: "\n")) + "</pre>"
            return "<li>\(Self.mark(outcome, word: word)) <strong>\(stage.stage.rawValue)</strong>"
                + (detail.isEmpty ? "" : " " + HTMLText.escape(detail)) + diagnostics + "</li>"
        }
        return "<section aria-labelledby=\"stages\"><h2 id=\"stages\">Stages</h2><ul class=\"stages\">" + items.joined()
            + "</ul></section>\n"
    }

    func grid(_ skills: [SkillReport]) -> String {
        guard !skills.isEmpty else {
            return "<section><h2>Skills</h2><p>\(Self.mark(.failed)) No skill was checked: nothing here is a pass.</p></section>\n"
        }
        let categories = ConformanceRule.Category.allCases
        var html = "<section aria-labelledby=\"grid\"><h2 id=\"grid\">Skills × categories</h2><table class=\"grid\">"
        html += "<caption>" + HTMLText.escape(TextReport.legend) + "</caption><thead><tr><th scope=\"col\">Skill</th>"
        html += categories.map { "<th scope=\"col\">\($0.rawValue)</th>" }.joined() + "</tr></thead><tbody>"
        for skill in skills {
            html += "<tr><th scope=\"row\"><a href=\"#\(Self.anchor(skill))\">\(HTMLText.escape(skill.title))</a></th>"
            if let problem = skill.problem {
                html +=
                    "<td colspan=\"\(categories.count)\">\(Self.mark(.failed, word: "not checked")) \(HTMLText.escape(problem))</td></tr>"
                continue
            }
            for category in categories {
                let glyph = TextReport().cell(skill, category)
                let body = "\(glyph) \(Self.words[glyph] ?? "not run")"
                html +=
                    skill.results.contains { $0.category == category }
                    ? "<td><a href=\"#\(Self.anchor(skill, category))\">\(body)</a></td>"
                    : "<td>\(body)</td>"
            }
            html += "</tr>"
        }
        return html + "</tbody></table></section>\n"
    }

    /// A skill's results, by category, each a `<details>`. `shared` holds the not-applicable reasons said in
    /// full on the page so far.
    func details(_ skill: SkillReport, shared: inout Set<String>) -> String {
        var html = "<section class=\"skill\" id=\"\(Self.anchor(skill))\"><h2>\(HTMLText.escape(skill.title))</h2>"
        if let problem = skill.problem { html += "<p>\(Self.mark(.failed, word: "not checked")) \(HTMLText.escape(problem))</p>" }
        for category in ConformanceRule.Category.allCases {
            let results = skill.results.filter { $0.category == category }
            guard !results.isEmpty else { continue }
            // A pass is a rule and its count of cases; a rule that does not apply, its reason when they share one.
            let passed = results.filter { $0.outcome == .passed && $0.baseline == nil }
            let notApplicable = results.filter { $0.outcome == .notApplicable && $0.baseline == nil }
            var lines: [String] = []
            if !passed.isEmpty {
                lines.append("\(Self.mark(.passed)): " + passed.map { "\($0.rule) (\($0.checks))" }.joined(separator: ", "))
            }
            if !notApplicable.isEmpty {
                let reasons = Set(notApplicable.compactMap { $0.findings.first?.observed }).sorted()
                var why = ""
                if reasons.count == 1 {
                    // A reason many skills share (every AgentSkill's for the TOOL rules) is said in full once.
                    let (isNew, reason) = shared.insert(reasons[0])
                    why = isNew ? reason : (reason.split(separator: ":").first.map(String.init) ?? reason) + ", as above"
                }
                lines.append(
                    "\(Self.mark(.notApplicable)): " + notApplicable.map(\.rule).joined(separator: ", ")
                        + (why.isEmpty ? "" : " (" + HTMLText.escape(HTMLText.clipped(why)) + ")"))
            }
            // A skip is a line too, its rules grouped by their reasons: it has no case to show, only why none was judged.
            let skipped = results.filter { $0.outcome == .skipped && $0.baseline == nil }
            if !skipped.isEmpty {
                var groups: [(reason: String, rules: [String])] = []
                for result in skipped {
                    let reasons = Set(result.findings.compactMap(\.reason)).sorted()
                    let reason = reasons.isEmpty ? (result.message ?? "not checked") : reasons.joined(separator: "; ")
                    if let index = groups.firstIndex(where: { $0.reason == reason }) {
                        groups[index].rules.append(result.rule)
                    } else {
                        groups.append((reason, [result.rule]))
                    }
                }
                lines.append(
                    "\(Self.mark(.skipped)): "
                        + groups.map { group in
                            let (isNew, reason) = shared.insert(group.reason)
                            let why = isNew ? reason : (reason.split(separator: ":").first.map(String.init) ?? reason) + ", as above"
                            return group.rules.joined(separator: ", ") + " (" + HTMLText.escape(HTMLText.clipped(why)) + ")"
                        }.joined(separator: "; "))
            }
            let rest = results.filter {
                !(($0.outcome == .passed || $0.outcome == .notApplicable || $0.outcome == .skipped) && $0.baseline == nil)
            }
            // A category with nothing wrong is a line; one with something wrong, a section with each result that was.
            if rest.isEmpty {
                html += "<p id=\"\(Self.anchor(skill, category))\"><b>\(category.rawValue)</b> "
                html += lines.joined(separator: "; ") + "</p>"
                continue
            }
            html += "<section id=\"\(Self.anchor(skill, category))\"><h3>\(category.rawValue)</h3>"
            html += lines.map { "<p>\($0)</p>" }.joined()
            html += rest.map { result(skill, $0) }.joined()
            html += "</section>"
        }
        return html + "</section>\n"
    }

    func result(_ skill: SkillReport, _ result: RuleResult) -> String {
        let rule = catalog[result.rule]
        let open = result.outcome == .failed || result.outcome == .warning
        var html = "<details class=\"result \(result.outcome.rawValue)\" id=\"\(Self.anchor(skill))-\(result.rule)\"\(open ? " open" : "")>"
        html += "<summary>\(Self.mark(result.outcome)) <strong>\(result.rule)</strong> (\(result.level.rawValue))"
        html += rule.map { " " + HTMLText.escape($0.sentence) } ?? ""
        html += "</summary>"
        if result.outcome == .skipped, let message = result.message { html += "<p>\(HTMLText.escape(HTMLText.clipped(message)))</p>" }
        if let reason = result.baseline { html += "<p>\(Self.mark(.skipped, word: "known failure")) \(HTMLText.escape(reason))</p>" }
        // A pass is its count; what went wrong is each case that showed it (a page stays small: 22 skills, ~1,900 findings).
        // What went wrong is each case that showed it, up to 12 (the JSON report has every one); a skip is its reason.
        let wrong = open ? result.findings.filter { $0.outcome == result.outcome } : []
        let shown = wrong.prefix(12)
        if result.outcome == .skipped {
            html += "<p>\(result.findings.count) case\(result.findings.count == 1 ? "" : "s") not judged</p>"
        }
        if !shown.isEmpty {
            // One expectation for every case is said once, above them.
            let sameExpectation = Set(shown.map(\.expected)).count == 1
            if sameExpectation { html += "<p>expected: \(HTMLText.escape(HTMLText.clipped(shown[shown.startIndex].expected)))</p>" }
            html += "<ol class=\"findings\">"
            for finding in shown {
                html += "<li><dl>"
                html += "<dt>case</dt><dd>\(HTMLText.escape(HTMLText.clipped(finding.subject)))</dd>"
                if !sameExpectation { html += "<dt>expected</dt><dd>\(HTMLText.escape(HTMLText.clipped(finding.expected)))</dd>" }
                html += "<dt>observed</dt><dd>\(HTMLText.escape(HTMLText.clipped(finding.reason ?? finding.observed)))</dd>"
                if let seed = finding.seed {
                    html += "<dt>seed</dt><dd><code>\(seed)</code></dd>"
                }
                html += "</dl></li>"
            }
            html += "</ol>"
            if let (number, run) = shown.enumerated().lazy.compactMap({ index, finding in finding.run.map { (index + 1, $0) } })
                .first(where: { $0.1.takesTime })
            {
                // One run a result, and one that took virtual time or had a deadline: the page stays small (a run
                // at one instant is what its finding says), and the first case is the one a reader opens first.
                let id = "\(Self.anchor(skill))-\(result.rule)-run"
                html += "<details class=\"run\" open><summary>case \(number) on virtual time: \(run.events.count) events, "
                html += "ending at \(run.end.written)</summary>"
                html += run.mappingTexts(SecretScanner.redacted).html(id: id, subject: "the run", drawn: 12, titled: false) + "</details>"
            }
            if wrong.count > shown.count { html += "<p>and \(wrong.count - shown.count) more: the JSON report has every one</p>" }
        }
        if open, let rule {
            html +=
                "<p>fix: \(HTMLText.escape(rule.troubleshooting.fix)) <a href=\"#rule-\(rule.id)\">\(rule.id): cause and example</a></p>"
        }
        return html + "</details>"
    }

    // MARK: Marks and text

    static let words = ["✔": "passed", "✘": "failed", "!": "warning", "–": "skipped", "·": "not applicable", "≈": "known failure"]
    static let cssClass = ["✔": "passed", "✘": "failed", "!": "warning", "–": "skipped", "·": "na", "≈": "known"]

    /// A glyph and its word: readable without colour.
    static func mark(_ outcome: RuleResult.Outcome, word: String? = nil) -> String {
        let (glyph, name): (String, String) =
            switch outcome {
            case .passed: ("✔", "passed")
            case .failed: ("✘", "failed")
            case .warning: ("!", "warning")
            case .skipped: ("–", "skipped")
            case .notApplicable: ("·", "not applicable")
            }
        return "<i class=\"\(cssClass[glyph] ?? "none")\">\(glyph)</i> \(word ?? name)"
    }

    package static func anchor(_ skill: SkillReport) -> String {
        "skill-" + (skill.id.isEmpty ? skill.type : skill.id).map { $0.isLetter || $0.isNumber ? String($0) : "-" }.joined()
    }

    static func anchor(_ skill: SkillReport, _ category: ConformanceRule.Category) -> String {
        anchor(skill) + "-" + category.rawValue
    }

}
