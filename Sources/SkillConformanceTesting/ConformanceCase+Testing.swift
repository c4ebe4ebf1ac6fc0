import Foundation
import SkillCheckSupport
import SkillConformance
import SkillTesting
import Testing

@available(SkillCheckTesting, *)
extension ConformanceCase {
    /// Runs the case's check and records a Swift Testing issue for each finding that failed or was skipped.
    ///
    /// Each issue says what was expected, what was observed and how to fix it; a SHOULD rule's warning, and a
    /// compile-time rule (SEND-1, SEND-3) not run because the skill came without its package, are recorded as
    /// issues of severity `.warning`, which show without failing the test.
    ///
    /// ```swift
    /// @Test(arguments: SkillConformance.cases(for: [NoteSkill()]))
    /// func conformance(_ c: ConformanceCase) async { await c.expectPasses() }
    /// ```
    ///
    /// A failure listed in `baseline` is recorded as a known issue; when it no longer fails, Swift
    /// Testing reports the known issue as not recorded, so the stale entry is found.
    ///
    /// A case whose rule does not apply to the skill (a TOOL rule for an AgentSkill, a rule that needs a
    /// request to cancel from a skill that never waits) is reported as skipped with the reason, never as a pass.
    /// A failure of another rule that this case's runs saw (a real sleep, TIME-1's, on HANG-1's path) is recorded as a
    /// warning when that rule's own case fails too, so one sleep fails one case; else it fails this case.
    /// A case with a problem attaches its findings as JSON (`weather × CAN-2.findings.json`) and as a page
    /// (`weather × CAN-2.html`), which `swift test --attachments-path DIR` keeps.
    ///
    /// Under `swift test` each case runs in a process of its own (the test binary, started again for that
    /// case: a few tens of milliseconds), so a skill that traps fails that case with CRASH-1 and the trap's
    /// message while every other case runs; a case still running after a generous watchdog fails HANG-1.
    /// `SKILLCHECK_ISOLATION=off swift test` runs every case in the test's own process instead.
    public func expectPasses(baseline: ConformanceBaseline = .none, sourceLocation: SourceLocation = #_sourceLocation) async {
        let checked: [Finding]
        if let isolated = await CaseIsolation.findings(of: self, limits: limits) {
            checked = isolated
        } else {
            if CaseIsolation.isChild { CrashReport.announce(ruleID: ruleID, skillID: skill.id) }
            CaseFolder.emptyBeforeCase()
            checked = await CrashReport.$marksAttempts.withValue(CaseIsolation.isChild) { await run() }
        }
        FindingsLog.record(checked)
        let findings = await ownedByTheirRule(checked)
        if !findings.isEmpty, findings.allSatisfy({ $0.outcome == .notApplicable }) {
            let reasons = Set(findings.map(\.observed)).sorted().joined(separator: "; ")
            // Test.cancel ends the case as skipped; its error only unwinds, and this function has nothing left to do.
            _ = try? Test.cancel(Comment(rawValue: "\(ruleID) does not apply to \(skill.id): \(reasons)"), sourceLocation: sourceLocation)
            return
        }
        // A compile-time rule given no package did not run: say so, visibly, without failing the test
        // the one-liner gives (it names what to add to run it).
        let notRun = findings.filter { $0.outcome == .skipped(reason: SkillConformance.needsPackage) }
        for warning in findings.filter({ $0.outcome == .warning }) + notRun {
            Issue.record(Comment(rawValue: warning.message), severity: .warning, sourceLocation: sourceLocation)
        }
        let problems = findings.filter { $0.outcome.isProblem && $0.outcome != .skipped(reason: SkillConformance.needsPackage) }
        if !problems.isEmpty {
            Attachment.record(Self.json(findings), named: "\(testDescription).findings.json", sourceLocation: sourceLocation)
            Attachment.record(page(problems), named: "\(testDescription).html", sourceLocation: sourceLocation)
        }
        if let reason = baseline.reason(rule: ruleID, skillID: skill.id, typeName: skill.declaration?.typeName) {
            withKnownIssue(Comment(rawValue: reason)) {
                for problem in problems { Issue.record(Comment(rawValue: problem.message), sourceLocation: sourceLocation) }
            }
            return
        }
        for problem in problems { Issue.record(Comment(rawValue: problem.message), sourceLocation: sourceLocation) }
    }
}

