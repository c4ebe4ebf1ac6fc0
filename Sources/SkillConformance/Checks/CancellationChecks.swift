import SkillKit

// CAN-1..4: what a skill does when the engine cancels it.

@available(SkillCheckTesting, *)
extension SkillConformance {
    static let cancellationChecks: [ConformanceCheck] = [
        ConformanceCheck("CAN-1") { input in await cancelledBeforeStart(input) },
        ConformanceCheck("CAN-2") { input in
            let bound = input.limits.afterCancellation
            let expected = "it ends within \(bound) of virtual time after the cancellation, "
                + "and within \(input.limits.realRun) of real time in all"
            return await cancelledWhileWaiting(input, rule: "CAN-2", expected: expected, virtualLimit: bound) { probe in
                probe.endedAfter <= bound ? nil : "it ended \(probe.endedAfter) of virtual time after the cancellation"
            }
        },
        ConformanceCheck("CAN-3") { input in
            await cancelledWhileWaiting(input, rule: "CAN-3", expected: "it throws CancellationError") { probe in
                if case .threw(let thrown) = probe.ending, thrown.isCancellation { return nil }
                return describe(probe.ending)
            }
        },
        ConformanceCheck("CAN-4") { input in
            await cancelledWhileWaiting(input, rule: "CAN-4", expected: "no storage write and no network request after it") { probe in
                let late = probe.operationsAfter.filter { $0.isWrite || $0.isRequest }
                return late.isEmpty ? nil : "after the cancellation: " + late.map(\.description).joined(separator: "; ")
            }
        },
    ]

    /// CAN-1: each handled sample, in a task cancelled before `execute` starts.
    static func cancelledBeforeStart(_ input: ConformanceCheck.Input) async -> [Finding] {
        let (samples, missing) = handledSamples(input, rule: "CAN-1")
        if let missing { return [missing] }
        var findings: [Finding] = []
        for sample in samples {
            let subject = "cancelled before it starts, \(input.sampleLabel(sample))"
            let expected = "no storage write and no network request other than a GET"
            switch await CancellationProbe.run(input.skill, input: SkillInput(rawText: sample), beforeStart: true, limits: input.limits) {
            case .failure(let failure):
                findings.append(input.unended("CAN-1", subject: subject, expected: expected, failure))
            case .success(let probe):
                let effects = probe.operationsAfter.filter { $0.isWrite || ($0.isRequest && !$0.isGet) }
                findings.append(input.finding("CAN-1", effects.isEmpty ? .passed : .failed, subject: subject, expected: expected,
                                              observed: effects.isEmpty ? "none, then \(describe(probe.ending))"
                                                  : effects.map(\.description).joined(separator: "; ")))
            }
        }
        return findings
    }

    /// CAN-3 and CAN-4: each handled sample, cancelled once it waits on the network (which never
    /// answers) or on storage (a virtual second per operation). `problem` says what is wrong, if anything.
    static func cancelledWhileWaiting(
        _ input: ConformanceCheck.Input, rule: String, expected: String, virtualLimit: Duration? = nil,
        problem: @Sendable (CancellationProbe) -> String?
    ) async -> [Finding] {
        let (samples, missing) = handledSamples(input, rule: rule)
        if let missing { return [missing] }
        var findings: [Finding] = []
        for sample in samples {
            let subject = "cancelled while it waits, \(input.sampleLabel(sample))"
            switch await CancellationProbe.run(input.skill, input: SkillInput(rawText: sample), beforeStart: false, limits: input.limits) {
            case .failure(let failure):
                findings.append(input.unended(rule, subject: subject, expected: expected, failure, virtualLimit: virtualLimit))
            case .success(let probe) where probe.finishedBeforeCancel:
                continue
            case .success(let probe):
                let waitingOn = probe.operationsBefore.last.map { "waiting on \($0)" } ?? "waiting on something else"
                let found = problem(probe)
                findings.append(input.finding(rule, found == nil ? .passed : .failed, subject: "\(subject) (\(waitingOn))",
                                              expected: expected, observed: found ?? describe(probe.ending),
                                              virtualLimit: virtualLimit))
            }
        }
        if findings.isEmpty {
            return [input.finding(rule, .notApplicable, subject: "every handled sample", expected: "a run that waits, to cancel",
                                  observed: "the skill finished every sample without waiting on the network, storage or its clock")]
        }
        return findings
    }

    static func describe(_ ending: Probe.Ending) -> String {
        switch ending {
        case .output(let output): "returned an output: \(quoted(output.summary))"
        case .threw(let thrown): "threw \(thrown)"
        }
    }
}
