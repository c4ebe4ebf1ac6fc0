import SkillKit

// HANG-1: a skill is never left suspended with nothing to resume it.

@available(SkillCheckTesting, *)
extension SkillConformance {
    static let hangChecks: [ConformanceCheck] = [
        ConformanceCheck("HANG-1") { input in await neverHangs(input) }
    ]

    /// Each handled sample with working fakes, under each injected fault, and cancelled while it waits.
    /// The virtual clock finds a hang deterministically: nothing runnable and no sleeper pending while
    /// the skill has not finished; `CheckLimits.realStall` of real time is the watchdog for work that
    /// might still come back from outside the scheduler.
    static func neverHangs(_ input: ConformanceCheck.Input) async -> [Finding] {
        let (samples, missing) = await workingSamples(input, rule: "HANG-1")
        if let missing { return [missing] }
        let expected = "the run ends (returns or throws)"
        var findings: [Finding] = []
        for sample in samples {
            let skillInput = SkillInput(rawText: sample)
            var runs: [(String, Bool, Result<Void, ProbeFailure>)] = []
            let healthy = await Probe.run(input.skill, input: skillInput, limits: input.limits, setUp: InjectedFault.healthy)
            runs.append(("working fakes", false, healthy.map { _ in }))
            for fault in InjectedFault.all {
                let result = await Probe.run(
                    input.skill, input: skillInput, cutAfter: fault.cut ? input.limits.engineTimeout : nil,
                    limits: input.limits, setUp: fault.setUp)
                runs.append((fault.name, fault.cut, result.map { _ in }))
            }
            let cancelled = await CancellationProbe.run(input.skill, input: skillInput, beforeStart: false, limits: input.limits)
            runs.append(("cancelled while it waits", false, cancelled.map { _ in }))
            for (scenario, cut, result) in runs {
                let subject = "\(scenario), \(input.sampleLabel(sample))"
                switch result {
                case .success:
                    findings.append(
                        input.finding(
                            "HANG-1", .passed, subject: subject, expected: expected,
                            observed: "it ended", virtual: cut))
                case .failure(let failure):
                    findings.append(input.unended("HANG-1", subject: subject, expected: expected, failure, virtual: cut))
                }
            }
        }
        return findings
    }
}
