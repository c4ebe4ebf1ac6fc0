import SkillKit

// TIME-1: the skill's time is the context's, at run time (work that leaves the virtual clock) and in its
// source (`Date()`, `UUID()`, `.random`, real clocks and `Task.sleep`, when its package is known).

@available(SkillCheckTesting, *)
extension SkillConformance {
    static let timeChecks: [ConformanceCheck] = [
        ConformanceCheck("TIME-1") { input in await timeStaysVirtual(input) + (await realTimeInSource(input)) }
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
                findings.append(
                    input.finding(
                        "TIME-1", .failed, subject: subject, expected: expected,
                        observed: "skill \"\(input.skill.id)\": "
                            + failure.escapes.map(\.description).joined(separator: "; ")))
            case .failure(let failure):
                findings.append(input.unended("TIME-1", subject: subject, expected: expected, failure))
            }
        }
        return findings
    }

    /// TIME-1 from the skill type's source, when the skill was given with its package (the analysis is
    /// shared with SEND-1 and SEND-3: one compile per package per process); nothing otherwise.
    static func realTimeInSource(_ input: ConformanceCheck.Input) async -> [Finding] {
        guard let declaration = input.skill.declaration else { return [] }
        do {
            let analysis = try await StaticAnalysis.shared(package: declaration.package, options: declaration.options)
            return analysis.realTimeFindings(typeName: declaration.typeName, moduleHint: declaration.moduleHint, skillID: input.skill.id)
        } catch {
            return [
                input.finding(
                    "TIME-1", .failed, subject: "the package at \(declaration.package.path)",
                    expected: "it builds with -strict-concurrency=complete", observed: "\(error)")
            ]
        }
    }
}
