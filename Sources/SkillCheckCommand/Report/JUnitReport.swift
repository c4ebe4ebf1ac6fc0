import SkillConformance

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
public enum JUnitReport {
    enum Verdict {
        case passed(output: String?)
        case failure(message: String, type: String, text: String)
        case error(message: String, text: String)
        case skipped(message: String)
    }

    struct Case {
        var name: String
        var verdict: Verdict
    }

    public static func render(_ report: ConformanceReport) -> String {
        var suites: [(name: String, className: String, cases: [Case])] = [("skillcheck.stages", "skillcheck.stages", report.stages.map(stageCase))]
        for skill in report.skills {
            var cases = skill.problem.map { [Case(name: "could not be checked", verdict: .error(message: $0, text: $0))] } ?? []
            cases += skill.results.map { ruleCase($0, strict: report.strict) }
            suites.append((skill.type, "skillcheck.\(skill.type)", cases))
        }
        if !report.stale.isEmpty {
            suites.append(("skillcheck.baseline", "skillcheck.baseline", report.stale.map { entry in
                Case(name: "\(entry.skill) \(entry.rule)",
                     verdict: .failure(message: "stale baseline entry: \(entry.why)", type: "stale", text: "reason given: \(entry.reason)"))
            }))
        }
        let all = suites.flatMap(\.cases)
        var lines = [#"<?xml version="1.0" encoding="UTF-8"?>"#, #"<testsuites name="skillcheck" "# + counts(all) + ">"]
        for suite in suites {
            lines.append(#"  <testsuite name="\#(escape(suite.name))" "# + counts(suite.cases) + ">")
            for item in suite.cases {
                lines += caseLines(item, className: suite.className)
            }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    static func stageCase(_ stage: StageResult) -> Case {
        let text = stage.diagnostics.joined(separator: "\n")
        let verdict: Verdict = switch stage.status {
        case .ran: .passed(output: stage.diagnostics.isEmpty ? nil : text)
        case .reused: .passed(output: stage.reason)
        case .skipped: .skipped(message: stage.reason ?? "skipped")
        case .buildFailed: .error(message: "the package does not build", text: text)
        case .error: .error(message: stage.reason ?? "the stage could not finish", text: text)
        }
        return Case(name: stage.stage.rawValue, verdict: verdict)
    }

    static func ruleCase(_ result: RuleResult, strict: Bool) -> Case {
        let name = "\(result.rule) " + (RuleCatalog.standard[result.rule]?.sentence ?? result.category.rawValue)
        let text = [result.message, result.fix].compactMap { $0 }.joined(separator: "\n")
        let first = result.message?.split(separator: "\n").first.map(String.init) ?? result.rule
        if let reason = result.baseline {
            return Case(name: name, verdict: .skipped(message: "known failure (baseline): \(reason)"))
        }
        let verdict: Verdict = switch result.outcome {
        case .passed: .passed(output: nil)
        case .failed: .failure(message: first, type: result.level.rawValue, text: text)
        case .warning: strict ? .failure(message: first, type: result.level.rawValue, text: text) : .passed(output: "warning: " + text)
        case .skipped: .skipped(message: result.message ?? "skipped")
        case .notApplicable: .skipped(message: "not applicable" + (result.message.map { ": \($0)" } ?? ""))
        }
        return Case(name: name, verdict: verdict)
    }

    static func counts(_ cases: [Case]) -> String {
        var failures = 0, errors = 0, skipped = 0
        for item in cases {
            switch item.verdict {
            case .passed: break
            case .failure: failures += 1
            case .error: errors += 1
            case .skipped: skipped += 1
            }
        }
        return #"tests="\#(cases.count)" failures="\#(failures)" errors="\#(errors)" skipped="\#(skipped)""#
    }

    static func caseLines(_ item: Case, className: String) -> [String] {
        let open = #"    <testcase classname="\#(escape(className))" name="\#(escape(item.name))""#
        switch item.verdict {
        case .passed(nil):
            return [open + "/>"]
        case .passed(let output?):
            return [open + ">", "      <system-out>\(escape(output))</system-out>", "    </testcase>"]
        case .failure(let message, let type, let text):
            return [open + ">", #"      <failure message="\#(escape(message))" type="\#(escape(type))">\#(escape(text))</failure>"#,
                    "    </testcase>"]
        case .error(let message, let text):
            return [open + ">", #"      <error message="\#(escape(message))">\#(escape(text))</error>"#, "    </testcase>"]
        case .skipped(let message):
            return [open + ">", #"      <skipped message="\#(escape(message))"/>"#, "    </testcase>"]
        }
    }

    /// XML text: the five special characters escaped, and characters XML 1.0 cannot hold (most
    /// control characters) written as `\u{…}`.
    static func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value):
                result += "\\u{\(String(scalar.value, radix: 16))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
