import Foundation
import SkillCheckSupport
import SkillKit
import SkillTesting

/// One run of a skill on virtual time with its storage, network and clock passed through an
/// ``AwaitGate``: the run's suspension points in order, and what the skill did when the gate cancelled it
/// at one of them or failed one operation.
@available(SkillCheckTesting, *)
struct GatedRun: Sendable {
    var ending: Probe.Ending
    /// The suspension points the run reached, in order.
    var points: [AwaitGate.Point]
    /// Whether the run was cut at the engine timeout (a hung request's fault).
    var wasCut: Bool
    /// Virtual time from the cancellation at the target point to the end of the run; `nil` when the run
    /// ended before it reached the target.
    var endedAfterCancellation: Duration?
    var storeLog: [InMemoryDataStore.Operation]
    var requestCount: Int
    /// Its storage operations, then its requests, as ``FirstRuns`` keeps them.
    var operations: [String] = []
    /// How many operations failed with the check's fault: none when the run never reached its target.
    var faultsInjected = 0
    /// What the skill's side read of the real world (``RealWorldObservation``).
    var reads: [RealWorldRead] = []
    /// The scheduler's choices among two or more ready jobs (``DeterministicScheduler/choices``).
    var choices: [Int] = []
    /// The run on virtual time.
    var timeline: RunTimeline?
    /// The unstructured tasks the skill started that were still running when it answered or threw (by the
    /// scheduler's label).
    var leftRunning: [String] = []
    /// How many unstructured tasks (`Task {}`) the run started.
    var tasksStarted = 0

    /// Whether the skill turned the input away before any work: `SkillError.invalidInput` with no storage
    /// operation, request or sleep before it.
    var rejectedBeforeWork: Bool {
        guard points.isEmpty, case .threw(let thrown) = ending, case .invalidInput = thrown.skillError else { return false }
        return true
    }

    /// The points after the cancellation.
    var pointsAfterCancellation: [AwaitGate.Point] { points.filter(\.afterCancellation) }

    /// Runs `subject` on `input` with working fakes, the gate doing `action`; `cutAfter` cuts the run after
    /// that much virtual time, as the engine's timeout does. Under a `schedule` other than first in, first
    /// out, every working operation takes `latency` of virtual time, so each await is a place where another
    /// of the skill's tasks may run first. `reply`, when given, answers in place of the working reply's body.
    static func run(
        _ subject: SkillUnderTest, input: SkillInput, action: AwaitGate.Action = .observe, cutAfter: Duration? = nil,
        schedule: Schedule = .firstInFirstOut, latency: Duration = .zero, reply: String? = nil, limits: CheckLimits
    ) async -> Result<GatedRun, ProbeFailure> {
        var fit = await subject.workingFit(limits: limits)
        if let reply { fit.body = reply }
        let cancelled = CancellationMark()
        let observation = RealWorldObservation()
        let scheduler = DeterministicScheduler(reportsUnstructuredTasks: true, schedule: schedule)
        let timeline = ProbeTimeline()
        do {
            var run = try await withVirtualTime(
                scheduler: scheduler, stallTimeout: limits.realStall, horizon: .seconds(86_400), realTimeLimit: limits.realRun
            ) { clock in
                let gate = AwaitGate(action, timeline: timeline)
                let store = InMemoryDataStore(clock: clock, latency: latency)
                subject.seed(store)
                let network = FakeNetworkService(clock: clock), faulty = FakeNetworkService(clock: clock)
                fit.stub(network, latency: latency)
                switch action {
                case .fault(let fault, _) where fault.isNetwork: fault.setUp(InMemoryDataStore(clock: clock), faulty)
                case .cancel: faulty.stub(.init(), reply: .hang)
                default: break
                }
                timeline.start(
                    clock: clock, stores: [store], storageLatency: latency, networks: [network, faulty],
                    call: ProbeTimeline.call(input) + Self.conditions(action, schedule), cutAfter: cutAfter)
                var context = SkillContext.virtual(
                    clock: clock, storage: GatedStore(base: store, gate: gate),
                    networkService: GatedNetwork(base: network, faulty: faulty, gate: gate))
                context.clock = GatedClock(base: clock, gate: gate)
                context = subject.prepared(context)
                let skill = subject.instance(in: context)
                let leftRunning = Locked<[String]>([])
                let (ending, wasCut, cancelledAt) = await drive(
                    skill, input: input, context: context, gate: gate, clock: clock,
                    cutAfter: cutAfter, cancelled: cancelled, observation: observation, timeline: timeline, leftRunning: leftRunning)
                timeline.ended(ending)
                let operations = FirstRuns.operations(store: store, networks: [network, faulty])
                if case .observe = action, cutAfter == nil, schedule == .firstInFirstOut, latency == .zero, reply == nil {
                    subject.firstRuns.record(.init(sample: input.rawText, fit: fit), operations: operations)
                }
                return GatedRun(
                    ending: ending, points: gate.points, wasCut: wasCut,
                    endedAfterCancellation: cancelledAt.map { $0.duration(to: clock.now) }, storeLog: store.log,
                    requestCount: network.requests.count + faulty.requests.count, operations: operations,
                    faultsInjected: gate.faultsInjected, leftRunning: leftRunning.withLock { $0 })
            }
            run.reads = observation.finish(sample: input.rawText)
            run.choices = scheduler.choices
            run.tasksStarted = scheduler.unstructuredTasksStarted
            run.timeline = timeline.finish()
            return .success(run)
        } catch {
            return .failure(
                ProbeFailure(error, afterCancellation: cancelled.isSet, observation: observation, sample: input.rawText, timeline: timeline)
            )
        }
    }

