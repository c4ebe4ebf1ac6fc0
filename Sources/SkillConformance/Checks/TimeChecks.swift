import SkillKit

// TIME-1: the skill's time is the context's. (TIME-2, the same run twice, has no check yet; a `Date()`
// read shows up there, not here.)

@available(SkillCheckTesting, *)
extension SkillConformance {
    static let timeChecks: [ConformanceCheck] = [
        ConformanceCheck("TIME-1") { input in await timeStaysVirtual(input) },
    ]

    /// Each handled sample with working fakes: a real sleep (or any other work leaving the virtual
    /// clock) is seen by the scheduler as it starts, and fails the rule naming the skill and the task.
    static func timeStaysVirtual(_ input: ConformanceCheck.Input) async -> [Finding] {
        let (samples, missing) = await workingSamples(input, rule: "TIME-1")
        if let missing { return [missing] }
        let expected = "no real sleep and no other work leaving the virtual clock"
        var findings: [Finding] = []
        for sample in samples {
            let subject = "working fakes, \(input.sampleLabel(sample))"
            switch await Probe.run(input.skill, input: SkillInput(rawText: sample), limits: input.limits, setUp: InjectedFault.healthy) {
            case .success:
                findings.append(input.finding("TIME-1", .passed, subject: subject, expected: expected, observed: "none"))
            case .failure(let failure) where !failure.escapes.isEmpty:
                findings.append(input.finding("TIME-1", .failed, subject: subject, expected: expected,
                                              observed: "skill \"\(input.skill.id)\": "
                                                  + failure.escapes.map(\.description).joined(separator: "; ")))
            case .failure(let failure):
                findings.append(input.unended("TIME-1", subject: subject, expected: expected, failure))
            }
        }
        return findings
    }
}
