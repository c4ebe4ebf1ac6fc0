import BundledBrokenSkills
import BundledReferenceSkills
import SkillCheckSupport
import SkillConformance
import SkillKit
import SkillTesting
import Testing

/// A broken fixture (an AgentSkill, or a tool skill for a TOOL rule) with what the kit needs to check it.
struct BrokenCase: Sendable, CustomStringConvertible {
    let ruleID: String
    let flaw: String
    /// Declared in Examples/BrokenSkills, which the compile-time rules (SEND-1, SEND-3) compile once per run.
    let skill: SkillUnderTest
    var description: String { "\(ruleID): \(flaw)" }
    /// The fixture checked among the reference skills, as a package would have it.
    var peers: [String] { ReferenceSkills.skills.map(\.id) + [skill.id] }

    init(_ fixture: BrokenSkills.Fixture) {
        ruleID = fixture.ruleID
        flaw = fixture.flaw
        skill = SkillUnderTest(declaredIn: ExamplePackages.broken, fixture.make)
    }

    init(_ fixture: BrokenSkills.ToolFixture) {
        ruleID = fixture.ruleID
        flaw = fixture.flaw
        skill = SkillUnderTest(declaredIn: ExamplePackages.broken, tool: fixture.make)
    }
}

@Suite("Each broken skill is caught by its own rule, and only by it")
struct BrokenSkillTests {
    let hangReason = "the run hung, so this rule could not be judged; HANG-1 reports the hang"
    let escapeReason =
        "work left the virtual clock, or a task the skill started was left running, so this rule could not be judged; TIME-1 reports it"
    let nondeterministicReason =
        "two sequential runs on fresh instances gave different outputs, so the "
        + "concurrent outputs could not be compared with them: the skill reads time, ids or randomness outside "
        + "its context (TIME-2 reports that; TOOL-5 for a tool skill), or it was given as one value that keeps state between calls in a "
        + "class it holds (give a factory instead: SkillUnderTest { _ in MySkill() })"
    let ranOnReason = "the run kept going after it was cancelled, so this rule could not be judged; CAN-2 reports it"
    /// Every fixture but CRASH-1's, whose trap would end this whole test run: CrashTests checks it in
    /// processes of its own.
    static let cases =
        BrokenSkills.fixtures.filter { $0.ruleID != "CRASH-1" }.map(BrokenCase.init)
        + BrokenSkills.toolFixtures.map(BrokenCase.init)
    /// The fixtures whose runs the real-time limits end (a loop that never ends once cancelled, a hang,
    /// work off the clock) get short ones, to keep the run short: a quarter second for work to come
    /// back from outside, a second for a run. Every other fixture gets the defaults: a run of theirs
    /// takes milliseconds, but with both cores building harnesses it once took more than 300 ms, and
    /// a limit that a healthy run can reach makes a flaky test.
    /// Short watchdogs where a fixture is meant to set them off, so that its tests do not wait out the
    /// defaults: the hanging and running-on fixtures overrun (`realRun`), and the real-clock fixture
    /// stalls (`realStall`, shorter than its 300 ms sleep). The real-clock fixture keeps the default
    /// `realRun`: its runs do end, and on a machine busy with the rest of `swift test` a one-second
    /// watchdog once cut one of them as a loop.
    static func limits(for broken: BrokenCase) -> CheckLimits {
        switch broken.ruleID {
        case "CAN-2", "HANG-1": CheckLimits(realStall: .milliseconds(250), realRun: .seconds(1))
        case "TIME-1": CheckLimits(realStall: .milliseconds(250))
        default: CheckLimits()
        }
    }

    /// Fixtures this package cannot compile (they warn by design, and its warnings are errors): only
    /// compiling Examples/BrokenSkills reaches them (StaticConformanceTests).
    static let compiledOnlyFixtures = ["SEND-1": "QuoteOfTheDaySkill in LegacyBrokenSkills, a Swift 5 mode target"]

    @Test("every implemented rule has a broken fixture")
    func everyImplementedRuleHasAFixture() {
        let covered = Set(BrokenSkills.fixtures.map(\.ruleID) + BrokenSkills.toolFixtures.map(\.ruleID)).union(
            Self.compiledOnlyFixtures.keys)
        for rule in SkillConformance.implementedRuleIDs {
            #expect(covered.contains(rule), "no fixture in Examples/BrokenSkills breaks \(rule): a rule with no broken fixture is not done")
        }
    }

