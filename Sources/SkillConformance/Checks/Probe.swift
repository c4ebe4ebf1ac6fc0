import Foundation
import SkillCheckSupport
import SkillEngine
import SkillKit
import SkillTesting

/// One run of a skill's `execute` on virtual time, in fresh fakes, and what it did.
@available(SkillCheckTesting, *)
struct Probe: Sendable {
    /// How the run ended.
    enum Ending: Sendable {
        case output(SkillOutput)
        case threw(ThrownError)

        /// The ending as two runs are compared: an output's JSON text with its keys in one order
        /// (``JSON/comparable(_:)``), since a dictionary's encoding order changes from run to run.
        var comparable: Ending {
            guard case .output(let output) = self else { return self }
            return .output(output.comparable)
        }
    }

    var ending: Ending
    /// Whether the check cut the run (cancelled it) when its virtual time limit passed.
    var wasCut: Bool
    var storeLog: [InMemoryDataStore.Operation]
    var requestCount: Int
    /// The requests the run sent, in order.
    var requests: [NetworkRequest] = []
    /// What the run left behind, by JSON-pointer-like path: `/storage/notes/0/id`, `/requests/0`, …
    var sideEffects: [(path: String, value: String)]
    /// What the skill's side read of the real world (``RealWorldObservation``).
    var reads: [RealWorldRead] = []
    /// The run on virtual time.
    var timeline: RunTimeline?
    /// The unstructured tasks the skill started that were still running when it answered (by the scheduler's label).
    var leftRunning: [String] = []

    /// Runs `skill` once: `setUp` prepares the fakes; `cutAfter` cancels the run after that much virtual
    /// time, as the engine's timeout does. Returns the failure text when the run could not be observed
    /// (it stalled, or work left the virtual clock): a check reports that as a failure, never a pass.
    /// `wallClockOffset` moves the wall clock the skill sees (a run compared with another is moved differently).
    /// What `setUp` leaves unanswered gets `reply`, by default the skill's working reply
    /// (``SkillUnderTest/workingReply(limits:)``). Without `setUp` the fakes work: nothing is injected, storage accepts
    /// everything, and the run is kept as the first on its input (``FirstRuns``) when none came before it.
    static func run(
        _ subject: SkillUnderTest,
        input: SkillInput,
        cutAfter: Duration? = nil,
        limits: CheckLimits,
        wallClockOffset: Duration = .zero,
        reply: String? = nil,
        toolCall: WorkingReply.ToolCall? = nil,
        setUp: (@Sendable (InMemoryDataStore, FakeNetworkService) -> Void)?
    ) async -> Result<Probe, ProbeFailure> {
        let fit = if let reply { WorkingReply.Fit(body: reply, toolCall: toolCall) } else { await subject.workingFit(limits: limits) }
        let working = setUp == nil && cutAfter == nil && wallClockOffset == .zero
        let cancelled = CancellationMark()
        let observation = RealWorldObservation(wallClockOffset: wallClockOffset)
        let timeline = ProbeTimeline()
        do {
            var probe = try await withVirtualTime(stallTimeout: limits.realStall, realTimeLimit: limits.realRun) { clock in
                let store = InMemoryDataStore(clock: clock)
                let network = FakeNetworkService(clock: clock)
                subject.seed(store)
                setUp?(store, network)
                // What `setUp` leaves unanswered gets the skill's working reply (a stub added later matches last).
                fit.stub(network)
                timeline.start(clock: clock, stores: [store], networks: [network], call: ProbeTimeline.call(input), cutAfter: cutAfter)
                let context = subject.prepared(SkillContext.virtual(clock: clock, storage: store, networkService: network))
                let skill = subject.instance(in: context)
                let leftRunning = Locked<[String]>([])
                let (ending, wasCut) = await execute(
                    skill, input: input, context: context, clock: clock, cutAfter: cutAfter, cancelled: cancelled,
                    observation: observation, timeline: timeline, leftRunning: leftRunning)
                timeline.ended(ending)
                if working {
                    subject.firstRuns.record(
                        .init(sample: input.rawText, fit: fit), operations: FirstRuns.operations(store: store, networks: [network]))
                }
                return Probe(
                    ending: ending, wasCut: wasCut, storeLog: store.log, requestCount: network.requests.count,
                    requests: network.requests, sideEffects: effects(store: store, network: network),
                    leftRunning: leftRunning.withLock { $0 })
            }
            probe.reads = observation.finish(sample: input.rawText, leftRunning: probe.leftRunning.count)
            probe.timeline = timeline.finish()
            return .success(probe)
        } catch {
            return .failure(
                ProbeFailure(error, afterCancellation: cancelled.isSet, observation: observation, sample: input.rawText, timeline: timeline)
            )
        }
    }

