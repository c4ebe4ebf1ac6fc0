import SkillConformance

/// One skill's part of a ``ConformanceReport``: its type and id, and one ``RuleResult`` per rule.
///
/// ```swift
/// let skill = report.skills.first { $0.id == "note" }   // a result per catalogue rule
/// let cancelled = skill?.result(for: "CAN-2")?.outcome   // .failed, .passed, ...
/// ```
@available(SkillCheckTesting, *)
public struct SkillReport: Sendable, Codable, Hashable {
    /// The Swift type's name, as the package declares it.
    public var type: String
    /// The skill's `id`.
    public var id: String
    /// Why the skill could not be checked at all (such as a type without a public `init()`); fails the run.
    public var problem: String?
    public var results: [RuleResult]

    package init(type: String, id: String, problem: String? = nil, results: [RuleResult]) {
        self.type = type
        self.id = id
        self.problem = problem
        self.results = results
    }

    /// A skill's results from the findings of every check that ran on it: one result per rule of
    /// `catalog`, in catalogue order. A rule no finding speaks of is `skipped` (never a silent pass);
    /// a finding for a rule `catalog` does not know becomes a ``problem``.
    package init(type: String, id: String, findings: [Finding], catalog: RuleCatalog = .standard, problem: String? = nil) {
        let known = Set(catalog.rules.map(\.id))
        let unknown = Set(findings.map(\.ruleID)).subtracting(known).sorted()
        var problems = problem.map { [$0] } ?? []
        if !unknown.isEmpty {
            problems.append("findings for rules this version of skillcheck does not know: " + unknown.joined(separator: ", "))
        }
        let findings = Self.collapsingRepeatedRuns(findings)
        let results = catalog.rules.map { rule in
            RuleResult(rule: rule, findings: findings.filter { $0.ruleID == rule.id })
        }
        self.init(type: type, id: id, problem: problems.isEmpty ? nil : problems.joined(separator: "; "), results: results)
    }

    /// The result for `ruleID`, if the report has one.
    public func result(for ruleID: String) -> RuleResult? { results.first { $0.rule == ruleID } }

    /// How the skill did in `category`.
    ///
    /// The worst outcome of its rules there (failed, warning, skipped, passed, not-applicable, in that order),
    /// counting a baselined failure as `nil` when all are.
    package func outcome(in category: ConformanceRule.Category) -> RuleResult.Outcome? {
        let outcomes = results.filter { $0.category == category }.compactMap(\.effectiveOutcome)
        return RuleResult.Outcome.bySeverity.first(where: outcomes.contains)
    }

    /// "NoteSkill (note)", or the type alone when the id is the same text.
    package var title: String { id.isEmpty || id == type ? type : "\(type) (\(id))" }
}
