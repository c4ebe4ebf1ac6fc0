import Foundation
import SkillKit

// CRASH-1: the skill never traps in any check. A trap ends the process, so this check is meant to run in
// a process of its own (an exit test, or the child process `skillcheck` starts per skill): it runs every
// other rule's check, announcing each on standard error first, and the parent that sees the process die
// reads the last announcement to say in which rule the skill trapped (``CrashReport``).

@available(SkillCheckTesting, *)
extension SkillConformance {
    static let crashChecks: [ConformanceCheck] = [
        ConformanceCheck("CRASH-1") { input in await neverTraps(input) }
    ]

    /// Every other implemented check that runs the skill, in catalogue order, each announced with a ``CrashReport`` marker.
    static func neverTraps(_ input: ConformanceCheck.Input) async -> [Finding] {
        // The compile-time rules never run the skill, so it cannot trap in them; and each would compile
        // the skill's package again in this process.
        let rules = checks.filter { $0.isImplemented && $0.ruleID != "CRASH-1" && !staticRuleIDs.contains($0.ruleID) }
        for check in rules {
            CrashReport.announce(ruleID: check.ruleID, skillID: input.skill.id)
            _ = await CrashReport.$marksAttempts.withValue(true) { await check.body(input) }
        }
        CrashReport.announce(ruleID: nil, skillID: input.skill.id)
        return [
            input.finding(
                "CRASH-1", .passed, subject: "the checks of \(rules.count) rules", expected: "every check runs to its end",
                observed: "every check ran to its end in this process, without a trap"
            )
        ]
    }
}
