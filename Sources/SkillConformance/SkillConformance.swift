import Foundation
import SkillKit

/// The conformance checks, by rule id, and the cases a test suite runs.
///
/// ```swift
/// @Test(arguments: SkillConformance.cases(for: [NoteSkill(), WeatherSkill()]))
/// func conformance(_ c: ConformanceCase) async { await c.expectPasses() }   // import SkillConformanceTesting
/// ```
@available(SkillCheckTesting, *)
public enum SkillConformance {
    /// Every rule's check, in catalogue order. A check run on a kind of skill its rule does not apply to
    /// reports `notApplicable`, saying why (``notApplicableReason(_:for:)``).
    package static let checks: [ConformanceCheck] = RuleCatalog.standard.rules.map { rule in
        (implemented[rule.id] ?? .unimplemented(rule.id)).limited(
            to: rule.appliesTo, reason: { kind in notApplicableReason(rule.id, for: kind) })
    }

    static let implemented: [String: ConformanceCheck] = Dictionary(
        uniqueKeysWithValues: (stressChecks + staticChecks + crashChecks + metadataChecks + sampleChecks + errorChecks + cancellationChecks
            + hangChecks + timeChecks + determinismChecks + toolChecks).map { ($0.ruleID, $0) }
    )

    /// Why `ruleID` does not apply to a skill of `kind`, and what checks the same ground for it.
    package static func notApplicableReason(_ ruleID: String, for kind: SkillKind) -> String {
        switch (ruleID, kind) {
        case ("META-3", .tool): "a tool skill has no displayName or keywords: TOOL-1 checks its name and description"
        case ("META-4", .tool), ("META-5", .tool), ("META-6", .tool), ("META-7", .tool):
            "a tool skill has no canHandle: a model picks it by name, from its schema"
        case ("META-8", .tool): "a tool skill runs on its sample arguments: TOOL-3 checks that it accepts them"
        case ("ERR-2", .tool): "a tool skill gets JSON arguments, not the user's text: TOOL-4 sends it arguments that violate its schema"
        case ("TIME-2", .tool): "TOOL-5 checks a tool skill's determinism, as a MUST"
        case (_, .agent):
            "an AgentSkill has no name, input schema or arguments for a model: the TOOL rules are for ToolSkill "
                + "types (an AgentSkill offered to a model through asTool(context:) gets the adapter's)"
        case (_, .tool): "this rule is for AgentSkills"
        }
    }

    /// The ids of the rules that have a check; the others report `skipped`.
    public static var implementedRuleIDs: [String] { checks.filter(\.isImplemented).map(\.ruleID) }

    /// The check of `ruleID`; an unknown id gives a check that fails, naming the known ids.
    public static func check(for ruleID: String) -> ConformanceCheck {
        if let check = checks.first(where: { $0.ruleID == ruleID }) { return check }
        return ConformanceCheck(ruleID) { input in
            [
                input.finding(
                    ruleID, .failed, subject: "rule id \"\(ruleID)\"",
                    expected: "one of " + RuleCatalog.standard.rules.map(\.id).joined(separator: ", "),
                    observed: "no such rule")
            ]
        }
    }

    /// One case per implemented rule and skill, rule by rule: the skills are checked among each other
    /// (META-2 compares their ids).
    ///
    /// `providers` are the provider profiles the skills' tools are sent to (`openai-strict`, `gemini`, …;
    /// ``ProviderProfile/choosableIDs``): TOOL-7 fails a tool one of them would refuse.
    ///
    /// `filePath` is the test's own file: the package holding it is where the checks read the skills' source, to
    /// answer their requests with documents shaped like what they decode (leave it to its default).
    public static func cases(
        for skills: [any AgentSkill], rules: [String] = implementedRuleIDs, limits: CheckLimits = CheckLimits(),
        providers: [String] = [], filePath: String = #filePath
    ) -> [ConformanceCase] {
        cases(for: skills.map { SkillUnderTest($0) }, rules: rules, limits: limits, providers: providers, filePath: filePath)
    }

    /// One case per rule and skill, for skills made by factories.
    ///
    /// `peers` are the ids of every skill under test, for the rules that compare skills (META-2); the default
    /// is these skills' ids.
    ///
    /// ```swift
    /// @Test(arguments: SkillConformance.cases(for: [SkillUnderTest(tool: WeatherTool())], providers: ["openai-strict", "gemini"]))
    /// func conformance(_ c: ConformanceCase) async { await c.expectPasses() }
    /// ```
    public static func cases(
        for skills: [SkillUnderTest], rules: [String] = implementedRuleIDs, limits: CheckLimits = CheckLimits(),
        peers: [String]? = nil, providers: [String] = [], filePath: String = #filePath
    ) -> [ConformanceCase] {
        let peers = peers ?? skills.map(\.id)
        let testedIn = SourceReplies.package(holding: filePath)
        let skills = skills.map { skill in
            var skill = skill
            skill.testedIn = skill.testedIn ?? testedIn
            return skill
        }
        let all = rules.flatMap { rule in
            skills.map { ConformanceCase(ruleID: rule, skill: $0, peers: peers, limits: limits, providers: providers) }
        }
        return selected(all, by: ProcessInfo.processInfo.environment[caseEnvironmentKey])
    }

