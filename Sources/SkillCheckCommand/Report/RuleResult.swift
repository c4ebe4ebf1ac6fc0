import SkillConformance
import SkillTesting

/// The verdict on one rule for one skill, aggregated from every finding its check produced.
///
/// ```swift
/// if let result = report.skills.first?.result(for: "CAN-2"), result.outcome == .failed {
///     print(result.message ?? "", result.fix ?? "")
/// }
/// ```
@available(SkillCheckTesting, *)
public struct RuleResult: Sendable, Codable, Hashable {
    public enum Outcome: String, Sendable, Codable, Hashable, CaseIterable {
        case passed, failed, warning, skipped
        case notApplicable = "not-applicable"

        /// Worst first: the order in which one outcome outweighs another when findings are combined.
        package static let bySeverity: [Outcome] = [.failed, .warning, .skipped, .passed, .notApplicable]
    }

    /// One finding that was not a pass, as the report keeps it.
    public struct Detail: Sendable, Codable, Hashable {
        public var outcome: Outcome
        public var subject: String
        public var expected: String
        public var observed: String
        public var seed: UInt64?
        /// Why the check was skipped, for a `skipped` finding.
        public var reason: String?
        /// The run on virtual time the finding came from, for the HTML report; never in the JSON report,
        /// whose schema stays as it is (a report read back from JSON has none).
        package var run: RunTimeline?

        private enum CodingKeys: String, CodingKey {
            case outcome, subject, expected, observed, seed, reason
        }

        package init(outcome: Outcome, subject: String, expected: String, observed: String, seed: UInt64? = nil, reason: String? = nil) {
            self.outcome = outcome
            self.subject = subject
            self.expected = expected
            self.observed = observed
            self.seed = seed
            self.reason = reason
        }

        /// `subject: expected …, observed … (seed …)`, or `subject: skipped (reason)`.
        package var line: String {
            if outcome == .skipped { return "\(subject): skipped (\(reason ?? observed))" }
            if outcome == .notApplicable { return "\(subject): not applicable (\(observed))" }
            return "\(subject): expected \(expected), observed \(observed)" + (seed.map { " (seed \($0))" } ?? "")
        }
    }

    public var rule: String
    public var category: ConformanceRule.Category
    public var level: ConformanceRule.Level
    public var outcome: Outcome
    /// How many findings the verdict rests on.
    public var checks: Int
    /// The non-passing findings in one text, a line each.
    ///
    /// `nil` when every check passed.
    public var message: String?
    public var findings: [Detail]
    /// The rule's troubleshooting (cause, fix, example), when it failed or warned.
    public var fix: String?
    /// The reason the baseline file (`--baseline`) gives for this known failure.
    public var baseline: String?
    /// For TOOL-7, the schema each chosen provider is sent where it is not inputSchema as written; `nil` for
    /// every other rule.
    package var schemasSent: [Finding.SentSchema]?

    package init(
        rule: String, category: ConformanceRule.Category, level: ConformanceRule.Level, outcome: Outcome,
        checks: Int, message: String? = nil, findings: [Detail] = [], fix: String? = nil, baseline: String? = nil
    ) {
        self.rule = rule
        self.category = category
        self.level = level
        self.outcome = outcome
        self.checks = checks
        self.message = message
        self.findings = findings
        self.fix = fix
        self.baseline = baseline
    }

    /// The verdict on `rule` from its findings: failed if one failed, else warning if one warned, else
    /// skipped if one was skipped (a part not checked is not a pass), else passed if one passed, else
    /// not-applicable. No finding at all is `skipped`: nothing was checked.
    package init(rule: ConformanceRule, findings: [Finding]) {
        let details = findings.compactMap(Self.detail)
        let outcomes = Set(findings.map { Self.outcome(of: $0.outcome) })
        let outcome = findings.isEmpty ? .skipped : Outcome.bySeverity.first(where: outcomes.contains) ?? .skipped
        let message: String? =
            findings.isEmpty
            ? "not checked: no check recorded a finding for this rule"
            : details.isEmpty ? nil : Self.unique(details.map(\.line)).joined(separator: "\n")
        self.init(
            rule: rule.id, category: rule.category, level: rule.level, outcome: outcome, checks: findings.count,
            message: message, findings: details,
            fix: outcome == .failed || outcome == .warning ? rule.advice : nil)
        let sent = findings.compactMap(\.sentSchema)
        schemasSent = sent.isEmpty ? nil : sent
    }

    static func outcome(of outcome: Finding.Outcome) -> Outcome {
        switch outcome {
        case .passed: .passed
        case .failed: .failed
        case .warning: .warning
        case .skipped: .skipped
        case .notApplicable: .notApplicable
        }
    }

    static func detail(_ finding: Finding) -> Detail? {
        var reason: String?
        if case .skipped(let why) = finding.outcome { reason = why }
        let outcome = outcome(of: finding.outcome)
        guard outcome != .passed else { return nil }
        // A finding may quote what the skill sent or threw, a credential with it: the report never prints one.
        var detail = Detail(
            outcome: outcome, subject: ReportRedaction.redacted(finding.subject), expected: ReportRedaction.redacted(finding.expected),
            observed: ReportRedaction.redacted(finding.observed), seed: finding.seed, reason: reason.map { ReportRedaction.redacted($0) })
        detail.run = finding.run
        return detail
    }

    static func unique(_ lines: [String]) -> [String] {
        var seen = Set<String>()
        return lines.filter { seen.insert($0).inserted }
    }

    /// The outcome that counts for the run: a baselined failure or warning counts as nothing.
    var effectiveOutcome: Outcome? {
        baseline != nil && (outcome == .failed || outcome == .warning) ? nil : outcome
    }
}
