import SkillCheckSupport
import SkillConformance

/// A ``ConformanceReport`` as one self-contained HTML page: `skillcheck --format html`.
///
/// The page has no script, no font, no image and no request of its own, so it reads offline and as a CI
/// artifact. It holds the stages, the grid of skills × categories (each cell a link to that category's
/// results), and each result as a `<details>` (open when it failed or warned), with its findings' subject,
/// expected, observed and seed, the rule's sentence, cause, fix and example. Every mark is a glyph and a
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
            HTMLText.head(title: title) + """
                <header>
                <h1>\(HTMLText.escape(title))</h1>
                <p class="path">\(HTMLText.escape(report.package.path))</p>
                <p class="summary" id="summary">\(HTMLText.escape(report.summary.line))</p>
                </header>
                <main>

                """
        html += stages(report.stages)
        html += grid(report.skills)
        html += report.skills.map(details).joined()
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

    /// A skill's results, by category, each a `<details>`.
    func details(_ skill: SkillReport) -> String {
        var html = "<section class=\"skill\" id=\"\(Self.anchor(skill))\"><h2>\(HTMLText.escape(skill.title))</h2>"
        if let problem = skill.problem { html += "<p>\(Self.mark(.failed, word: "not checked")) \(HTMLText.escape(problem))</p>" }
        for category in ConformanceRule.Category.allCases {
            let results = skill.results.filter { $0.category == category }
            guard !results.isEmpty else { continue }
            html += "<section id=\"\(Self.anchor(skill, category))\"><h3>\(category.rawValue)</h3>"
            // A pass is a rule and its count of cases, linked to the rule's sentence; what went wrong is in full.
            let passed = results.filter { $0.outcome == .passed && $0.baseline == nil }
            if !passed.isEmpty {
                html +=
                    "<p>\(Self.mark(.passed)): "
                    + passed.map { "\($0.rule) (\($0.checks))" }.joined(separator: ", ") + "</p>"
            }
            let notApplicable = results.filter { $0.outcome == .notApplicable && $0.baseline == nil }
            if !notApplicable.isEmpty {
                let reasons = Set(notApplicable.compactMap { $0.findings.first?.observed }).sorted()
                html +=
                    "<p>\(Self.mark(.notApplicable)): "
                    + notApplicable.map(\.rule).joined(separator: ", ")
                    + (reasons.count == 1 ? " (" + HTMLText.escape(HTMLText.clipped(reasons[0])) + ")" : "") + "</p>"
            }
            html += results.filter { !(($0.outcome == .passed || $0.outcome == .notApplicable) && $0.baseline == nil) }
                .map { result(skill, $0) }.joined()
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