    @Test(
        "the fixture fails (or, for a SHOULD rule, warns on) its own rule, with a message that says what to fix", .endToEnd,
        arguments: cases)
    func failsItsOwnRule(_ broken: BrokenCase) async {
        let findings = await SkillConformance.check(for: broken.ruleID).run(
            broken.skill, peers: broken.peers, limits: Self.limits(for: broken))
        // A MUST rule fails; a SHOULD rule warns.
        let breach: Finding.Outcome = RuleCatalog.standard[broken.ruleID]?.level == .should ? .warning : .failed
        // (A check also reports what its runs read of the real world, under TIME-1 or IO-1: those carry their own fix.)
        let failures = findings.filter { $0.outcome == breach && $0.ruleID == broken.ruleID }
        #expect(!failures.isEmpty, "\(broken) passed its own rule:\n\(findings.map(\.message).joined(separator: "\n"))")
        let fix = RuleCatalog.standard[broken.ruleID]?.troubleshooting.fix ?? "?"
        for failure in failures {
            #expect(failure.message.contains(fix), "message lacks the fix: \(failure.message)")
            #expect(failure.message.contains("expected:") && failure.message.contains("observed:"))
        }
    }

    @Test("the fixture passes every other implemented MUST rule", .endToEnd, arguments: cases)
    func passesEveryOtherRule(_ broken: BrokenCase) async {
        // CRASH-1 run here passes whenever this process survives, which this very test shows.
        for rule in SkillConformance.implementedRuleIDs where rule != broken.ruleID && rule != "CRASH-1" {
            guard RuleCatalog.standard[rule]?.level == .must else { continue }
            let findings = await SkillConformance.check(for: rule).run(broken.skill, peers: broken.peers, limits: Self.limits(for: broken))
            // Another rule's check may add evidence for the fixture's own rule (SEND-2's sequential passes
            // for TOOL-5): that is the fixture's own finding, not another rule broken.
            for finding in findings where finding.outcome.isProblem && finding.ruleID != broken.ruleID {
                // A skill that hangs cannot be judged by the rules whose runs hang: they say so and point
                // at HANG-1 (skipped, never passed).
                if broken.ruleID == "HANG-1", finding.outcome == .skipped(reason: hangReason) { continue }
                // Likewise a skill whose work leaves the virtual clock, for TIME-1.
                if broken.ruleID == "TIME-1", finding.outcome == .skipped(reason: escapeReason) { continue }
                // Likewise a skill that keeps going once cancelled, for CAN-2.
                if broken.ruleID == "CAN-2", finding.outcome == .skipped(reason: ranOnReason) { continue }
                // And a skill whose outputs differ run to run cannot have its concurrent outputs compared
                // (SEND-2): that is TIME-2's finding.
                if ["TIME-2", "TOOL-5"].contains(broken.ruleID), finding.outcome == .skipped(reason: nondeterministicReason) { continue }
                // A skill whose output differs run to run reads the real world somewhere, which TIME-1 sees at run
                // time: that is the same flaw, not another rule broken.
                if ["TIME-2", "TOOL-5"].contains(broken.ruleID), finding.ruleID == "TIME-1" { continue }
                // A schema and a tool that disagree (a misspelt required, a renamed field) are what TOOL-8 runs into: the
                // tool refuses arguments its schema calls valid. The same flaw, seen from the run.
                if ["TOOL-2", "TOOL-3"].contains(broken.ruleID), finding.ruleID == "TOOL-8" { continue }
                // A count read before an await and written after it is a lost update whether the calls race on real threads
                // (SEND-2) or interleave on one (SEND-4): the same flaw.
                if broken.ruleID == "SEND-2", finding.ruleID == "SEND-4" { continue }
                // A save left running in a Task {} after the reply is not cancelled with the skill: it writes after a
                // cancellation too (CAN-1, CAN-4), the same flaw, which awaiting the save mends for both.
                if broken.ruleID == "TIME-1", broken.flaw.contains("Task {}"), ["CAN-1", "CAN-4"].contains(finding.ruleID) { continue }
                // Rows written as a task group's children finish come in another order on real threads too, when SEND-2's
                // stress run happens to finish them so: the same flaw, found there by luck and by SEND-5 every time.
                if broken.ruleID == "SEND-5", finding.ruleID == "SEND-2" { continue }
                // And under SEND-4's explored schedules, whose one-at-a-time references run first in, first out.
                if broken.ruleID == "SEND-5", finding.ruleID == "SEND-4" { continue }
                // A skill whose runs read the real world found nothing to judge for some rules ("no await"): what it
                // read may have steered it there, so those are skipped, naming the rule that owns the read.
                if case .skipped(let reason) = finding.outcome,
                    (["TIME-1", "TIME-2", "TOOL-5"].contains(broken.ruleID) && reason.contains("(TIME-1 reports it)"))
                        || (broken.ruleID == "IO-1" && reason.contains("(IO-1 reports it)"))
                {
                    continue
                }
                // A skill whose samples never get past its input checks has nothing for the rules that run it:
                // they say so and point at META-8 (TOOL-3 for a tool whose sample arguments it rejects).
                if case .skipped(let reason) = finding.outcome,
                    (broken.ruleID == "META-8" && reason.contains("(META-8 warns)"))
                        || (broken.ruleID == "TOOL-3" && reason.contains("(TOOL-3 fails)"))
                {
                    continue
                }
                Issue.record("\(broken) also breaks \(rule):\n\(finding.message)")
            }
        }
    }

