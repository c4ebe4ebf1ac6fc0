import SkillConformance

@available(SkillCheckTesting, *)
extension SkillReport {
    /// Where a skill's findings contradict themselves: a rule skipped with a reason that names the rules that
    /// report the problem ("TIME-1 reports it", "(META-8 warns)"), none of which failed or warned for the skill.
    /// A report with one tells the user to look at a rule that says all is well: a kit bug, which the kit's
    /// tests look for in every bundled report.
    ///
    /// ```swift
    /// let contradictions = SkillReport.contradictions(in: result.findings, kind: .agent)
    /// // ["CAN-2 is skipped pointing to TIME-1, which passed: work left the virtual clock, …"]
    /// ```
    package static func contradictions(in findings: [Finding], kind: SkillKind, catalog: RuleCatalog = .standard) -> [String] {
        let outcomes = Dictionary(grouping: findings, by: \.ruleID).compactMapValues { ruleFindings -> RuleResult.Outcome? in
            catalog[ruleFindings[0].ruleID].map { RuleResult(rule: $0, findings: ruleFindings).outcome }
        }
        var found: [String] = []
        for finding in findings {
            guard case .skipped(let reason) = finding.outcome else { continue }
            let named = reason.matches(of: /\b[A-Z]+-[0-9]+\b/).map { String($0.output) }
                .filter { $0 != finding.ruleID && catalog[$0]?.applies(to: kind) == true }
            guard !named.isEmpty else { continue }
            let reporting = named.filter { outcomes[$0] == .failed || outcomes[$0] == .warning }
            guard reporting.isEmpty else { continue }
            let said = named.map { "\($0) (\(outcomes[$0].map { "\($0)" } ?? "no finding"))" }.joined(separator: ", ")
            let line = "\(finding.ruleID) is skipped pointing to \(said): \(reason)"
            if !found.contains(line) { found.append(line) }
        }
        return found
    }
}
