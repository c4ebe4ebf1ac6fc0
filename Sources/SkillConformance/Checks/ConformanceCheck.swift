import SkillTesting

/// The check of one rule, as a value: run it against a skill and it returns findings.
///
/// A check makes a fresh instance of the skill (``SkillUnderTest``) for each run, on virtual time, and
/// depends on no test runner.
///
/// ```swift
/// let check = SkillConformance.check(for: "ERR-1")
/// let findings = await check.run(SkillUnderTest(WeatherSkill()), peers: ["weather", "note"])
/// ```
@available(SkillCheckTesting, *)
public struct ConformanceCheck: Sendable {
    /// What a check is given.
    struct Input: Sendable {
        var skill: SkillUnderTest
        /// The ids of every skill under test, this one included.
        var peerIDs: [String]
        var limits: CheckLimits
        /// Rules this skill is known to have passed elsewhere in the run (SEND-3 needs SEND-2's pass).
        var passedRules: Set<String> = []
        /// The provider profiles the run targets (`--provider`): TOOL-7 holds the tool to them as a MUST.
        var providers: [String] = []

        /// How a finding names a sample the skill ran on: `input "…"`, or for a tool skill `arguments "{…}"`.
        func sampleLabel(_ sample: String) -> String {
            (skill.kind == .tool ? "arguments " : "input ") + quoted(sample)
        }

        /// A finding of this check for this skill.
        /// `virtual` says the run was cut at the engine timeout; `virtualLimit` gives another virtual bound.
        /// `run` is the timeline of the run the finding judged: a failure or a warning keeps it.
        func finding(
            _ ruleID: String, _ outcome: Finding.Outcome, subject: String, expected: String, observed: String,
            virtual: Bool = false, virtualLimit: Duration? = nil, seed: UInt64? = nil, run: RunTimeline? = nil
        ) -> Finding {
            var finding = Finding(
                ruleID: ruleID, skillID: skill.id, outcome: outcome, subject: subject, expected: expected,
                observed: observed, seed: seed,
                limits: limits.finding(virtual: virtualLimit ?? (virtual ? limits.engineTimeout : nil))
            )
            if outcome == .failed || outcome == .warning { finding.run = run }
            return finding
        }
    }

    /// The subject of a finding about a rule as a whole (one that does not apply to the skill's kind).
    package static let wholeRule = "the whole rule"

    /// The reason every unimplemented check gives.
    package static let notImplemented = "not implemented yet (issue 8)"

    package let ruleID: String
    /// False when the check only reports ``Finding/Outcome/skipped(reason:)``.
    package let isImplemented: Bool
    let body: @Sendable (Input) async -> [Finding]

    init(_ ruleID: String, body: @escaping @Sendable (Input) async -> [Finding]) {
        self.ruleID = ruleID
        isImplemented = true
        self.body = body
    }

    /// A check that reports `skipped` with ``notImplemented``: never a pass.
    static func unimplemented(_ ruleID: String) -> ConformanceCheck {
        ConformanceCheck(ruleID: ruleID, isImplemented: false) { input in
            [
                input.finding(
                    ruleID, .skipped(reason: notImplemented), subject: wholeRule,
                    expected: "a check of this rule", observed: "this kit has no check for it yet")
            ]
        }
    }

    /// This check, reporting `notApplicable` with `reason` for a skill whose kind is not in `kinds`.
    func limited(to kinds: [SkillKind], reason: @escaping @Sendable (SkillKind) -> String) -> ConformanceCheck {
        let body = body
        let ruleID = ruleID
        return ConformanceCheck(ruleID: ruleID, isImplemented: isImplemented) { input in
            let kind = input.skill.kind
            guard kinds.contains(kind) else {
                return [
                    input.finding(
                        ruleID, .notApplicable, subject: Self.wholeRule,
                        expected: "a skill of the kinds the rule applies to: "
                            + kinds.map(\.protocolName).joined(separator: ", "),
                        observed: "\(kind.withArticle): \(reason(kind))")
                ]
            }
            return await body(input)
        }
    }

    private init(ruleID: String, isImplemented: Bool, body: @escaping @Sendable (Input) async -> [Finding]) {
        self.ruleID = ruleID
        self.isImplemented = isImplemented
        self.body = body
    }

    /// Runs the check against `skill`.
    ///
    /// `peers` are the ids of every skill under test (for the rules that compare skills, such as META-2); the
    /// skill's own id is added when missing.
    ///
    /// `passedRules` are the rules the caller knows this skill passed (for example SEND-2 under
    /// ThreadSanitizer, which SEND-3 needs for each escape hatch).
    ///
    /// A check always returns at least one finding: one that found nothing to check says so
    /// (``Finding/Outcome/notApplicable`` with the reason, or `failed` when a prerequisite is missing).
    ///
    /// `providers` are the ids of the provider profiles the package targets (``ProviderProfile``): TOOL-7
    /// fails a tool those providers would refuse.
    public func run(
        _ skill: SkillUnderTest, peers: [String] = [], limits: CheckLimits = CheckLimits(), passedRules: Set<String> = [],
        providers: [String] = []
    ) async -> [Finding] {
        let peerIDs = peers.contains(skill.id) ? peers : peers + [skill.id]
        // What the check's runs read of the real world, reported by the rules that own it (TIME-1, IO-1).
        let observations = CheckObservations(ruleID: ruleID)
        // A skill's hops to the main actor are followed, not reported as escapes: @MainActor state is how many
        // apps keep theirs, and each hop runs at the same point of every run.
        let input = Input(skill: skill, peerIDs: peerIDs, limits: limits, passedRules: passedRules, providers: providers)
        let findings =
            observations.steered(
                await MainActorFollowing.$enabled.withValue(true) {
                    await CheckObservations.$current.withValue(observations) { await body(input) }
                }) + observations.findings(input)
        if findings.isEmpty {
            return [
                Finding(
                    ruleID: ruleID, skillID: skill.id, outcome: .failed, subject: Self.wholeRule,
                    expected: "at least one finding", observed: "the check returned none (a kit bug)")
            ]
        }
        return findings
    }
}
