import Foundation
import SkillKit
import SkillTesting

/// One run of a skill that the check cancels, on virtual time, and what it did around the cancellation.
///
/// Two ways: cancelled before `execute` starts (CAN-1), or cancelled once it waits on the network
/// (which never answers) or on storage (which takes a virtual second per operation) (CAN-3, CAN-4).
@available(SkillCheckTesting, *)
struct CancellationProbe: Sendable {
    var ending: Probe.Ending
    /// Whether the skill had already returned or thrown when the check cancelled it.
    var finishedBeforeCancel: Bool
    /// Storage operations and requests before the cancellation, and after it (cancelled before start:
    /// all of them are after).
    var operationsBefore: [Operation]
    var operationsAfter: [Operation]
    /// Virtual time from the cancellation to the end of the run.
    var endedAfter: Duration
    /// The run on virtual time.
    var timeline: RunTimeline?

    /// A storage operation or a network request.
    struct Operation: Sendable, CustomStringConvertible {
        var description: String
        var isWrite: Bool
        var isRequest: Bool
        var isGet: Bool
    }

    /// The virtual time the skill runs before the check cancels it.
    static let cancelAfter: Duration = .milliseconds(1)

    static func run(
        _ subject: SkillUnderTest, input: SkillInput, beforeStart: Bool, limits: CheckLimits
    ) async -> Result<CancellationProbe, ProbeFailure> {
        let reply = beforeStart ? await subject.workingReply(limits: limits) : ""
        let cancelled = CancellationMark()
        if beforeStart { cancelled.set() }
        let observation = RealWorldObservation()
        let timeline = ProbeTimeline()
        do {
            var probe = try await withVirtualTime(
                stallTimeout: limits.realStall, horizon: .seconds(3_600), realTimeLimit: limits.realRun
            ) { clock in
                let store = InMemoryDataStore(clock: clock, latency: beforeStart ? .zero : .seconds(1))
                subject.seed(store)
                let network = FakeNetworkService(clock: clock)
                network.stub(.init(), reply: beforeStart ? .json(reply) : .hang)
                timeline.start(
                    clock: clock, stores: [store], storageLatency: beforeStart ? .zero : .seconds(1), networks: [network],
                    call: ProbeTimeline.call(input) + (beforeStart ? " in a task cancelled before it starts" : ""))
                let context = subject.prepared(SkillContext.virtual(clock: clock, storage: store, networkService: network))
                let skill = subject.instance(in: context)
                return await withTaskGroup(of: (Probe.Ending, Bool).self) { group in
                    group.addTask {
                        if beforeStart { withUnsafeCurrentTask { $0?.cancel() } }
                        let ending = await Probe.capture(skill, input, context, observation)
                        return (ending, !Task.isCancelled)
                    }
                    var marks = (store: 0, requests: 0)
                    if !beforeStart {
                        try? await clock.sleep(for: cancelAfter)
                        marks = (store.log.count, network.requests.count)
                        timeline.mark("the check cancelled the run")
                        cancelled.set()
                        group.cancelAll()
                    }
                    let cancelledAt = clock.now
                    let (ending, finishedFirst) = await group.next() ?? (.threw(ThrownError(CancellationError())), false)
                    let endedAfter = cancelledAt.duration(to: clock.now)
                    timeline.ended(ending)
                    let (log, requests) = (store.log.map(Operation.init), network.requests.map(Operation.init))
                    return CancellationProbe(
                        ending: ending, finishedBeforeCancel: finishedFirst,
                        operationsBefore: Array(log.prefix(marks.store) + requests.prefix(marks.requests)),
                        operationsAfter: Array(log.dropFirst(marks.store) + requests.dropFirst(marks.requests)),
                        endedAfter: endedAfter
                    )
                }
            }
            _ = observation.finish(sample: input.rawText)
            probe.timeline = timeline.finish()
            return .success(probe)
        } catch {
            return .failure(
                ProbeFailure(error, afterCancellation: cancelled.isSet, observation: observation, sample: input.rawText, timeline: timeline)
            )
        }
    }
}

@available(SkillCheckTesting, *)
extension CancellationProbe.Operation {
    init(_ operation: InMemoryDataStore.Operation) {
        let isWrite =
            switch operation {
            case .save, .delete: true
            case .read, .list: false
            }
        self.init(description: operation.description, isWrite: isWrite, isRequest: false, isGet: false)
    }

    init(_ request: NetworkRequest) {
        self.init(
            description: "\(request.method.rawValue) \(request.url)", isWrite: false, isRequest: true,
            isGet: request.method == .get)
    }
}
