import Foundation
import SkillCheckSupport
import SkillKit
import SkillTesting

/// The suspension points of one run, in the order the skill reached them: each storage operation, network
/// request and clock sleep it awaited. The skill's context gets its storage, network and clock through
/// the gate (``GatedStore``, ``GatedNetwork``, ``GatedClock``), which logs each point and, at the one a
/// check targets, cancels the run there or fails that one operation.
///
/// The points come from the run itself, on the deterministic scheduler, so point *k* is the same
/// operation every time the same sample runs: a check first runs the sample with no target to list its
/// points, then once per point.
@available(SkillCheckTesting, *)
final class AwaitGate: Sendable {
    /// What the gate does at its target point.
    enum Action: Sendable {
        /// Logs every point and lets each through.
        case observe
        /// Holds the run at the target point until it is cancelled (``untilReached()`` returns then).
        case cancel(at: Target)
        /// Fails the operation at the target point with `fault` (one whose kind matches the point's).
        case fault(InjectedFault, at: Target)

        var target: Target? {
            switch self {
            case .observe: nil
            case .cancel(let target), .fault(_, let target): target
            }
        }
    }

    /// Which point an action targets: the *k*-th of the run (the same operation every time under
    /// first-in-first-out order), or an operation by its ``Point/key`` (under another schedule the *k*-th
    /// point may be another request's operation).
    enum Target: Sendable, Hashable {
        case index(Int)
        case operation(String)
        /// The *k*-th point and every later one of the fault's kind: an outage that lasts, so a retry meets it too.
        case fromIndex(Int)
    }

    /// One suspension point.
    struct Point: Sendable, CustomStringConvertible {
        enum Kind: Sendable, Hashable {
            case storage(isWrite: Bool)
            case request(isGet: Bool)
            case sleep
        }

        var index: Int
        var kind: Kind
        /// `GET https://…/weather?city=北京`, `save notes/…`, `sleep 2 seconds`.
        var description: String
        /// Whether the run had been cancelled when it reached this point.
        var afterCancellation: Bool
        /// The operation and how many times the run had reached it before, ids and instants written as
        /// placeholders: `GET https://…/weather?city=北京 #1`. The same under every schedule.
        var key: String = ""
        /// Which of several requests sent at once reached it (``AwaitGate/request``), counted from 1.
        var request: Int?

        var isWrite: Bool { kind == .storage(isWrite: true) }
        var isRequest: Bool { if case .request = kind { true } else { false } }
        var isGet: Bool { kind == .request(isGet: true) }
        var isStorage: Bool { if case .storage = kind { true } else { false } }
        var isSleep: Bool { kind == .sleep }
    }

    /// At most this many points of one run are probed one by one; ``points`` says when a run had more.
    static let probedPoints = 32

    /// Which of several requests sent at once the current task serves, counted from 1, for ``Point/request``.
    @TaskLocal static var request: Int?

    let action: Action
    /// Where each point is drawn, on the lane of the request that reached it (the skill's, for one request).
    private let timeline: ProbeTimeline?
    private let state = Locked(State())

    private struct State {
        var points: [Point] = []
        var cancelled = false
        var reached = false
        var faults = 0
        var watcher: CheckedContinuation<Void, Never>?
        var watcherGone = false
        /// The operations held at the cancellation's target, until their task is cancelled or the check releases them.
        var held: [Hold] = []
    }

    /// One operation held at the target: resumed once, by its task's cancellation or by ``releaseHeld()``.
    private final class Hold: @unchecked Sendable {
        private enum Phase {
            case waiting(UnsafeContinuation<Void, Never>?)
            case done
        }
        private let phase = Locked(Phase.waiting(nil))

        func wait() async {
            await withUnsafeContinuation { continuation in
                let done = phase.withLock { phase -> Bool in
                    if case .done = phase { return true }
                    phase = .waiting(continuation)
                    return false
                }
                if done { continuation.resume() }
            }
        }

        func resume() {
            let waiter = phase.withLock { phase -> UnsafeContinuation<Void, Never>? in
                defer { phase = .done }
                if case .waiting(let continuation) = phase { return continuation }
                return nil
            }
            waiter?.resume()
        }
    }

