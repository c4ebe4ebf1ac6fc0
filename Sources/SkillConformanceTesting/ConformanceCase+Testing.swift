import SkillConformance
import Testing

@available(SkillCheckTesting, *)
extension ConformanceCase {
    /// Runs the case's check and records one Swift Testing issue per finding that failed or was skipped,
    /// each saying what was expected, what was observed and how to fix it; a SHOULD rule's warning is
    /// recorded as an issue of severity `.warning`, which shows without failing the test.
    ///
    /// ```swift
    /// @Test(arguments: SkillConformance.cases(for: [NoteSkill()]))
    /// func conformance(_ c: ConformanceCase) async { await c.expectPasses() }
    /// ```
    ///
    /// A failure listed in `baseline` is recorded as a known issue; when it no longer fails, Swift
    /// Testing reports the known issue as not recorded, so the stale entry is found.
    public func expectPasses(baseline: ConformanceBaseline = .none, sourceLocation: SourceLocation = #_sourceLocation) async {
        let findings = await run()
        for warning in findings where warning.outcome == .warning {
            Issue.record(Comment(rawValue: warning.message), severity: .warning, sourceLocation: sourceLocation)
        }
        let problems = findings.filter(\.outcome.isProblem)
        if let reason = baseline.reason(ruleID: ruleID, skillID: skill.id) {
            withKnownIssue(Comment(rawValue: reason)) {
                for problem in problems { Issue.record(Comment(rawValue: problem.message), sourceLocation: sourceLocation) }
            }
            return
        }
        for problem in problems { Issue.record(Comment(rawValue: problem.message), sourceLocation: sourceLocation) }
    }
}