@available(SkillCheckTesting, *)
extension ConformanceCase {
    /// `findings` with each failure of another rule seen on this rule's runs (TIME-1's real sleep on HANG-1's path) made
    /// a warning when that rule's own case, run in a process of its own, fails too: one sleep then fails one case of
    /// `swift test`, not every case whose runs took it. Where that rule's case finds nothing (or is not among the test's
    /// cases), the failure stays, since a skip that points to a pass would hide it. Under `skillcheck`, whose report puts
    /// such a failure in its rule's row, and in a case's own process, nothing changes.
    func ownedByTheirRule(_ findings: [Finding]) async -> [Finding] {
        guard !CaseIsolation.isChild, ProcessInfo.processInfo.environment[FindingsLog.environmentKey] == nil else { return findings }
        // Only what a check reports of its runs' real-world reads: a trap's CRASH-1 and the watchdog's HANG-1 are this case's.
        let others = Set(
            findings.filter { $0.outcome == .failed && $0.ruleID != ruleID && SkillConformance.realWorldRuleIDs.contains($0.ruleID) }
                .map(\.ruleID))
        var owned: Set<String> = []
        for other in others.sorted() {
            let own = ConformanceCase(ruleID: other, skill: skill, peers: peers, limits: limits, providers: providers)
            guard let result = await CaseIsolation.findings(of: own, limits: limits) else { continue }
            if result.contains(where: { $0.outcome == .failed && $0.ruleID == other }) { owned.insert(other) }
        }
        return findings.map { finding in
            guard finding.outcome == .failed, finding.ruleID != ruleID, owned.contains(finding.ruleID) else { return finding }
            var echo = finding
            echo.outcome = .warning
            echo.observed += " (\(finding.ruleID)'s own case fails on it too)"
            return echo
        }
    }

    /// The findings as the harness hands them to `skillcheck` (`skillcheck.findings/1`), each failure's run
    /// included, for an attachment.
    static func json(_ findings: [Finding]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(FindingsReport(findings: findings))) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

@available(SkillCheckTesting, *)
extension ConformanceCase {
    /// The failing case as one self-contained HTML page, as `skillcheck --format html` shows a result: the
    /// rule's sentence, each case that showed the problem (subject, expected, observed, the seed that replays
    /// an explored schedule, the run on virtual time when it took time or had a deadline), and the rule's fix,
    /// cause and example.
    package func page(_ problems: [Finding], catalog: RuleCatalog = .standard) -> String {
        let rule = catalog[ruleID]
        var html =
            HTMLText.head(title: "skillcheck: " + testDescription, style: RunTimeline.style) + """
                <main>
                <h1>\(HTMLText.escape(testDescription))</h1>

                """
        if let rule { html += "<p><strong>\(rule.id)</strong> (\(rule.level.rawValue)) \(HTMLText.escape(rule.sentence))</p>" }
        html += "<ol class=\"findings\">"
        for (index, finding) in problems.enumerated() {
            html += "<li><dl><dt>outcome</dt><dd><i class=\"failed\">✘</i> \(HTMLText.escape("\(finding.outcome)"))</dd>"
            html += "<dt>case</dt><dd>\(HTMLText.escape(HTMLText.clipped(finding.subject)))</dd>"
            html += "<dt>expected</dt><dd>\(HTMLText.escape(HTMLText.clipped(finding.expected)))</dd>"
            html += "<dt>observed</dt><dd>\(HTMLText.escape(HTMLText.clipped(finding.observed)))</dd>"
            if let seed = finding.seed {
                html += "<dt>seed</dt><dd><code>\(seed)</code> (<code>skillcheck --seed \(seed)</code> replays it)</dd>"
            }
            html += "</dl>"
            if let run = finding.run, run.takesTime { html += run.html(id: "case-\(index + 1)", subject: "the run", drawn: 40) }
            html += "</li>"
        }
        html += "</ol>"
        if let rule {
            html += "<dl><dt>fix</dt><dd>\(HTMLText.escape(rule.troubleshooting.fix))</dd>"
            html += "<dt>usual cause</dt><dd>\(HTMLText.escape(rule.troubleshooting.cause))</dd></dl>"
            html += "<pre><code>\(HTMLText.escape(rule.troubleshooting.example))</code></pre>"
        }
        return html + "</main>\n</body>\n</html>\n"
    }
}

@available(SkillCheckTesting, *)
extension ConformanceCase: CustomTestStringConvertible, CustomTestArgumentEncodable {
    /// `weather × CAN-2`: the case as the test navigator and `swift test` show it, skill first.
    public var testDescription: String { "\(skill.id) × \(ruleID)" }

    /// Encodes `weather/CAN-2`, which stays the same from run to run, as the case's argument id.
    public func encodeTestArgument(to encoder: some Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode("\(skill.id)/\(ruleID)")
    }
}

@available(SkillCheckTesting, *)
extension CrashReport {
    /// The report of an exit test that ran CRASH-1's check (observing `\.standardErrorContent`).
    ///
    /// ```swift
    /// let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) { [c = c as CrashCase] in
    ///     _ = await SkillConformance.check(for: "CRASH-1").run(SkillsUnderTest.skills[c.index])
    /// }
    /// CrashReport(result)?.expectNoTrap(skillID: c.skillID)
    /// ```
    public init?(_ result: ExitTest.Result?) {
        guard let result else { return nil }
        let termination: Termination =
            switch result.exitStatus {
            case .exitCode(let code): .exitCode(code)
            case .signal(let signal): .signal(signal)
            @unknown default: .exitCode(-1)
            }
        self.init(termination: termination, standardError: String(decoding: result.standardErrorContent, as: UTF8.self))
    }

    /// Records CRASH-1's finding as an issue, with the rule's troubleshooting, when the process trapped.
    public func expectNoTrap(skillID: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let finding = finding(skillID: skillID)
        FindingsLog.record([finding])
        if finding.outcome.isProblem { Issue.record(Comment(rawValue: finding.message), sourceLocation: sourceLocation) }
    }
}