    /// What the check does to the run, as its timeline's first event says it: `, cancelled at await 2`.
    private static func conditions(_ action: AwaitGate.Action, _ schedule: Schedule) -> String {
        let target = { (target: AwaitGate.Target) in
            switch target {
            case .index(let index): "await \(index + 1)"
            case .operation(let key): "`\(key)`"
            case .fromIndex(let index): "await \(index + 1) and every later one"
            }
        }
        let what =
            switch action {
            case .observe: ""
            case .cancel(let at): ", cancelled at \(target(at))"
            case .fault(let fault, let at): ", \(fault.name) at \(target(at))"
            }
        return what + (schedule == .firstInFirstOut ? "" : " under schedule \(schedule)")
    }

    private enum Event: Sendable {
        case ended(Probe.Ending)
        case reached(Bool)
        case timer(fired: Bool)
    }

    private static func drive(
        _ skill: any AgentSkill, input: SkillInput, context: SkillContext, gate: AwaitGate, clock: VirtualClock,
        cutAfter: Duration?, cancelled: CancellationMark, observation: RealWorldObservation, timeline: ProbeTimeline,
        leftRunning: Locked<[String]>
    ) async -> (Probe.Ending, Bool, VirtualClock.Instant?) {
        await withTaskGroup(of: Event.self) { group in
            group.addTask {
                // A real sleep or a dispatch timer, which the virtual clock runs, is a suspension point too.
                await RealSleepWitness.$current.withValue(RealSleepWitness { gate.arrive(realSleep: $0) }) {
                    let ending = await Probe.capture(skill, input, context, observation)
                    // The tasks the skill started that still run as it answers: read before any other job runs.
                    let running = clock.scheduler.unstructuredTasksRunning
                    leftRunning.withLock { $0 = running }
                    return .ended(ending)
                }
            }
            if case .cancel = gate.action { group.addTask { .reached(await gate.untilReached()) } }
            if let cutAfter {
                group.addTask {
                    try? await clock.sleep(for: cutAfter)
                    return .timer(fired: !Task.isCancelled)
                }
            }
            var ending: Probe.Ending?
            var wasCut = false
            var cancelledAt: VirtualClock.Instant?
            while let event = await group.next() {
                switch event {
                case .ended(let end):
                    ending = end
                    group.cancelAll()
                case .reached(true) where ending == nil && cancelledAt == nil:
                    cancelledAt = clock.now
                    timeline.mark("the check cancelled the run" + (gate.points.last.map { " awaiting `\($0.description)`" } ?? ""))
                    gate.markCancelled()
                    cancelled.set()
                    group.cancelAll()
                    // The cancellation has reached every task it can: what it missed answers.
                    gate.releaseHeld()
                case .timer(fired: true) where ending == nil && cancelledAt == nil:
                    wasCut = true
                    timeline.mark("the check cancelled the run")
                    cancelled.set()
                    group.cancelAll()
                default:
                    break
                }
            }
            return (ending ?? .threw(ThrownError(CancellationError())), wasCut, cancelledAt)
        }
    }
}
