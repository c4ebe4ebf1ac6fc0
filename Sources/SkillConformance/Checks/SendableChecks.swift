import SkillKit

// SEND-2: concurrent calls to `execute` on one instance are race-free and give the outputs sequential
// calls give. (SEND-1 and SEND-3 are compile-time rules: see Static/.)

@available(SkillCheckTesting, *)
extension SkillConformance {
    static let stressChecks: [ConformanceCheck] = [
        ConformanceCheck("SEND-2") { input in await concurrentCalls(input) },
        ConformanceCheck("SEND-4") { input in await serializable(input) },
        ConformanceCheck("SEND-5") { input in await orderIndependent(input) },
    ]

    /// Why SEND-2 skips a skill that sleeps on a real clock.
    static let realSleepStressReason =
        "the skill sleeps on a real clock (TIME-1 reports it), and SEND-2's \(stressCalls) calls run on real threads, where the "
        + "kit cannot move that sleep onto virtual time: they would wait for it for real; SEND-4 and SEND-5 judge its "
        + "concurrency on the virtual clock"

    /// Why SEND-2 skips a skill whose calls one after another on one instance outlast the stress run's real time.
    static let sequentialStallReason =
        "calls on an instance that has served one before wait for real time (a rate limiter that sleeps on a real "
        + "clock since the last call, a lock or a queue kept across calls), so the concurrent calls could not be "
        + "compared with sequential ones; sleep on context.clock, which the checks run on virtual time"

    /// How many calls a stress run makes, sequentially and then concurrently.
    package static let stressCalls = 64

    /// The handled samples, cycled to ``stressCalls`` calls, one after another on one instance and then
    /// all at once on another. The concurrent outputs must be the same multiset as the sequential ones;
    /// run under ThreadSanitizer (`swift test --sanitize=thread`), a data race also fails the process.
    static func concurrentCalls(_ input: ConformanceCheck.Input) async -> [Finding] {
        let (samples, missing) = await workingSamples(input, rule: "SEND-2")
        if let missing { return [missing] }
        let subject =
            "\(stressCalls) calls of execute on one instance, with inputs "
            + samples.map(quoted).joined(separator: ", ")
        let expected = "the same outputs as \(stressCalls) calls one after another"
        // Each sample must first run to its end on the virtual clock: a run that hangs, runs on or leaves
        // the clock is another rule's finding, and would not end here either.
        for sample in samples {
            let probe = await Probe.run(
                input.skill, input: SkillInput(rawText: sample), limits: input.limits,
                setUp: nil)
            switch probe {
            case .failure(let failure):
                return [input.unended("SEND-2", subject: subject, expected: expected, failure)]
            case .success(let run) where run.reads.contains(where: { $0.kind == .realSleep }):
                // The stress run's calls run on real threads, where nothing can move a real sleep onto virtual time.
                return [
                    input.finding(
                        "SEND-2", .skipped(reason: realSleepStressReason), subject: subject, expected: expected,
                        observed: "sample \(quoted(sample)) sleeps on a real clock")
                ]
            case .success: continue
            }
        }
        let seed = input.limits.seed
        let stress: ConcurrencyStress
        switch await ConcurrencyStress.run(
            input.skill, samples: samples, calls: stressCalls, seed: seed, limit: input.limits.realStress,
            reply: await input.skill.workingReply(limits: input.limits))
        {
        case .success(let run):
            stress = run
        case .failure(let unfinished) where unfinished.sequential:
            // Not a race: calls one after another on one instance wait for real time, which says nothing of them at once.
            return [
                input.finding(
                    "SEND-2", .skipped(reason: sequentialStallReason), subject: subject, expected: expected,
                    observed: "the \(stressCalls) calls one after another on one instance did not end within "
                        + "\(input.limits.realStress) of real time (\(unfinished.ended) had ended), though each sample ends "
                        + "alone on a fresh instance",
                    seed: seed)
            ]
        case .failure:
            return [
                input.finding(
                    "SEND-2", .failed, subject: subject, expected: expected,
                    observed: "the calls did not all end within \(input.limits.realStress) of real time "
                        + "when run concurrently, though each ends alone and one after another: they wait on each other",
                    seed: seed)
            ]
        }
        if let (call, first, second) = zip(stress.sequential, stress.sequentialAgain).enumerated()
            .first(where: { $0.element.0 != $0.element.1 }).map({ ($0.offset + 1, $0.element.0, $0.element.1) })
        {
            // Say what differed and where to look; and since the determinism rule may have run the sample only
            // twice, close together, it gets this evidence too, so that the two rules never disagree.
            let (one, two) = quotedApart(first, second)
            let observed =
                "call \(call) of two sequential passes on fresh instances gave \(one) the first time and "
                + "\(two) the second: something outside the skill's context differs from run to run (the real "
                + "clock, UUID() or .random, which TIME-1 lists in the source; or state in a static or a global that "
                + "instances share)"
            let tool = input.skill.kind == .tool
            return [
                input.finding(
                    "SEND-2", .skipped(reason: ProbeFailure.nondeterministicReason), subject: subject,
                    expected: expected, observed: observed, seed: seed),
                input.finding(
                    tool ? "TOOL-5" : "TIME-2", tool ? .failed : .warning,
                    subject: "SEND-2's two sequential passes of \(stressCalls) calls on fresh instances",
                    expected: "the same outputs both times", observed: observed, seed: seed),
            ]
        }
        let (missingOutputs, extraOutputs) = ConcurrencyStress.difference(stress.sequential, stress.concurrent)
        if missingOutputs.isEmpty && extraOutputs.isEmpty {
            let distinct = Set(stress.concurrent).count
            return [
                input.finding(
                    "SEND-2", .passed, subject: subject, expected: expected,
                    observed: "the same \(stressCalls) outcomes (\(distinct) distinct)", seed: seed)
            ]
        }
        let observed =
            "concurrent calls gave " + extraOutputs.prefix(3).joined(separator: "; ")
            + " where sequential calls gave " + missingOutputs.prefix(3).joined(separator: "; ")
            + (extraOutputs.count > 3 || missingOutputs.count > 3 ? " (and more)" : "")
        return [input.finding("SEND-2", .failed, subject: subject, expected: expected, observed: observed, seed: seed)]
    }
}