    @Test(
        "a correct twin passes every implemented rule, SHOULD rules included", .endToEnd,
        arguments: BrokenSkills.correctTwins.map(BrokenCase.init) + BrokenSkills.toolCorrectTwins.map(BrokenCase.init))
    func correctTwinPasses(_ twin: BrokenCase) async {
        for rule in SkillConformance.implementedRuleIDs where rule != "CRASH-1" {
            let findings = await SkillConformance.check(for: rule).run(twin.skill, peers: twin.peers)
            for finding in findings where finding.outcome.isProblem || finding.outcome == .warning {
                Issue.record("the correct twin \(twin.skill) breaks \(rule):\n\(finding.message)")
            }
        }
    }

    /// A fixture whose mistake shows only under another schedule than first in, first out, with its twin.
    struct ExploredCase: Sendable, CustomStringConvertible {
        let ruleID: String
        let broken: SkillUnderTest
        let twin: SkillUnderTest
        /// Whether only an explored schedule shows the mistake.
        var explores: Bool { ["SEND-4", "SEND-5", "CAN-4"].contains(ruleID) }
        var description: String { "\(ruleID): \(broken) and its twin \(twin)" }
    }

    static let exploredCases = [
        ExploredCase(
            ruleID: "SEND-4", broken: SkillUnderTest { _ in SharedForecastSkill() }, twin: SkillUnderTest { _ in CoalescingForecastSkill() }
        ),
        ExploredCase(
            ruleID: "SEND-5", broken: SkillUnderTest(tool: { CompareWeatherTool(context: $0) }),
            twin: SkillUnderTest(tool: { OrderedCompareWeatherTool(context: $0) })),
        ExploredCase(
            ruleID: "CAN-4", broken: SkillUnderTest { _ in TripWeatherNoteSkill() },
            twin: SkillUnderTest { _ in CarefulTripWeatherNoteSkill() }),
        ExploredCase(
            ruleID: "ERR-1", broken: SkillUnderTest { _ in TwoCityWeatherSkill() },
            twin: SkillUnderTest { _ in CarefulTwoCityWeatherSkill() }),
        ExploredCase(
            ruleID: "TIME-1", broken: SkillUnderTest { _ in BackgroundSaveNoteSkill() },
            twin: SkillUnderTest { _ in AwaitedSaveNoteSkill() }),
    ]

    @Test(
        "a rule that explores schedules catches its fixture under 100 of 100 seeds, and passes its twin under 100 of 100", .endToEnd,
        arguments: exploredCases)
    func caughtUnderEverySeed(_ explored: ExploredCase) async {
        var caught = 0
        var twinPassed = 0
        for seed in UInt64(1)...100 {
            let limits = CheckLimits(seed: seed)
            let broken = await SkillConformance.check(for: explored.ruleID).run(explored.broken, limits: limits)
            // A finding under an explored schedule carries its seed; one that first-in-first-out order already shows need not.
            if broken.contains(where: { $0.outcome == .failed && ($0.seed != nil || !explored.explores) }) { caught += 1 }
            let twin = await SkillConformance.check(for: explored.ruleID).run(explored.twin, limits: limits)
            if twin.allSatisfy({ $0.outcome == .passed }) { twinPassed += 1 }
        }
        #expect(caught == 100)
        #expect(twinPassed == 100)
    }

    @Test("a SEND-4 finding's seed, given back, replays the same interleaving and the same finding", .endToEnd)
    func serializableReplays() async throws {
        let skill = SkillUnderTest { _ in SharedForecastSkill() }
        let first = try #require(await SkillConformance.check(for: "SEND-4").run(skill).first { $0.outcome == .failed })
        for _ in 0..<10 {
            let again = try #require(await SkillConformance.check(for: "SEND-4").run(skill).first { $0.outcome == .failed })
            #expect(again == first)
        }
        // The schedule it names replays in a test of the author's own, through the public API.
        let seed = try #require(first.seed)
        let requests = Locked(0)
        await #expect(throws: Never.self) {
            try await exploreSchedules(replaying: .randomWalk(seed: seed)) { clock in
                let network = FakeNetworkService(clock: clock)
                network.stub(
                    .init(), reply: .json(#"{"temperature":21,"condition":"晴","feelsLike":20,"humidity":40}"#), latency: .milliseconds(1))
                let context = SkillContext.virtual(clock: clock, networkService: network)
                let skill = SharedForecastSkill()
                async let one = skill.execute(input: SkillInput(rawText: "今天天气怎么样"), context: context)
                async let two = skill.execute(input: SkillInput(rawText: "今天天气怎么样"), context: context)
                _ = try await (one, two)
                requests.withLock { $0 = network.requests.count }
            }
        }
        #expect(requests.withLock { $0 } == 2)
    }
}
