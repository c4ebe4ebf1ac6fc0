import SkillKit

// HANG-1: a skill is never left suspended with nothing to resume it.

@available(SkillCheckTesting, *)
extension SkillConformance {
    static let hangChecks: [ConformanceCheck] = [
        ConformanceCheck("HANG-1") { input in await neverHangs(input) }
    ]

    /// Each handled sample with working fakes, under each injected fault, cancelled while it waits, cancelled
    /// at each of its awaits in turn, and with each request after the first hung alone.
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
            // Each run: what was done, whether the engine's timeout cut it, how it ended, and what a hang there says to do.
            var runs: [(String, Bool, Result<Void, ProbeFailure>, String?)] = []
            let healthy = await Probe.run(input.skill, input: skillInput, limits: input.limits, setUp: nil)
            runs.append(("working fakes", false, healthy.map { _ in }, nil))
            for fault in InjectedFault.all {
                let result = await Probe.run(
                    input.skill, input: skillInput, cutAfter: fault.cut ? input.limits.engineTimeout : nil,
                    limits: input.limits, setUp: fault.setUp)
                runs.append((fault.name, fault.cut, result.map { _ in }, nil))
            }
            let cancelled = await CancellationProbe.run(input.skill, input: skillInput, beforeStart: false, limits: input.limits)
            runs.append(("cancelled while it waits", false, cancelled.map { _ in }, nil))
            // Cancelled at each await in turn too, as CAN-2/3/4 cancel it: a skill that ends when cancelled at its first
            // request may wait forever at its second (the rules that find that hang say HANG-1 reports it).
            if case .success(let observed) = await GatedRun.run(input.skill, input: skillInput, limits: input.limits) {
                let points = observed.points.prefix(AwaitGate.probedPoints)
                for point in points {
                    let result = await GatedRun.run(
                        input.skill, input: skillInput, action: .cancel(at: .index(point.index)), limits: input.limits)
                    runs.append(
                        ("cancelled while awaiting \(pointLabel(point, of: observed.points.count))", false, result.map { _ in }, nil))
                }
                // A request after the first that never answers, every other one answering, cut as the engine cuts it: a
                // skill that waits on a Task {} for it (which the engine's cancellation never reaches) waits forever,
                // where a hung first request ends it. ERR-1's run of the same fault points here.
                for point in points.filter(\.isRequest).dropFirst() {
                    let result = await GatedRun.run(
                        input.skill, input: skillInput, action: .fault(.hungRequest, at: .index(point.index)),
                        cutAfter: input.limits.engineTimeout, limits: input.limits)
                    let label = pointLabel(point, of: observed.points.count)
                    runs.append(("\(InjectedFault.hungRequest.name) at \(label)", true, result.map { _ in }, laterRequestHint))
                }
            }
            for (scenario, cut, result, hint) in runs {
                let subject = "\(scenario), \(input.sampleLabel(sample))"
                switch result {
                case .success:
                    findings.append(
                        input.finding(
                            "HANG-1", .passed, subject: subject, expected: expected,
                            observed: "it ended", virtual: cut))
                case .failure(let failure):
                    var finding = input.unended("HANG-1", subject: subject, expected: expected, failure, virtual: cut)
                    if let hint, finding.outcome == .failed { finding.observed += "; " + hint }
                    findings.append(finding)
                }
            }
        }
        if let sample = samples.first, let loop = await stopsCallingTools(input, sample: sample) { findings.append(loop) }
        return findings
    }

    /// What a hang under a later request hung alone says: what was cut was not what waits.
    static let laterRequestHint =
        "the engine's cut cancelled the skill but not the request it waits for: send each request in a task group "
        + "(or async let), whose children are cancelled with it, or cancel a Task {} in withTaskCancellationHandler"

    /// How many answers in a row call a tool before HANG-1's insistent model answers in text: more rounds than
    /// the caps tool loops are given (seed 002's `maxIterations`; LangGraph's 25, smolagents' 20, the OpenAI Agents
    /// SDK's 10), so a loop that asks again after all of them has none.
    static let insistentToolCalls = 100
    /// How long each of the insistent model's answers takes, in virtual time: about what a model takes to answer.
    static let insistentAnswerTime: Duration = .seconds(2)

    /// A tool loop (seed 002) whose model calls the first tool offered in every answer: the loop must stop asking after a
    /// cap on its rounds, or "thinking" never ends while the model keeps calling tools. `nil` when the working
    /// reply has no tool call (not a tool loop, or not under `skillcheck`, which asks for the trial).
    static func stopsCallingTools(_ input: ConformanceCheck.Input, sample: String) async -> Finding? {
        let fit = await input.skill.workingFit(limits: input.limits)
        let rounds = insistentToolCalls
        guard let call = fit.toolCall, var model = WorkingReply.callingModel(call, body: fit.body, rounds: rounds) else { return nil }
        // Each answer takes a model's time, so a loop that stops on a time budget (on its context's clock) stops here too.
        model.latency = insistentAnswerTime
        // A trap in the tool's work here is the tool-call trial's, as in the fitting: skillcheck reruns without it.
        CrashReport.announceToolCallTrial(tool: call.tool)
        defer { CrashReport.announceToolCallTrial(tool: nil) }
        let result = await Probe.run(input.skill, input: SkillInput(rawText: sample), limits: input.limits, reply: fit.body) {
            [model] _, network in network.stub(model)
        }
        let subject =
            "a model that calls a tool in each of \(rounds) answers (first \(quoted(call.tool))), \(insistentAnswerTime) each, "
            + input.sampleLabel(sample)
        let expected = "the loop stops asking the model after a cap on its rounds, fewer than \(rounds)"
        switch result {
        case .failure(let failure):
            return input.unended("HANG-1", subject: subject, expected: expected, failure)
        case .success(let probe):
            let asked = probe.requests.filter { $0.method == .post && $0.url.path == call.path }.count
            guard asked > rounds else {
                return input.finding(
                    "HANG-1", .passed, subject: subject, expected: expected,
                    observed: "it stopped after asking \(asked) time\(asked == 1 ? "" : "s")")
            }
            return input.finding(
                "HANG-1", .failed, subject: subject, expected: expected,
                observed: "it asked \(asked) times, once after each answer that called the tool: the loop has no cap on its "
                    + "rounds, so a model that keeps calling tools keeps it running (and paying) until something outside "
                    + "cuts it; count the rounds and end with an error or the last answer after a few (seed 002's maxIterations)",
                run: probe.timeline)
        }
    }
}