    /// Where a person names the one case to rerun: `SKILLCHECK_CASE=weather/CAN-2 swift test --filter conformance`.
    package static let caseEnvironmentKey = "SKILLCHECK_CASE"

    /// The value `skillcheck` gives a credential a skill reads from the environment when the machine sets none: what
    /// the skill shows of it (an error's reason that quotes its request's URL) is found by this text.
    package static let credentialPlaceholder = "skillcheck-placeholder"

    /// The cases `selection` names (`weather/CAN-2`, or `weather × CAN-2` as the test shows it; a rule id alone
    /// or a skill id alone names each of its cases), or all of them when it names none. A selection that
    /// matches no case keeps them all, so a misspelt one never makes a run that checks nothing.
    package static func selected(_ cases: [ConformanceCase], by selection: String?) -> [ConformanceCase] {
        guard let selection = selection?.trimmingCharacters(in: .whitespaces), !selection.isEmpty else { return cases }
        let parts = selection.replacingOccurrences(of: " × ", with: "/").split(separator: "/").map(String.init)
        let matching = cases.filter { item in
            parts.count == 2 ? item.skill.id == parts[0] && item.ruleID == parts[1] : item.skill.id == selection || item.ruleID == selection
        }
        if matching.isEmpty {
            let example = cases.first.map { "\($0.skill.id)/\($0.ruleID)" } ?? "weather/CAN-2"
            FileHandle.standardError.write(
                Data("skillcheck: \(caseEnvironmentKey)=\(selection) names no case; running all \(cases.count) (one is \(example))\n".utf8))
            return cases
        }
        return matching
    }

    /// The provider profiles `skillcheck --provider` chose, as it passes them to the harness
    /// (`SKILLCHECK_PROVIDERS`, ids separated by commas).
    package static func providers(in environment: [String: String]) -> [String] {
        (environment[providersEnvironmentKey] ?? "").split(separator: ",").map(String.init)
    }

    package static let providersEnvironmentKey = "SKILLCHECK_PROVIDERS"
    /// Where `skillcheck --seed` and `--schedules` pass the checks' seed and schedule budget to the harness.
    /// The rules that judge what runs read of the real world (the wall clock, randomness, files, sockets): another
    /// rule's check that sees such a read on its runs reports it as theirs.
    package static let realWorldRuleIDs: Set<String> = ["TIME-1", "IO-1"]
    package static let seedEnvironmentKey = "SKILLCHECK_SEED"
    package static let schedulesEnvironmentKey = "SKILLCHECK_SCHEDULES"
}

/// One rule checked against one skill: a test case.
///
/// ```swift
/// let findings = await ConformanceCase(ruleID: "META-1", skill: SkillUnderTest(NoteSkill())).run()
/// ```
@available(SkillCheckTesting, *)
public struct ConformanceCase: Sendable, CustomStringConvertible {
    public var ruleID: String
    public var skill: SkillUnderTest
    package var peers: [String]
    package var limits: CheckLimits
    package var providers: [String]

    public init(
        ruleID: String, skill: SkillUnderTest, peers: [String] = [], limits: CheckLimits = CheckLimits(), providers: [String] = []
    ) {
        self.ruleID = ruleID
        self.skill = skill
        self.peers = peers
        self.limits = limits
        self.providers = providers
    }

    /// Runs the rule's check.
    public func run() async -> [Finding] {
        await SkillConformance.check(for: ruleID).run(skill, peers: peers, limits: limits, providers: providers)
    }

    public var description: String { "\(ruleID) \(skill)" }
}

@available(SkillCheckTesting, *)
extension SkillConformance {
    /// The generated part of `Conformance/README.md`: the catalogue's table, then which rules have a check.
    package static var readmeRules: String {
        let checked = implementedRuleIDs
        let unchecked = checks.filter { !$0.isImplemented }.map(\.ruleID)
        let both = RuleCatalog.standard.rules.filter { $0.appliesTo == SkillKind.allCases }.map(\.id)
        let agentOnly = RuleCatalog.standard.rules.filter { $0.appliesTo == [.agent] }.map(\.id)
        return RuleCatalog.standard.markdownTable + "\n\n"
            + "Tool skills (`ToolSkill`) are checked by the TOOL rules and by the rules both kinds share, which keep their ids "
            + "(\(both.joined(separator: ", "))): those run a tool skill's `execute(arguments:)` on its sample arguments. "
            + "\(agentOnly.joined(separator: ", ")) are for AgentSkills, and report `notApplicable` for a tool skill, naming the "
            + "TOOL rule that covers the same ground; the TOOL rules report `notApplicable` for an AgentSkill.\n"
            + "Checked by this version: \(checked.joined(separator: ", ")).\n"
            + (unchecked.isEmpty
                ? "Every rule has a check."
                : "Not checked yet (each reports `skipped: \(ConformanceCheck.notImplemented)`, never a pass): "
                    + "\(unchecked.joined(separator: ", ")).")
    }
}