    init(_ action: Action = .observe, timeline: ProbeTimeline? = nil) {
        self.action = action
        self.timeline = timeline
    }

    /// Every point the run reached, in order.
    var points: [Point] { state.withLock { $0.points } }

    /// How many operations the gate failed with the check's fault.
    var faultsInjected: Int { state.withLock { $0.faults } }

    /// What the operation at a point does: go ahead, fail with the check's fault, or (an operation started
    /// once the run was cancelled) end with the cancellation.
    enum Passage {
        case proceed
        case fault(InjectedFault)
        case unanswered
    }

    /// Called as code of the run starts a real sleep or a dispatch timer (which the virtual clock runs): a point where
    /// the check may cancel the run, as at a sleep on the clock. Nothing holds it: a cancelled `Task.sleep` throws
    /// at once, and a timer fires when it would, whatever was cancelled.
    func arrive(realSleep description: String) {
        let (_, _, watcher, late) = register(.sleep, description)
        timeline?.add(Self.request.map { "request \($0)" } ?? "skill", "awaits `\(description)`" + (late ? " after the cancellation" : ""))
        watcher?.resume()
    }

    /// Logs a point; at the target of a cancellation, marks it reached and hands back the check's watcher to resume.
    private func register(
        _ kind: Point.Kind, _ description: String
    ) -> (index: Int, key: String, watcher: CheckedContinuation<Void, Never>?, late: Bool) {
        let request = Self.request
        return state.withLock { state -> (Int, String, CheckedContinuation<Void, Never>?, Bool) in
            let index = state.points.count
            let operation = SkillConformance.normalized(description)
            let key = "\(operation) #\(state.points.count { $0.key.hasPrefix(operation + " #") } + 1)"
            state.points.append(
                Point(
                    index: index, kind: kind, description: description,
                    afterCancellation: state.cancelled || Task.isCancelled, key: key, request: request))
            // The run is cancelled at the instant it reaches the target: an operation a concurrent part of it (the
            // request beside withTimeout's timer, an async let) starts after that, before the check's cancel lands,
            // ends with the cancellation too, as it would had the cancel been instant.
            guard case .cancel(let target) = action, target.matches(index: index, key: key) else {
                return (index, key, nil, state.cancelled || state.reached)
            }
            state.reached = true
            defer { state.watcher = nil }
            return (index, key, state.watcher, false)
        }
    }

    /// Called by the gated storage, network and clock as each operation starts.
    func arrive(_ kind: Point.Kind, _ description: String) async throws -> Passage {
        let request = Self.request
        let (index, key, watcher, late) = register(kind, description)
        // On the timeline, on the lane of whoever awaits it: the operation the gate holds never reaches the fake.
        timeline?.add(request.map { "request \($0)" } ?? "skill", "awaits `\(description)`" + (late ? " after the cancellation" : ""))
        // Once the check has cancelled the run, requests and storage operations end with the cancellation, as
        // a cancelled URLSession task or a store whose wait is cancelled does: a skill that retries regardless
        // never gets an answer that would let it stop (CAN-2), and one that rethrows ends (CAN-3). Each is
        // still a point after the cancellation, which is what CAN-4 reads.
        if late, kind != .sleep { return .unanswered }
        switch action {
        case .cancel(let target) where target.matches(index: index, key: key):
            // Held here, as a request that has not answered yet is, until the check cancels the run: then it ends with
            // the cancellation, or, when the cancellation never reaches its task (an unstructured `Task {}`), it
            // answers as the service would.
            let hold = Hold()
            state.withLock { $0.held.append(hold) }
            watcher?.resume()
            await withTaskCancellationHandler {
                await hold.wait()
            } onCancel: {
                hold.resume()
            }
            if Task.isCancelled { throw CancellationError() }
            return .proceed
        case .fault(let fault, let target) where target.matches(index: index, key: key) && fault.fits(kind):
            state.withLock { $0.faults += 1 }
            return .fault(fault)
        default:
            return .proceed
        }
    }

