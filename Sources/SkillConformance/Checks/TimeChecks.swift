import SkillKit
import SkillTesting

// TIME-1: the skill's time is the context's, at run time (work that leaves the virtual clock) and in its
// source (`Date()`, `UUID()`, `.random`, real clocks and `Task.sleep`, when its package is known).

@available(SkillCheckTesting, *)
extension SkillConformance {
    static let timeChecks: [ConformanceCheck] = [
        ConformanceCheck("TIME-1") { input in await timeStaysVirtual(input) + (await realTimeInSource(input)) },
        ConformanceCheck("IO-1") { input in await ioThroughContext(input) + (await realIOInSource(input)) },
    ]

    /// Each handled sample with working fakes: a real sleep (or any other work leaving the virtual
    /// clock) is seen by the scheduler as it starts, and a read of the wall clock or of system randomness by
    /// the interposer (``RealWorldObservation``); either fails the rule naming the skill's function.
    static func timeStaysVirtual(_ input: ConformanceCheck.Input) async -> [Finding] {
        await eachWorkingRun(input, rule: "TIME-1", expected: timeExpected) { reads in
            reads.filter(\.kind.isTime)
        }
    }

    /// IO-1: each handled sample with working fakes; a file or a socket the skill's side opened (seen by the
    /// interposer) fails the rule with its path or address and the function that opened it.
    static func ioThroughContext(_ input: ConformanceCheck.Input) async -> [Finding] {
        guard RealWorldObservation.isAvailable else {
            return [
                input.finding(
                    "IO-1", .skipped(reason: RealWorldObservation.unavailableReason), subject: ConformanceCheck.wholeRule,
                    expected: ioExpected, observed: "files and sockets could not be observed in this process")
            ]
        }
        return await eachWorkingRun(input, rule: "IO-1", expected: ioExpected) { reads in
            reads.filter { $0.kind == .file || $0.kind == .socket || $0.kind == .process }
        }
    }

    /// The faults TIME-1 and IO-1 also run each sample under: a retry, a fallback or a cache on the path a
    /// failure opens is where real sleeps, wall-clock fallbacks and files hide; a rate limit is what a client
    /// retries after a sleep.
    static let realWorldFaults =
        InjectedFault.all.filter { ["offline", "HTTP 500", "storage failure"].contains($0.name) } + [InjectedFault.rateLimited]

    /// Runs each handled sample with working fakes, then under each of ``realWorldFaults``, and judges `rule`
    /// by the reads `owned` keeps (and, for TIME-1, by escapes): a finding per sample with working fakes,
    /// and one per fault run that found something.
    private static func eachWorkingRun(
        _ input: ConformanceCheck.Input, rule: String, expected: String, owned: ([RealWorldRead]) -> [RealWorldRead]
    ) async -> [Finding] {
        let (samples, missing) = await workingSamples(input, rule: rule)
        if let missing { return [missing] }
        let unobserved = RealWorldObservation.isAvailable ? "" : " (\(RealWorldObservation.unavailableReason))"
        var findings: [Finding] = []
        for sample in samples {
            // What the working run found: a fault run reports only what it adds (a retry's sleep, a fallback's clock).
            var found = Set<String>()
            for fault in [nil] + realWorldFaults.map(Optional.some) {
                let subject = "\(fault.map { "\($0.name) fault" } ?? "working fakes"), \(input.sampleLabel(sample))"
                let run = await Probe.run(
                    input.skill, input: SkillInput(rawText: sample), limits: input.limits, setUp: fault?.setUp)
                var problems: [String] = []
                var timeline: RunTimeline?
                switch run {
                case .success(let probe):
                    problems = owned(probe.reads).map { "\($0.description); instead, \($0.fix)" }
                    if rule == "TIME-1", !probe.leftRunning.isEmpty { problems.append(Self.leftRunning(probe.leftRunning.count)) }
                    timeline = probe.timeline
                case .failure(let failure):
                    timeline = failure.timeline
                    if rule == "TIME-1" {
                        problems = (failure.escapes + failure.realSleeps).map(\.description)
                        if !failure.leftRunning.isEmpty { problems.append(Self.leftRunning(failure.leftRunning.count)) }
                    }
                    problems += owned(failure.reads).map { "\($0.description); instead, \($0.fix)" }
                    // A run that did not end for another reason is HANG-1's or CAN-2's to judge; a fault run's is ERR-1's.
                    if problems.isEmpty {
                        if fault == nil { findings.append(input.unended(rule, subject: subject, expected: expected, failure)) }
                        continue
                    }
                }
                // A fault run reports only what it found that the working run did not: the rest would repeat it.
                if fault != nil { problems = problems.filter { !found.contains(Self.withoutNumbers($0)) } }
                found.formUnion(problems.map(Self.withoutNumbers))
                guard fault == nil || !problems.isEmpty else { continue }
                findings.append(
                    input.finding(
                        rule, problems.isEmpty ? .passed : .failed, subject: subject, expected: expected,
                        observed: problems.isEmpty
                            ? "none" + unobserved : "skill \"\(input.skill.id)\": " + problems.joined(separator: "; "),
                        run: timeline))
            }
            if rule == "TIME-1", !found.contains(where: { $0.contains("Task {}") }),
                let left = await leftRunningAfterFailure(input, sample: sample, expected: expected)
            {
                findings.append(left)
            }
        }
        return findings
    }

