import BundledReferenceSkills
import Foundation
import SkillConformance

/// The whole conformance run over the reference skills: every checked rule against every skill, as
/// `swift test` runs it in the `ConformanceTests` target, one case after another. SEND-1 and SEND-3
/// compile the skill's package; given no package here they report skipped, and the detail says so.
@available(SkillCheckTesting, *)
struct ConformanceBenchmark {
    let quick: Bool

    func row(load: String) async -> Benchmarks.Row {
        let cases = SkillConformance.cases(for: ReferenceSkills.skills)
        var seconds: [Double] = []
        var findings = 0
        var failed: [String: Int] = [:]
        var skipped: Set<String> = []
        for _ in 0..<(quick ? 2 : 5) {
            let start = ContinuousClock.now
            findings = 0
            failed = [:]
            for conformanceCase in cases {
                let results = await conformanceCase.run()
                findings += results.count
                for finding in results where finding.outcome == .failed { failed[finding.ruleID, default: 0] += 1 }
                for finding in results where finding.outcome.isProblem && finding.outcome != .failed { skipped.insert(finding.ruleID) }
            }
            let (whole, fraction) = (ContinuousClock.now - start).components
            seconds.append(Double(whole) + Double(fraction) / 1e18)
        }
        seconds.sort()
        return Benchmarks.Row(
            name: "conformance run (\(cases.count) cases: \(SkillConformance.implementedRuleIDs.count) rules × "
                + "\(ReferenceSkills.skills.count) reference skills)",
            load: load,
            figure: String(format: "%.3f s (median of %d)", seconds[seconds.count / 2], seconds.count),
            detail: "\(findings) findings, failed: "
                + (failed.isEmpty ? "none" : failed.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }.joined(separator: ", "))
                + (skipped.isEmpty ? "" : ", skipped (compile-time, not run here): " + skipped.sorted().joined(separator: ", "))
                + ", min \(String(format: "%.3f", seconds[0])) s"
        )
    }
}
