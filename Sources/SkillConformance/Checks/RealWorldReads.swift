import Foundation
import SkillCheckSupport
import SkillKit
import SkillTesting

/// What every run of one check saw of the real world, for the rules that own it: a read of the wall clock or
/// of system randomness, or work that left the virtual clock, is TIME-1's; a file or a socket, IO-1's.
///
/// A check that is not those rules still runs the skill down paths they never take (a fault, a cancellation,
/// a timeout); what it sees there becomes a failed finding of the owning rule in its own results, naming the
/// check and the sample, so that a read on a fault path fails TIME-1 and a skip that points to TIME-1 never
/// points to a pass.
@available(SkillCheckTesting, *)
final class CheckObservations: Sendable {
    @TaskLocal static var current: CheckObservations?

    private struct Seen: Sendable {
        var sample: String
        var reads: [RealWorldRead]
        var escapes: [String]
    }

    let ruleID: String
    private let seen = Locked<[Seen]>([])

    init(ruleID: String) { self.ruleID = ruleID }

    /// Adds one run's reads and escapes, on `sample`.
    func add(sample: String, reads: [RealWorldRead], escapes: [String] = []) {
        guard !reads.isEmpty || !escapes.isEmpty else { return }
        seen.withLock { $0.append(Seen(sample: sample, reads: reads, escapes: escapes)) }
    }

    /// The failed findings of TIME-1 and IO-1 for what this check's runs saw, one per call site and kind
    /// (or escape); none for TIME-1 and IO-1 themselves, which judge the same runs in their own findings.
    func findings(_ input: ConformanceCheck.Input) -> [Finding] {
        guard !Self.ownRules.contains(ruleID) else { return [] }
        var findings: [Finding] = []
        var reported = Set<String>()
        for run in seen.withLock({ $0 }) {
            let subject = "\(ruleID)'s run on \(input.sampleLabel(run.sample))"
            // A call site's files once: their names may be new each run (an atomic write's temporary file).
            for read in run.reads where reported.insert("\(read.kind) \(read.callSite) \(read.kind == .file ? "" : read.detail)").inserted {
                findings.append(Self.finding(for: read, subject: subject, input))
            }
            for escape in run.escapes where reported.insert(escape).inserted {
                findings.append(
                    input.finding(
                        "TIME-1", .failed, subject: subject, expected: SkillConformance.timeExpected,
                        observed: "skill \"\(input.skill.id)\": \(escape)"))
            }
        }
        return findings
    }

    /// A "not applicable" this check concluded from runs that read the real world, made a skip: the read (the
    /// wall clock a rate limiter consults, a file that is not there) may have steered the skill away from the
    /// work the rule judges, so "nothing to judge" would be a claim the runs cannot back.
    func steered(_ findings: [Finding]) -> [Finding] {
        guard !Self.ownRules.contains(ruleID), let read = seen.withLock({ $0.lazy.flatMap(\.reads).first }) else { return findings }
        let owner = read.kind.isTime ? "TIME-1" : "IO-1"
        return findings.map { finding in
            guard finding.ruleID == ruleID, finding.outcome == .notApplicable else { return finding }
            var steered = finding
            steered.outcome = .skipped(
                reason: "\(finding.observed), but these runs read \(read.kind.rawValue) (\(owner) reports it), which can steer "
                    + "a skill away from the work the rule judges")
            return steered
        }
    }

    /// The rules whose own runs judge reads: a check of theirs reports no one else's finding.
    static let ownRules = SkillConformance.realWorldRuleIDs

    /// The finding of `read`: TIME-1's for the wall clock and randomness, IO-1's for files and sockets.
    static func finding(for read: RealWorldRead, subject: String, _ input: ConformanceCheck.Input) -> Finding {
        let isTime = read.kind.isTime
        return input.finding(
            isTime ? "TIME-1" : "IO-1", .failed, subject: subject,
            expected: isTime ? SkillConformance.timeExpected : SkillConformance.ioExpected,
            observed: "\(read.description); instead, \(read.fix)")
    }
}

@available(SkillCheckTesting, *)
extension RealWorldObservation {
    /// Runs `skill`'s `body` in this observation, the skill's module being its side.
    func during<T>(_ skill: any AgentSkill, _ body: () async throws -> T) async rethrows -> T {
        let owner: Any = (skill as? ToolSkillSubject)?.tool ?? skill
        let module = String(reflecting: type(of: owner)).split(separator: ".").first.map(String.init)
        return try await during(skillModules: Set(module.map { [$0] } ?? []), body)
    }

    /// Ends the observation of a probe's run on `sample`: its reads, also handed with `failure`'s escapes (and
    /// real sleeps) to the check that ran it (``CheckObservations``), and the tasks the skill left running
    /// (`leftRunning` as it answered, or the failure's when the run's scope ended).
    func finish(sample: String, failure: ProbeFailure? = nil, leftRunning: Int = 0) -> [RealWorldRead] {
        let reads = finish()
        var escapes = (failure.map { $0.escapes + $0.realSleeps } ?? []).map(\.description)
        // A task left running is TIME-1's (``ProbeFailure/owner``): a check that skips for it, or whose run answered
        // with it, has TIME-1 fail in its results, on a path (a timeout, a fault) TIME-1's own runs may never take.
        let running = max(leftRunning, failure?.leftRunning.count ?? 0)
        if running > 0 { escapes.append(SkillConformance.leftRunning(running)) }
        CheckObservations.current?.add(sample: sample, reads: reads, escapes: escapes)
        return reads
    }
}

@available(SkillCheckTesting, *)
extension SkillConformance {
    static let timeExpected =
        "no real sleep, no other work leaving the virtual clock, no wall-clock read, no system randomness, and no Task {} of "
        + "the skill's still running when it answers or fails"
    static let ioExpected =
        "no file and no socket outside the context: storage through context.storage, the network through context.networkService"
}
