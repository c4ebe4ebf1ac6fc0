import Foundation
import SkillCheckSupport
import SkillKit
import SkillTesting

/// What one check found for one skill and one rule.
///
/// Findings are Codable (see `FindingsReport`) so that a check run in a child process can hand them
/// to its parent.
///
/// ```swift
/// let findings = await SkillConformance.check(for: "META-1").run(SkillUnderTest(NoteSkill()))
/// #expect(findings.allSatisfy { $0.outcome == .passed })
/// ```
@available(SkillCheckTesting, *)
public struct Finding: Sendable, Codable, Hashable {
    /// What the check concluded.
    public enum Outcome: Sendable, Codable, Hashable {
        case passed
        /// A MUST rule is broken.
        case failed
        /// A SHOULD rule is broken.
        case warning
        /// The check did not run; the reason says why.
        ///
        /// Never counts as a pass.
        case skipped(reason: String)
        /// The rule does not apply to this skill.
        ///
        /// ``Finding/observed`` says why.
        case notApplicable

        /// True for `failed` and `skipped`: outcomes that must not read as green.
        public var isProblem: Bool {
            switch self {
            case .failed, .skipped: true
            case .passed, .warning, .notApplicable: false
            }
        }
    }

    /// The time limits a check used.
    public struct Limits: Sendable, Codable, Hashable {
        /// Virtual seconds a run may take before the check cuts it, if any.
        public var virtualSeconds: Double?
        /// Real seconds without progress after which a run counts as stalled.
        public var realStallSeconds: Double?
        /// Real seconds a run may take in all before the watchdog ends it.
        public var realRunSeconds: Double?

        package init(virtualSeconds: Double? = nil, realStallSeconds: Double? = nil, realRunSeconds: Double? = nil) {
            self.virtualSeconds = virtualSeconds
            self.realStallSeconds = realStallSeconds
            self.realRunSeconds = realRunSeconds
        }
    }

    public var ruleID: String
    public var skillID: String
    public var outcome: Outcome
    /// The case checked, such as `canHandle("北京天气怎么样")` or `fault offline, input "…"`.
    public var subject: String
    public var expected: String
    public var observed: String
    /// The seed of any randomness the check used.
    ///
    /// `nil` when it used none.
    public var seed: UInt64?
    public var limits: Limits
    /// The schema a provider is sent, for TOOL-7's finding about that provider: the report shows it.
    package var sentSchema: SentSchema?
    /// The run on virtual time that a failure or a warning came from, when a check ran the skill: the HTML
    /// report draws it. Never encoded when `nil`, so a finding without one reads as it always has.
    package var run: RunTimeline?

    /// The schema one provider profile is sent for a tool, and what it cannot say of the tool's own.
    package struct SentSchema: Sendable, Codable, Hashable {
        /// The profile's id: `gemini`.
        package var profile: String
        /// Which schema it is: `the geminiParameters variant derived from inputSchema`.
        package var origin: String
        package var schema: JSON
        /// What it cannot say, each `pointer: what`.
        package var losses: [String]
    }

    package init(
        ruleID: String, skillID: String, outcome: Outcome, subject: String,
        expected: String, observed: String, seed: UInt64? = nil, limits: Limits = Limits()
    ) {
        self.ruleID = ruleID
        self.skillID = skillID
        self.outcome = outcome
        self.subject = subject
        self.expected = expected
        self.observed = observed
        self.seed = seed
        self.limits = limits
    }

    /// A message for a person: what was checked, what was expected and found, and what to fix.
    public var message: String {
        // What the run quoted (an input, a reply, a request) loses what looks like a key by its format too.
        var lines = [
            "\(ruleID) \(outcomeLabel) for skill \"\(skillID)\": \(SecretScanner.redacted(subject))",
            "  expected: \(expected)",
            "  observed: \(SecretScanner.redacted(observed))",
        ]
        if let seed { lines.append("  seed: \(seed)") }
        if outcome == .failed || outcome == .warning, let rule = RuleCatalog.standard[ruleID] {
            lines.append("  rule: \(rule.sentence)")
            lines.append("  " + rule.advice.replacingOccurrences(of: "\n", with: "\n  "))
        }
        // What the skill quoted (a request's URL with its key) never reaches a test log with this machine's key in it.
        return CredentialValues.redacted(lines.joined(separator: "\n"))
    }

    var outcomeLabel: String {
        switch outcome {
        case .passed: "passed"
        case .failed: "FAILED"
        case .warning: "warning"
        case .skipped(let reason): "skipped (\(reason))"
        case .notApplicable: "not applicable"
        }
    }
}

/// Findings as a child process hands them to its parent: a schema version, then the findings.
///
/// ```swift
/// let data = try JSONEncoder().encode(FindingsReport(findings: findings))
/// let back = try FindingsReport.decode(data)    // refuses another schema
/// ```
@available(SkillCheckTesting, *)
package struct FindingsReport: Sendable, Codable, Hashable {
    package static let format = WireFormat.findings

    package var schema: String
    package var findings: [Finding]

    package init(findings: [Finding]) {
        schema = Self.format.id
        self.findings = findings
    }
}

@available(SkillCheckTesting, *)
extension FindingsReport {
    /// A report in another schema than the one this kit reads.
    package struct SchemaMismatch: Error, CustomStringConvertible {
        package var found: String
        package var description: String {
            "findings report has schema \"\(found)\", expected \"\(FindingsReport.format.id)\": "
                + "the child process and the parent come from different SkillCheck versions"
        }
    }

    /// Decodes a report, refusing one written for another schema.
    package static func decode(_ data: Data) throws -> FindingsReport {
        let report = try JSONDecoder().decode(FindingsReport.self, from: data)
        guard report.schema == format.id else { throw SchemaMismatch(found: report.schema) }
        return report
    }
}
