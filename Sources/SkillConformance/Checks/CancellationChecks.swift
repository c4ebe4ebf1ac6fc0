import SkillKit

// CAN-1..4: what a skill does when the engine cancels it.

@available(SkillCheckTesting, *)
extension SkillConformance {
    static let cancellationChecks: [ConformanceCheck] = [
        ConformanceCheck("CAN-1") { input in await cancelledBeforeStart(input) },
        ConformanceCheck("CAN-2") { input in
            let bound = input.limits.afterCancellation
            let expected =
                "it ends within \(bound) of virtual time after the cancellation, "
                + "and within \(input.limits.realRun) of real time in all"
            return await cancelledWhileWaiting(input, rule: "CAN-2", expected: expected, virtualLimit: bound) { run in
                guard let after = run.endedAfterCancellation, after > bound else { return nil }
                return "it ended \(after) of virtual time after the cancellation"
            }
        },
        ConformanceCheck("CAN-3") { input in
            await cancelledWhileWaiting(input, rule: "CAN-3", expected: "it throws CancellationError") { run in
                if case .threw(let thrown) = run.ending, thrown.isCancellation { return nil }
                return describe(run.ending)
            }
        },
        ConformanceCheck("CAN-4") { input in
            await cancelledWhileWaiting(input, rule: "CAN-4", expected: "no storage write and no network request after it") { run in
                let late = run.pointsAfterCancellation.filter { $0.isWrite || $0.isRequest }
                guard !late.isEmpty else { return nil }
                return "the skill then "
                    + late.map { point in
                        (point.isWrite ? "wrote to storage (" : "made a request (") + point.description + ")"
                    }.joined(separator: ", then ")
            }
        },
    ]

    /// CAN-1: each handled sample, in a task cancelled before `execute` starts.
    static func cancelledBeforeStart(_ input: ConformanceCheck.Input) async -> [Finding] {
        let (samples, missing) = await workingSamples(input, rule: "CAN-1")
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
                findings.append(
                    input.finding(
                        "CAN-1", effects.isEmpty ? .passed : .failed, subject: subject, expected: expected,
                        observed: effects.isEmpty
                            ? "none, then \(describe(probe.ending))"
                            : effects.map(\.description).joined(separator: "; ")))
            }
        }
        return findings
    }

    /// CAN-2, CAN-3 and CAN-4: for each working sample, the run's suspension points in order (each storage
    /// operation, request and clock sleep; at most ``AwaitGate/probedPoints``), then one run per point,
    /// cancelled while it awaits that point (held there as a request that never answers). `problem` says
    /// what is wrong with one run, if anything: a mistake at the second or third await is found too.
    static func cancelledWhileWaiting(
        _ input: ConformanceCheck.Input, rule: String, expected: String, virtualLimit: Duration? = nil,
        problem: @Sendable (GatedRun) -> String?
    ) async -> [Finding] {
        let (runs, missing) = await workingRuns(input, rule: rule)
        if let missing { return [missing] }
        var findings: [Finding] = []
        for (sample, observed) in runs {
            let text = SkillInput(rawText: sample)
            let points: [AwaitGate.Point]
            switch observed {
            case .failure(let failure):
                findings.append(
                    input.unended(
                        rule, subject: "\(input.sampleLabel(sample)), not cancelled", expected: expected,
                        failure, virtualLimit: virtualLimit))
                continue
            case .success(let run):
                points = run.points
            }
            var failed = false
            for point in points.prefix(AwaitGate.probedPoints) {
                let subject = "cancelled while awaiting \(pointLabel(point, of: points.count)), \(input.sampleLabel(sample))"
                switch await GatedRun.run(input.skill, input: text, action: .cancel(at: point.index), limits: input.limits) {
                case .failure(let failure):
                    findings.append(input.unended(rule, subject: subject, expected: expected, failure, virtualLimit: virtualLimit))
                    failed = true
                case .success(let run) where run.endedAfterCancellation == nil:
                    continue
                case .success(let run):
                    guard let found = problem(run) else { continue }
                    findings.append(
                        input.finding(
                            rule, .failed, subject: subject, expected: expected, observed: found,
                            virtualLimit: virtualLimit))
                    failed = true
                }
            }
            if !points.isEmpty && !failed {
                findings.append(
                    input.finding(
                        rule, .passed, subject: "cancelled at each await in turn, \(input.sampleLabel(sample))", expected: expected,
                        observed: "as expected at each of its \(points.count) await\(points.count == 1 ? "" : "s") ("
                            + points.prefix(3).map(\.description).joined(separator: "; ") + (points.count > 3 ? "; …" : "") + ")"
                            + probedNote(points.count),
                        virtualLimit: virtualLimit))
            }
        }
        if findings.isEmpty {
            return [
                input.finding(
                    rule, .notApplicable, subject: "every handled sample", expected: "a run that waits, to cancel",
                    observed: "the skill finished every sample without waiting on the network, storage or its clock")
            ]
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
