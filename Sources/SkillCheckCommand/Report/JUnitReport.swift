import SkillConformance
import SkillTesting

/// The JUnit XML form of a ``ConformanceReport``, for CI systems: a test suite per skill with a test
/// case per rule, and one for the stages and the baseline.
///
/// A failed MUST rule (and a SHOULD warning under `--strict`, a stale baseline entry) is a `<failure>`;
/// a stage that failed to build or finish, or a skill that could not be checked, an `<error>`; skipped
/// and not-applicable rules, skipped stages and known (baselined) failures are `<skipped>`. A warning
/// without `--strict` passes, with its text in `<system-out>`.
///
/// ```swift
/// try FileWriter.write(JUnitReport.render(report), to: "skillcheck.xml")
/// ```
@available(SkillCheckTesting, *)
package enum JUnitReport {
    typealias Verdict = JUnitDocument.Verdict

    package static func render(_ report: ConformanceReport) -> String {
        var suites = [JUnitDocument.Suite(name: "skillcheck.stages", cases: report.stages.map(stageCase))]
        for skill in report.skills {
            let className = "skillcheck.\(skill.type)"
            var cases =
                skill.problem.map {
                    [JUnitDocument.TestCase(name: "could not be checked", className: className, verdict: .error(message: $0, text: $0))]
                } ?? []
            cases += skill.results.map { ruleCase($0, strict: report.strict, className: className) }
            suites.append(.init(name: skill.type, cases: cases))
        }
        if !report.stale.isEmpty {
            suites.append(
                .init(
                    name: "skillcheck.baseline",
                    cases: report.stale.map { entry in
                        JUnitDocument.TestCase(
                            name: "\(entry.skill) \(entry.rule)", className: "skillcheck.baseline",
                            verdict: .failure(
                                message: "stale baseline entry: \(entry.why)", type: "stale", text: "reason given: \(entry.reason)"))
                    }))
        }
        return JUnitDocument(name: "skillcheck", suites: suites).xml
    }

    static func stageCase(_ stage: StageResult) -> JUnitDocument.TestCase {
        let text = stage.diagnostics.joined(separator: "\n")
        let verdict: Verdict =
            switch stage.status {
            case .ran: .passed(output: stage.diagnostics.isEmpty ? nil : text)
            case .reused: .passed(output: stage.reason)
            case .skipped: .skipped(message: stage.reason ?? "skipped")
            case .buildFailed: .error(message: "the package does not build", text: text)
            case .error: .error(message: stage.reason ?? "the stage could not finish", text: text)
            }
        return .init(name: stage.stage.rawValue, className: "skillcheck.stages", verdict: verdict)
    }

    static func ruleCase(_ result: RuleResult, strict: Bool, className: String) -> JUnitDocument.TestCase {
        let name = "\(result.rule) " + (RuleCatalog.standard[result.rule]?.sentence ?? result.category.rawValue)
        let text = [result.message, result.fix].compactMap { $0 }.joined(separator: "\n")
        let first = result.message?.split(separator: "\n").first.map(String.init) ?? result.rule
        if let reason = result.baseline {
            return .init(name: name, className: className, verdict: .skipped(message: "known failure (baseline): \(reason)"))
        }
        let verdict: Verdict =
            switch result.outcome {
            case .passed: .passed(output: nil)
            case .failed: .failure(message: first, type: result.level.rawValue, text: text)
            case .warning: strict ? .failure(message: first, type: result.level.rawValue, text: text) : .passed(output: "warning: " + text)
            case .skipped: .skipped(message: result.message ?? "skipped")
            case .notApplicable: .skipped(message: "not applicable" + (result.message.map { ": \($0)" } ?? ""))
            }
        return .init(name: name, className: className, verdict: verdict)
    }
}