    private static func execute(
        _ skill: any AgentSkill, input: SkillInput, context: SkillContext, clock: VirtualClock, cutAfter: Duration?,
        cancelled: CancellationMark, observation: RealWorldObservation, timeline: ProbeTimeline, leftRunning: Locked<[String]>
    ) async -> (Ending, Bool) {
        // The tasks the skill started that still run as it answers: read before any other job runs.
        let answered: @Sendable () async -> Ending = {
            let ending = await capture(skill, input, context, observation)
            let running = clock.scheduler.unstructuredTasksRunning
            leftRunning.withLock { $0 = running }
            return ending
        }
        guard let cutAfter else { return (await answered(), false) }
        return await withTaskGroup(of: Ending?.self) { group in
            group.addTask { await answered() }
            group.addTask {
                try? await clock.sleep(for: cutAfter)
                return nil
            }
            var ending: Ending?
            var wasCut = false
            while let next = await group.next() {
                if let next {
                    ending = next
                } else if ending == nil {
                    wasCut = true
                    cancelled.set()
                    timeline.mark("the check cancelled the run")
                }
                group.cancelAll()
            }
            // The skill's child always yields an ending; the timer's never does.
            return (ending ?? .threw(ThrownError(CancellationError())), wasCut)
        }
    }

    static func effects(store: InMemoryDataStore, network: FakeNetworkService) -> [(path: String, value: String)] {
        var effects: [(path: String, value: String)] = []
        for (collection, documents) in store.snapshot().sorted(by: { $0.key < $1.key }) {
            for (index, document) in documents.enumerated() {
                effects.append(("/storage/\(collection)/\(index)/id", document.id))
                effects.append(("/storage/\(collection)/\(index)/data", JSON.comparable(String(decoding: document.data, as: UTF8.self))))
            }
        }
        for (index, request) in network.requests.enumerated() {
            effects.append(
                (
                    "/requests/\(index)",
                    "\(request.method.rawValue) \(request.comparableURL) \(JSON.comparable(String(decoding: request.body ?? Data(), as: UTF8.self)))"
                ))
        }
        return effects
    }

    /// Runs the skill's `execute` in `observation`, its result or error as an ending.
    static func capture(
        _ skill: any AgentSkill, _ input: SkillInput, _ context: SkillContext, _ observation: RealWorldObservation
    ) async -> Ending {
        await observation.during(skill) {
            do {
                return .output(try await skill.execute(input: input, context: context))
            } catch {
                return .threw(ThrownError(error))
            }
        }
    }
}

/// Whether a check has cancelled the skill's run: set from inside the run, read after it failed.
@available(SkillCheckTesting, *)
final class CancellationMark: Sendable {
    private let flag = Locked(false)
    func set() { flag.withLock { $0 = true } }
    var isSet: Bool { flag.withLock { $0 } }
}

/// A run that could not be observed to its end.
@available(SkillCheckTesting, *)
struct ProbeFailure: Error, Sendable {
    var text: String
    /// The run never ended: nothing runnable, no sleeper and nothing came back; or virtual time ran on
    /// without end; or, before any cancellation, real time ran out (HANG-1's finding).
    var neverEnded: Bool
    /// The run kept going after the check cancelled it, until the real-time watchdog ended it (CAN-2's).
    var ranOnAfterCancellation: Bool
    /// Work left the virtual clock: a real sleep cut short, an unstructured task, a hop elsewhere (TIME-1's finding).
    var escapes: [DeterministicScheduler.Escape]
    /// Sleeps on a real clock that lasted as long on the virtual clock, made outside the run's observation (which
    /// notes the others as reads): TIME-1's finding, but the run failed or ended for what it did, not for them.
    var realSleeps: [DeterministicScheduler.Escape] = []
    /// Unstructured tasks the skill started that were still running when the run's scope ended (TIME-1's finding).
    var leftRunning: [String] = []
    /// What the skill's side read of the real world before the run failed.
    var reads: [RealWorldRead] = []
    /// The run up to where it stopped.
    var timeline: RunTimeline?

