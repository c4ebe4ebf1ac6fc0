import SkillKit
import SkillTesting

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
                            : effects.map(\.description).joined(separator: "; "),
                        run: probe.timeline))
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
            // A working run that threw stopped short of its work: the awaits after that point were never cancelled at.
            var unreached: String?
            switch observed {
            case .failure(let failure):
                findings.append(
                    input.unended(
                        rule, subject: "\(input.sampleLabel(sample)), not cancelled", expected: expected,
                        failure, virtualLimit: virtualLimit))
                continue
            case .success(let run):
                points = run.points
                unreached = failedWithWorkingFakes(
                    run.ending,
                    unreached: "any await its work makes after "
                        + (points.isEmpty ? "that failure" : "the \(awaitCount(points.count)) it reached") + " was never cancelled at")
            }
            var failed = false
            // The awaits a run ended before reaching: nothing was cancelled there, which is no pass.
            var untried: [String] = []
            for point in points.prefix(AwaitGate.probedPoints) {
                let subject = "cancelled while awaiting \(pointLabel(point, of: points.count)), \(input.sampleLabel(sample))"
                switch await GatedRun.run(input.skill, input: text, action: .cancel(at: .index(point.index)), limits: input.limits) {
                case .failure(let failure):
                    findings.append(input.unended(rule, subject: subject, expected: expected, failure, virtualLimit: virtualLimit))
                    failed = true
                case .success(let run) where run.endedAfterCancellation == nil:
                    untried.append(pointLabel(point, of: points.count))
                case .success(let run):
                    guard let found = problem(run) else { continue }
                    findings.append(
                        input.finding(
                            rule, .failed, subject: subject, expected: expected, observed: found,
                            virtualLimit: virtualLimit, run: run.timeline))
                    failed = true
                }
            }
            if !failed, !untried.isEmpty {
                findings.append(
                    input.finding(
                        rule, .failed, subject: "cancelled at each await in turn, \(input.sampleLabel(sample))", expected: expected,
                        observed: untriedNote("the cancellation", at: untried, "each run ended before reaching that await"),
                        virtualLimit: virtualLimit))
                failed = true
            }
            var explored: [Schedule] = []
            if !failed {
                explored = await exploredSchedules(input, sample: sample, points: min(points.count, AwaitGate.probedPoints), rule: rule)
                if let finding = await cancelledUnderSchedules(
                    input, rule: rule, expected: expected, virtualLimit: virtualLimit, sample: sample,
                    points: Array(points.prefix(AwaitGate.probedPoints)), schedules: explored, problem: problem)
                {
                    findings.append(finding)
                    failed = true
                }
            }
            if let unreached, !failed {
                let checked = points.isEmpty ? "" : passedAtEachAwait(points, explored: explored.count) + ", but "
                findings.append(
                    input.finding(
                        rule, .skipped(reason: unreached), subject: "cancelled at each await in turn, \(input.sampleLabel(sample))",
                        expected: expected, observed: checked + unreached, virtualLimit: virtualLimit))
            } else if !points.isEmpty && !failed {
                findings.append(
                    input.finding(
                        rule, .passed, subject: "cancelled at each await in turn, \(input.sampleLabel(sample))", expected: expected,
                        observed: passedAtEachAwait(points, explored: explored.count),
                        virtualLimit: virtualLimit, seed: explored.isEmpty ? nil : input.limits.seed))
            }
        }
        if findings.isEmpty {
            return [
                input.finding(
                    rule, .notApplicable, subject: "every handled sample", expected: "a run that waits, to cancel",
                    observed: "no await: the skill finished every sample without waiting on the network, storage or its clock")
            ]
        }
        return findings
    }

    /// The cancellation probes again, at each point named by its operation, under each of `schedules`: the
    /// first run that breaks `problem`, as a finding. A request that starts once the run is cancelled ends
    /// with the cancellation unsent, as a cancelled `URLSession` task does, so under another schedule a
    /// child's GET after it is no finding of CAN-4; a storage write or any other request still is.
    private static func cancelledUnderSchedules(
        _ input: ConformanceCheck.Input, rule: String, expected: String, virtualLimit: Duration?, sample: String,
        points: [AwaitGate.Point], schedules: [Schedule], problem: @Sendable (GatedRun) -> String?
    ) async -> Finding? {
        for point in points {
            for schedule in schedules {
                let subject =
                    "cancelled while awaiting \(point.key) under schedule \(schedule), \(input.sampleLabel(sample))"
                let result = await GatedRun.run(
                    input.skill, input: SkillInput(rawText: sample), action: .cancel(at: .operation(point.key)),
                    schedule: schedule, latency: exploredLatency, limits: input.limits)
                switch result {
                case .failure(let failure):
                    return input.unended(rule, subject: subject, expected: expected, failure, virtualLimit: virtualLimit)
                case .success(var run):
                    guard run.endedAfterCancellation != nil else { continue }
                    if rule == "CAN-4" { run.points.removeAll { $0.afterCancellation && $0.isGet } }
                    guard let found = problem(run) else { continue }
                    return input.finding(
                        rule, .failed, subject: subject, expected: expected,
                        observed: found + " (under first-in-first-out order it did not: " + exploredCause(rule) + "; "
                            + replayHint(input, schedule) + ")",
                        virtualLimit: virtualLimit, seed: schedule.seed, run: run.timeline)
                }
            }
        }
        return nil
    }

    /// What a finding under an explored schedule adds to the rule's usual cause.
    private static func exploredCause(_ rule: String) -> String {
        switch rule {
        case "CAN-4":
            "another of the skill's tasks had its answer in hand when the cancellation came, and went on to write; "
                + "call `try Task.checkCancellation()` right before each write"
        case "CAN-3":
            "another of the skill's tasks was past its await when the cancellation came; let every child's CancellationError through"
        default:
            "another of the skill's tasks was past its await when the cancellation came"
        }
    }

    private static func awaitCount(_ count: Int) -> String { "\(count) await" + (count == 1 ? "" : "s") }

    private static func passedAtEachAwait(_ points: [AwaitGate.Point], explored: Int) -> String {
        let awaits = awaitCount(points.count)
        let listed = points.prefix(3).map(\.description).joined(separator: "; ") + (points.count > 3 ? "; …" : "")
        let schedules = explored == 0 ? "" : ", in first-in-first-out order and under \(explored) other schedules"
        return "as expected at each of its \(awaits) (\(listed))" + probedNote(points.count) + schedules
    }

    static func describe(_ ending: Probe.Ending) -> String {
        switch ending {
        case .output(let output): "returned an output: \(quoted(output.summary))"
        case .threw(let thrown): "threw \(thrown)"
        }
    }
}
