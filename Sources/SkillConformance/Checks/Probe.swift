import Foundation
import SkillKit
import SkillTesting

/// One run of a skill's `execute` on virtual time, in fresh fakes, and what it did.
@available(SkillCheckTesting, *)
struct Probe: Sendable {
    /// How the run ended.
    enum Ending: Sendable {
        case output(SkillOutput)
        case threw(ThrownError)
    }

    var ending: Ending
    /// Whether the check cut the run (cancelled it) when its virtual time limit passed.
    var wasCut: Bool
    var storeLog: [InMemoryDataStore.Operation]
    var requestCount: Int
    /// What the run left behind, by JSON-pointer-like path: `/storage/notes/0/id`, `/requests/0`, …
    var sideEffects: [(path: String, value: String)]

    /// Runs `skill` once: `setUp` prepares the fakes; `cutAfter` cancels the run after that much virtual
    /// time, as the engine's timeout does. Returns the failure text when the run could not be observed
    /// (it stalled, or work left the virtual clock): a check reports that as a failure, never a pass.
    static func run(
        _ subject: SkillUnderTest,
        input: SkillInput,
        cutAfter: Duration? = nil,
        limits: CheckLimits,
        setUp: @escaping @Sendable (InMemoryDataStore, FakeNetworkService) -> Void
    ) async -> Result<Probe, ProbeFailure> {
        do {
            let probe = try await withVirtualTime(stallTimeout: limits.realStall) { clock in
                let store = InMemoryDataStore(clock: clock)
                let network = FakeNetworkService(clock: clock)
                setUp(store, network)
                let context = SkillContext.virtual(clock: clock, storage: store, networkService: network)
                let skill = subject.instance(in: context)
                let (ending, wasCut) = await execute(skill, input: input, context: context, clock: clock, cutAfter: cutAfter)
                return Probe(ending: ending, wasCut: wasCut, storeLog: store.log, requestCount: network.requests.count,
                             sideEffects: effects(store: store, network: network))
            }
            return .success(probe)
        } catch {
            return .failure(ProbeFailure(error))
        }
    }

    private static func execute(
        _ skill: any AgentSkill, input: SkillInput, context: SkillContext, clock: VirtualClock, cutAfter: Duration?
    ) async -> (Ending, Bool) {
        guard let cutAfter else { return (await capture(skill, input, context), false) }
        return await withTaskGroup(of: Ending?.self) { group in
            group.addTask { await capture(skill, input, context) }
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
                effects.append(("/storage/\(collection)/\(index)/data", String(decoding: document.data, as: UTF8.self)))
            }
        }
        for (index, request) in network.requests.enumerated() {
            effects.append(("/requests/\(index)", "\(request.method.rawValue) \(request.url) \(String(decoding: request.body ?? Data(), as: UTF8.self))"))
        }
        return effects
    }

    static func capture(_ skill: any AgentSkill, _ input: SkillInput, _ context: SkillContext) async -> Ending {
        do {
            return .output(try await skill.execute(input: input, context: context))
        } catch {
            return .threw(ThrownError(error))
        }
    }
}

/// A run that could not be observed to its end.
@available(SkillCheckTesting, *)
struct ProbeFailure: Error, Sendable {
    var text: String
    /// The run hung: nothing runnable, no sleeper, and nothing came back (HANG-1's finding).
    var isStall: Bool
    /// Work left the virtual clock: a real sleep, an unstructured task, a hop elsewhere (TIME-1's finding).
    var escapes: [DeterministicScheduler.Escape]

    init(_ error: any Error) {
        text = "\(error)"
        isStall = false
        escapes = []
        switch error {
        case VirtualClockError.stalled: isStall = true
        case VirtualClockError.escaped(let found): escapes = found
        case let leftovers as VirtualTimeLeftovers: escapes = leftovers.escapes
        default: break
        }
    }

    /// The reason other rules give when a run hung: HANG-1 reports the hang, they cannot judge the run.
    static let hangReason = "the run hung, so this rule could not be judged; HANG-1 reports the hang"
    /// The reason other rules give when work left the virtual clock: TIME-1 reports it.
    static let escapeReason = "work left the virtual clock, so this rule could not be judged; TIME-1 reports it"
}

@available(SkillCheckTesting, *)
extension ConformanceCheck.Input {
    /// The finding of a run that did not end: skipped (pointing at HANG-1) when it hung, else failed.
    func unended(_ ruleID: String, subject: String, expected: String, _ failure: ProbeFailure, virtual: Bool = false) -> Finding {
        let outcome: Finding.Outcome =
            if failure.isStall && ruleID != "HANG-1" { .skipped(reason: ProbeFailure.hangReason) }
            else if !failure.escapes.isEmpty && ruleID != "TIME-1" { .skipped(reason: ProbeFailure.escapeReason) }
            else { .failed }
        return finding(ruleID, outcome, subject: subject, expected: expected,
                       observed: "the run did not end: \(failure.text)", virtual: virtual)
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

    public init(engineTimeout: Duration = .seconds(10), realStall: Duration = .seconds(1)) {
        self.engineTimeout = engineTimeout
        self.realStall = realStall
    }

    func finding(virtual: Bool) -> Finding.Limits {
        Finding.Limits(
            virtualSeconds: virtual ? Self.seconds(engineTimeout) : nil,
            realStallSeconds: Self.seconds(realStall)
        )
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