    /// The failure of a run on `sample` that `observation` watched: ends the observation, handing its
    /// reads and this failure's escapes to the check that ran it.
    init(
        _ error: any Error, afterCancellation: Bool, observation: RealWorldObservation, sample: String,
        timeline: ProbeTimeline? = nil
    ) {
        self.init(error, afterCancellation: afterCancellation)
        reads = observation.finish(sample: sample, failure: self)
        if let timeline {
            timeline.add("check", "the run did not end: \(text)")
            self.timeline = timeline.finish()
        }
    }

    init(_ error: any Error, afterCancellation: Bool = false) {
        text = "\(error)"
        neverEnded = false
        ranOnAfterCancellation = false
        escapes = []
        switch error {
        case VirtualClockError.stalled, VirtualClockError.horizonExceeded, VirtualClockError.tooManyWakes:
            neverEnded = true
        case VirtualClockError.overran:
            if afterCancellation { ranOnAfterCancellation = true } else { neverEnded = true }
        case VirtualClockError.escaped(let found): escapes = found
        case let leftovers as VirtualTimeLeftovers:
            escapes = leftovers.escapes.filter { !$0.ranOnVirtualTime }
            realSleeps = leftovers.escapes.filter(\.ranOnVirtualTime)
            leftRunning = leftovers.tasks.filter { $0.hasPrefix(DeterministicScheduler.unstructuredTaskLabel) }
        default: break
        }
    }

    /// The rule that reports this failure; `nil` when every rule reports it.
    var owner: String? {
        if !escapes.isEmpty || !leftRunning.isEmpty { return "TIME-1" }
        if ranOnAfterCancellation { return "CAN-2" }
        if neverEnded { return "HANG-1" }
        return nil
    }

    /// Why the other rules could not judge a run that `owner` reports.
    static func reason(owner: String) -> String {
        switch owner {
        case "TIME-1": escapeReason
        case "CAN-2": ranOnReason
        default: hangReason
        }
    }

    /// The reason other rules give when a run hung: HANG-1 reports the hang, they cannot judge the run.
    static let hangReason = "the run hung, so this rule could not be judged; HANG-1 reports the hang"
    /// The reason other rules give when work left the virtual clock: TIME-1 reports it.
    static let escapeReason =
        "work left the virtual clock, or a task the skill started was left running, so this rule could not be judged; TIME-1 reports it"
    /// The reason SEND-2 gives when two sequential runs differ: TIME-2 reports that.
    static let nondeterministicReason =
        "two sequential runs on fresh instances gave different outputs, so the "
        + "concurrent outputs could not be compared with them: the skill reads time, ids or randomness outside "
        + "its context (TIME-2 reports that; TOOL-5 for a tool skill), or it was given as one value that keeps state between calls in a "
        + "class it holds (give a factory instead: SkillUnderTest { _ in MySkill() })"
    /// The reason other rules give when a run went on after it was cancelled: CAN-2 reports it.
    static let ranOnReason = "the run kept going after it was cancelled, so this rule could not be judged; CAN-2 reports it"
}

@available(SkillCheckTesting, *)
extension ConformanceCheck.Input {
    /// The finding of a run that did not end: failed for the rule that reports that kind of failure
    /// (``ProbeFailure/owner``), skipped with a reason pointing at it for the others.
    func unended(
        _ ruleID: String, subject: String, expected: String, _ failure: ProbeFailure, virtual: Bool = false,
        virtualLimit: Duration? = nil
    ) -> Finding {
        let outcome: Finding.Outcome =
            if let owner = failure.owner, owner != ruleID { .skipped(reason: ProbeFailure.reason(owner: owner)) } else { .failed }
        return finding(
            ruleID, outcome, subject: subject, expected: expected,
            observed: "the run did not end: \(failure.text)", virtual: virtual, virtualLimit: virtualLimit, run: failure.timeline)
    }
}

