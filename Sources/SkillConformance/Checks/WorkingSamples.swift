import SkillKit
import SkillTesting

// Which handled samples reach a skill's work, and META-8 (SHOULD): at least one does.

@available(SkillCheckTesting, *)
extension SkillConformance {
    static let sampleChecks: [ConformanceCheck] = [
        ConformanceCheck("META-8") { input in await samplesReachWork(input) }
    ]

    /// At most this many derived inputs that reach the work are used, for a skill that declares no samples.
    static let derivedSampleLimit = 4

    /// The handled samples a rule that runs the skill judges: those whose run with working fakes got past
    /// the skill's input checks (did not end in `SkillError.invalidInput` before any storage operation,
    /// request or sleep). A skill that declares no samples gets inputs derived from its keywords
    /// (``SampleDerivation``). With none that reaches the work, the rule is `skipped` (never a pass or
    /// "not applicable"), naming META-8, which warns for the same cause.
    static func workingSamples(_ input: ConformanceCheck.Input, rule: String) async -> ([String], Finding?) {
        let (runs, missing) = await workingRuns(input, rule: rule)
        return (runs.map(\.sample), missing)
    }

    /// ``workingSamples(_:rule:)`` with the run each sample was judged by (working fakes, nothing cancelled
    /// or failed), for the rules that go on from that run's suspension points.
    static func workingRuns(
        _ input: ConformanceCheck.Input, rule: String
    ) async
        -> ([(sample: String, run: Result<GatedRun, ProbeFailure>)], Finding?)
    {
        let (candidates, missing) = handledSamples(input, rule: rule)
        if let missing { return ([], missing) }
        let derived = declaresNoSamples(input.skill)
        var working: [(sample: String, run: Result<GatedRun, ProbeFailure>)] = []
        for sample in candidates {
            let run = await GatedRun.run(input.skill, input: SkillInput(rawText: sample), limits: input.limits)
            // A run that did not end is the rule's to judge (a hang, work off the clock).
            if case .success(let observed) = run, observed.rejectedBeforeWork { continue }
            working.append((sample, run))
            if derived && working.count == derivedSampleLimit { break }
        }
        guard working.isEmpty else { return (working, nil) }
        let reason =
            input.skill.kind == .tool
            ? "the tool rejected every sample argument with SkillError.invalidInput before any work (TOOL-3 fails); "
                + "declare `sampleArguments` it accepts"
            : "every handled sample (\(candidates.map(quoted).joined(separator: ", "))) ended in SkillError.invalidInput before "
                + "any storage operation, request or sleep, so no run reached the skill's work (META-8 warns); declare `samples` that do"
        return (
            [],
            input.finding(
                rule, .skipped(reason: reason), subject: "every handled sample",
                expected: "a sample that gets past the skill's input checks", observed: reason)
        )
    }

    /// Why a run of `sample` with the working fakes says nothing of the work a rule is about, or `nil` when it
    /// ended in an output, a cancellation or `SkillError.invalidInput` (the skill's answer to that input, even
    /// after an audit write): it threw, so what the skill does after that point (its later awaits, writes and
    /// answer) was never reached. `unreached` says what a rule therefore did not check.
    ///
    /// The reason names ERR-1 only when the error was let through raw (ERR-1 fails for it), so a report never
    /// points at a rule that passed.
    static func failedWithWorkingFakes(_ ending: Probe.Ending, twice: Bool = false, unreached: String) -> String? {
        guard case .threw(let thrown) = ending, !thrown.isCancellation else { return nil }
        if case .invalidInput = thrown.skillError { return nil }
        return "the sample failed \(twice ? "both times " : "")with the working fakes (threw \(thrown)), so \(unreached): "
            + "the reply the kit fitted does not get this skill to its work"
            + (thrown.skillError == nil
                ? " (ERR-1 reports the error it let through)"
                : "; a sample that needs stored documents declares them in `SkillSamples(storage:)`")
    }

    /// Whether the skill keeps the default samples (one per keyword), that is, declares none of its own.
    static func declaresNoSamples(_ subject: SkillUnderTest) -> Bool {
        guard subject.kind == .agent else { return false }
        let skill = subject.instance(in: .virtual(clock: VirtualClock()))
        return skill.samples == .derived(from: skill.keywords)
    }

    /// META-8: at least one handled sample reaches the skill's work.
    static func samplesReachWork(_ input: ConformanceCheck.Input) async -> [Finding] {
        let (candidates, missing) = handledSamples(input, rule: "META-8")
        if let missing { return [missing] }
        let source = declaresNoSamples(input.skill) ? "derived from its keywords (it declares no samples)" : "declared"
        var rejected: [String] = []
        for sample in candidates {
            switch await GatedRun.run(input.skill, input: SkillInput(rawText: sample), limits: input.limits) {
            case .success(let run) where run.rejectedBeforeWork:
                rejected.append(sample)
                continue
            case .success(let run):
                let work =
                    run.points.first.map { "reached its work (\($0.description))" }
                    ?? "got past its input checks (\(describe(run.ending)), with no I/O)"
                return [
                    input.finding(
                        "META-8", .passed, subject: "handled samples, \(source)",
                        expected: "at least one sample that gets past the skill's input checks",
                        observed: "\(input.sampleLabel(sample)) \(work)")
                ]
            case .failure:
                // The run did not end: it got past the input checks, and HANG-1 or TIME-1 reports the rest.
                return [
                    input.finding(
                        "META-8", .passed, subject: "handled samples, \(source)",
                        expected: "at least one sample that gets past the skill's input checks",
                        observed: "\(input.sampleLabel(sample)) got past its input checks (its run did not end)")
                ]
            }
        }
        return [
            input.finding(
                "META-8", .warning, subject: "handled samples, \(source)",
                expected: "at least one sample that gets past the skill's input checks",
                observed: "every one ended in SkillError.invalidInput before any storage operation, request or sleep: "
                    + rejected.map(quoted).joined(separator: ", ")
                    + "; the rules that run the skill (CAN, ERR-1, TIME, SEND-2) had nothing to run")
        ]
    }
}