    /// Returns once the run reached the target point (`true`), or once the waiting task is cancelled
    /// because the run ended first (`false`).
    func untilReached() async -> Bool {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let now = state.withLock { state -> Bool in
                    if state.reached || state.watcherGone { return true }
                    state.watcher = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            let watcher = state.withLock { state -> CheckedContinuation<Void, Never>? in
                state.watcherGone = true
                defer { state.watcher = nil }
                return state.watcher
            }
            watcher?.resume()
        }
        return state.withLock { $0.reached }
    }

    /// Marks the run cancelled: points reached from now on are after the cancellation.
    func markCancelled() { state.withLock { $0.cancelled = true } }

    /// Once the check has cancelled the run: lets the operations still held at the target go on, the cancellation
    /// having missed their task, as a service answers a request nobody cancelled.
    func releaseHeld() {
        for hold in state.withLock({ $0.held }) { hold.resume() }
    }
}

@available(SkillCheckTesting, *)
extension AwaitGate.Target {
    func matches(index: Int, key: String) -> Bool {
        switch self {
        case .index(let target): target == index
        case .operation(let target): target == key
        case .fromIndex(let first): index >= first
        }
    }
}

/// Storage that passes each operation through an ``AwaitGate`` on its way to the store. The seed's
/// `save(_:)` and `fetchAllNotes()` keep their defaults, which come through these four.
@available(SkillCheckTesting, *)
struct GatedStore: DataStoring {
    let base: InMemoryDataStore
    let gate: AwaitGate

    private func pass(_ operation: InMemoryDataStore.Operation, isWrite: Bool) async throws {
        switch try await gate.arrive(.storage(isWrite: isWrite), operation.description) {
        case .fault: throw StorageError.unavailable("injected fault")
        case .unanswered:
            // Through the executor once, as the store's own wait would: a loop that swallows this still suspends.
            await Task.yield()
            throw CancellationError()
        case .proceed: break
        }
    }

    func saveDocument(_ data: Data, id: String, in collection: String) async throws {
        try await pass(.save(collection: collection, id: id), isWrite: true)
        try await base.saveDocument(data, id: id, in: collection)
    }

    func document(id: String, in collection: String) async throws -> Data? {
        try await pass(.read(collection: collection, id: id), isWrite: false)
        return try await base.document(id: id, in: collection)
    }

    func documents(in collection: String) async throws -> [StoredDocument] {
        try await pass(.list(collection: collection), isWrite: false)
        return try await base.documents(in: collection)
    }

    @discardableResult
    func deleteDocument(id: String, in collection: String) async throws -> Bool {
        try await pass(.delete(collection: collection, id: id), isWrite: true)
        return try await base.deleteDocument(id: id, in: collection)
    }
}

/// A network that passes each request through an ``AwaitGate``: a faulted or unanswered request goes to
/// `faulty`, a fake that answers with the check's fault (or never, in a cancellation check), and every
/// other to `base`. `fetchWeather(city:)` keeps its default, which comes through `send(_:)`.
@available(SkillCheckTesting, *)
struct GatedNetwork: NetworkServing {
    let base: FakeNetworkService
    let faulty: FakeNetworkService
    let gate: AwaitGate

    func send(_ request: NetworkRequest) async throws -> NetworkResponse {
        let passage = try await gate.arrive(.request(isGet: request.method == .get), "\(request.method.rawValue) \(request.url)")
        switch passage {
        case .fault, .unanswered: return try await faulty.send(request)
        case .proceed: break
        }
        return try await base.send(request)
    }
}

/// The check's virtual clock, with each sleep passed through an ``AwaitGate`` first.
@available(SkillCheckTesting, *)
struct GatedClock: Clock {
    typealias Instant = VirtualClock.Instant
    typealias Duration = Swift.Duration

    let base: VirtualClock
    let gate: AwaitGate

    var now: Instant { base.now }
    var minimumResolution: Duration { base.minimumResolution }

    func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        _ = try await gate.arrive(.sleep, "sleep \(base.now.duration(to: deadline)) on the clock")
        try await base.sleep(until: deadline, tolerance: tolerance)
    }
}