/// An error a skill threw, described without keeping the error itself.
@available(SkillCheckTesting, *)
struct ThrownError: Sendable, CustomStringConvertible {
    var typeName: String
    var skillError: SkillError?
    var isCancellation: Bool
    var text: String

    init(_ error: any Error) {
        typeName = String(reflecting: type(of: error))
        skillError = error as? SkillError
        isCancellation = error is CancellationError
        text = "\(error)"
    }

    var description: String { skillError.map { "SkillError.\($0)" } ?? "\(typeName): \(text)" }
}

/// The time limits every check uses.
///
/// ```swift
/// let limits = CheckLimits(realStall: .milliseconds(500))
/// ```
@available(SkillCheckTesting, *)
public struct CheckLimits: Sendable, Hashable {
    /// The engine timeout a hung request is cut by, on virtual time.
    public var engineTimeout: Duration
    /// Real time without progress after which a run counts as stalled (work outside the scheduler, or a
    /// continuation never resumed).
    public var realStall: Duration
    /// The watchdog: real time a run may take in all.
    ///
    /// A run still going after it is a loop that never ends in virtual time (HANG-1, or CAN-2 once the check
    /// has cancelled it).
    public var realRun: Duration
    /// Virtual time a skill may take to end once cancelled (CAN-2).
    public var afterCancellation: Duration
    /// Real time SEND-2's stress run (on real threads, so no virtual clock bounds it) may take in all.
    ///
    /// The run keeps to threads of its own, so other work in the process never queues ahead of it; the limit is
    /// still generous, since those threads share the machine's cores with whatever else runs.
    public var realStress: Duration
    /// The seed of the checks' randomness (the order SEND-2 starts its concurrent calls in).
    ///
    /// Every finding that used it reports it, so a failure can be replayed.
    public var seed: UInt64
    /// How many schedules SEND-4 and SEND-5 explore for each request (CAN-2..4 and ERR-1 take a share of it per await), each picked from ``seed``.
    public var schedules: Int

    public init(
        engineTimeout: Duration = .seconds(10), realStall: Duration = .seconds(1), realRun: Duration = .seconds(5),
        afterCancellation: Duration = .seconds(1), realStress: Duration = .seconds(30), seed: UInt64 = 0x5EED
    ) {
        self.init(
            engineTimeout: engineTimeout, realStall: realStall, realRun: realRun, afterCancellation: afterCancellation,
            realStress: realStress, seed: seed, schedules: 24)
    }

    /// Limits with a schedule budget for SEND-4 and SEND-5 (``schedules``), such as `CheckLimits(seed: 7, schedules: 200)`.
    public init(
        engineTimeout: Duration = .seconds(10), realStall: Duration = .seconds(1), realRun: Duration = .seconds(5),
        afterCancellation: Duration = .seconds(1), realStress: Duration = .seconds(30), seed: UInt64 = 0x5EED,
        schedules: Int
    ) {
        self.schedules = max(1, schedules)
        self.realStress = realStress
        self.engineTimeout = engineTimeout
        self.realStall = realStall
        self.realRun = realRun
        self.afterCancellation = afterCancellation
        self.seed = seed
    }

    /// The limits a finding reports: `virtual` is the virtual bound the check applied, if any.
    func finding(virtual: Duration?) -> Finding.Limits {
        Finding.Limits(
            virtualSeconds: virtual.map(\.inSeconds),
            realStallSeconds: realStall.inSeconds,
            realRunSeconds: realRun.inSeconds
        )
    }
}

@available(SkillCheckTesting, *)
extension SkillOutput {
    /// The output as two runs are compared: its summary and detail, when JSON text, with their keys in one
    /// order (``JSON/comparable(_:)``), since a dictionary's encoding order changes from run to run.
    var comparable: SkillOutput {
        var output = self
        output.summary = JSON.comparable(summary)
        output.detail = detail.map(JSON.comparable)
        return output
    }
}