    /// How many items each list of the working reply has when TIME-1 fails a run part-way and when SEND-5 reorders
    /// a request's parts: a task per item leaves two others running when the first fails, and has two others to
    /// finish before it.
    static let failingListCount = 3

    /// TIME-1 on a run that fails part-way: when the skill's run starts a `Task {}`, each of its operations fails
    /// in turn (a request offline, a storage operation refused) while every other one takes a little virtual time,
    /// as a real service's do. A skill that throws at the first failure while the `Task {}`s it started for the rest
    /// still run is found here: the whole-fault runs fail every operation at once, and its tasks end with it.
    /// Each list of the working reply has ``failingListCount`` items here, so a skill that starts a task per item
    /// has others running when one fails.
    private static func leftRunningAfterFailure(_ input: ConformanceCheck.Input, sample: String, expected: String) async -> Finding? {
        let text = SkillInput(rawText: sample)
        let reply = WorkingReply.fuller(await input.skill.workingFit(limits: input.limits).body, listCount: failingListCount)
        guard
            case .success(let plain) = await GatedRun.run(
                input.skill, input: text, latency: exploredLatency, reply: reply, limits: input.limits),
            plain.tasksStarted > 0
        else { return nil }
        for point in plain.points.prefix(AwaitGate.probedPoints) {
            guard let fault = point.isRequest ? InjectedFault.offline : point.isStorage ? InjectedFault.storageFailure : nil else {
                continue
            }
            let result = await GatedRun.run(
                input.skill, input: text, action: .fault(fault, at: .index(point.index)), latency: exploredLatency, reply: reply,
                limits: input.limits)
            // A run whose tasks outlive it ends its virtual-time scope with them unfinished: a failure that names them.
            let (running, timeline): ([String], RunTimeline?) =
                switch result {
                case .success(let run): (run.faultsInjected > 0 ? run.leftRunning : [], run.timeline)
                case .failure(let failure): (failure.leftRunning, failure.timeline)
                }
            guard !running.isEmpty else { continue }
            return input.finding(
                "TIME-1", .failed,
                subject: "\(fault.name) at \(pointLabel(point, of: plain.points.count)), \(input.sampleLabel(sample))",
                expected: expected,
                observed: "skill \"\(input.skill.id)\": " + leftRunning(running.count, afterFailure: true), run: timeline)
        }
        return nil
    }

    /// TIME-1's problem with a run that answered while `count` unstructured tasks it started were still running;
    /// `afterFailure`: a run that ended so once one of its operations failed.
    static func leftRunning(_ count: Int, afterFailure: Bool = false) -> String {
        let tasks = count == 1 ? "a Task {} it started was" : "\(count) Task {}s it started were"
        guard afterFailure else {
            return "it answered while \(tasks) still running: that work (a save, a request) ends after the reply, where "
                + "nobody awaits it, so its failure is never seen and no test can tell when it is done; instead, await it "
                + "(`try await task.value`), or run it in `async let` or a task group"
        }
        return "once that operation failed it ended while \(tasks) still running: the work the failure made useless "
            + "goes on after the error (requests, saves), where nobody awaits it or sees it fail; instead, cancel and "
            + "await the rest before throwing (`task.cancel()`, then `_ = await task.result`), or run the work in a "
            + "task group, which does both"
    }

    /// A problem's text with its numbers blanked (a real sleep's length and its jobs vary run to run).
    private static func withoutNumbers(_ text: String) -> String { text.replacing(/[0-9]+(\.[0-9]+)?/, with: "#") }

    /// TIME-1 from the skill type's source, when the skill was given with its package (the analysis is
    /// shared with SEND-1 and SEND-3: one compile per package per process); nothing otherwise.
    static func realTimeInSource(_ input: ConformanceCheck.Input) async -> [Finding] {
        await inSource(input, rule: "TIME-1") {
            $0.realTimeFindings(typeName: $1.typeName, moduleHint: $1.moduleHint, skillID: input.skill.id)
        }
    }

    /// IO-1 from the skill type's source and the code it reaches, when the skill was given with its package.
    static func realIOInSource(_ input: ConformanceCheck.Input) async -> [Finding] {
        await inSource(input, rule: "IO-1") { $0.realIOFindings(typeName: $1.typeName, moduleHint: $1.moduleHint, skillID: input.skill.id) }
    }

    private static func inSource(
        _ input: ConformanceCheck.Input, rule: String, _ findings: (StaticAnalysis, SkillDeclaration) -> [Finding]
    ) async -> [Finding] {
        guard let declaration = input.skill.declaration else { return [] }
        do {
            return findings(try await StaticAnalysis.shared(package: declaration.package, options: declaration.options), declaration)
        } catch {
            return [
                input.finding(
                    rule, .failed, subject: "the package at \(declaration.package.path)",
                    expected: "it builds with -strict-concurrency=complete", observed: "\(error)")
            ]
        }
    }
}
