import SkillCheckSupport
import SkillKit

/// The life of a request, shared by both engines: admitted under the ``ConcurrencyPolicy`` (started,
/// queued or turned away), possibly superseded by a newer one, finished, and its slot handed to the
/// oldest queued request that may start.
///
/// Under `.concurrent`, a request may name a lane (the skill it will run): seed 004 runs different
/// skills side by side but one skill's requests one after another, so a request whose lane is busy waits
/// even when a slot is free, and requests behind it in other lanes go ahead.
///
/// It owns the engine's lock and the engine's own state (`Core`: messages, events, history), so that a
/// request's admission and what the engine records about it change together. What starting a request
/// means is the engine's (`begin`), and runs under the lock.
final class RequestLifecycle<Core, Request: Sendable, Turn: Sendable>: Sendable {
    typealias Begin = (_ number: Int, _ request: Request, _ signal: SupersedeSignal?, _ core: inout Core) -> Turn

    struct State {
        var core: Core
        /// The requests running now, oldest first. A superseded request is no longer here.
        fileprivate(set) var running: [Running] = []
        fileprivate var queue: [Queued] = []
        fileprivate var lastNumber = 0
    }

    struct Running {
        let number: Int
        let turn: Turn
        let signal: SupersedeSignal?
        let lane: String?
    }

    fileprivate struct Queued {
        let number: Int
        let request: Request
        let lane: String?
        var waiter: UnsafeContinuation<Turn?, Never>?
        /// The turn, when it was granted before the waiter arrived.
        var granted: Turn?
        var cancelled = false

        /// Still waiting for its turn: not given up, not granted.
        var isWaiting: Bool { !cancelled && granted == nil }
    }

    enum Admission {
        case started(Turn)
        case queued(Int)
        case rejected
    }

    let policy: ConcurrencyPolicy
    private let state: Locked<State>

    init(_ core: Core, policy: ConcurrencyPolicy) {
        self.policy = policy
        self.state = Locked(State(core: core))
    }

    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        try state.withLock(body)
    }

    // MARK: Admission

    /// Starts, queues or turns away a request. `queued` and `rejected` record the engine's events for
    /// those outcomes, under the lock. Under cancel-previous, the requests running are superseded: their
    /// signals fire after the lock is released. `lane` (read under the lock) names what the request
    /// will run, for `.concurrent`; `nil` shares no lane.
    func admit(
        _ request: Request,
        lane: (Core) -> String? = { _ in nil },
        begin: Begin,
        queued: (inout Core) -> Void = { _ in },
        rejected: (inout Core) -> Void = { _ in }
    ) -> Admission {
        var superseded: [SupersedeSignal] = []
        defer { superseded.forEach { $0.fire() } }
        return state.withLock { state in
            state.lastNumber += 1
            let number = state.lastNumber
            guard policy.capacity != nil else {
                superseded = state.running.compactMap(\.signal)
                state.running.removeAll()
                return .started(start(number, request, lane: nil, in: &state, begin))
            }
            let lane = policy.usesLanes ? lane(state.core) : nil
            // Nobody waiting jumps the queue: an older request of the same lane, or one that could start.
            let overtakes = state.queue.contains { $0.isWaiting && ($0.lane == lane && lane != nil || canStart($0.lane, in: state)) }
            if canStart(lane, in: state), !overtakes {
                return .started(start(number, request, lane: lane, in: &state, begin))
            }
            if policy == .exclusive {
                rejected(&state.core)
                return .rejected
            }
            queued(&state.core)
            state.queue.append(Queued(number: number, request: request, lane: lane))
            return .queued(number)
        }
    }

    private func start(_ number: Int, _ request: Request, lane: String?, in state: inout State, _ begin: Begin) -> Turn {
        let signal = policy == .cancelPrevious ? SupersedeSignal() : nil
        let turn = begin(number, request, signal, &state.core)
        state.running.append(Running(number: number, turn: turn, signal: signal, lane: lane))
        return turn
    }

    /// Whether a request in `lane` may start now: a slot is free, and nothing of its lane runs.
    private func canStart(_ lane: String?, in state: State) -> Bool {
        guard let capacity = policy.capacity, state.running.count < capacity else { return false }
        return lane == nil || !state.running.contains { $0.lane == lane }
    }

    /// Waits for a queued request's turn; `nil` when the waiting task was cancelled first, after
    /// `givenUp` recorded that under the lock.
    func waitForTurn(_ number: Int, givenUp: @escaping @Sendable (inout Core) -> Void) async -> Turn? {
        await withTaskCancellationHandler {
            await withUnsafeContinuation { (waiter: UnsafeContinuation<Turn?, Never>) in
                let ready: Turn?? = state.withLock { state in
                    guard let index = state.queue.firstIndex(where: { $0.number == number }) else { return .some(nil) }
                    if let granted = state.queue[index].granted {
                        state.queue.remove(at: index)
                        return .some(granted)
                    }
                    if state.queue[index].cancelled {
                        state.queue.remove(at: index)
                        return .some(nil)
                    }
                    state.queue[index].waiter = waiter
                    return .none
                }
                if let ready { waiter.resume(returning: ready) }
            }
        } onCancel: {
            let waiter: UnsafeContinuation<Turn?, Never>? = state.withLock { state in
                guard let index = state.queue.firstIndex(where: { $0.number == number }),
                    state.queue[index].granted == nil
                else { return nil }
                givenUp(&state.core)
                guard let waiter = state.queue[index].waiter else {
                    state.queue[index].cancelled = true
                    return nil
                }
                state.queue.remove(at: index)
                return waiter
            }
            waiter?.resume(returning: nil)
        }
    }

    // MARK: Finishing

    /// Ends request `number`: `body` records the outcome under the lock, told whether the request was
    /// still running (`false`: a newer one superseded it). Then the free slots go to queued requests.
    func finish<Result>(_ number: Int, begin: Begin, _ body: (inout Core, _ current: Bool) -> Result) -> Result {
        let (result, handed): (Result, [(UnsafeContinuation<Turn?, Never>, Turn)]) = state.withLock { state in
            let index = state.running.firstIndex { $0.number == number }
            if let index { state.running.remove(at: index) }
            let result = body(&state.core, index != nil)
            return (result, handOver(in: &state, begin))
        }
        for (waiter, turn) in handed { waiter.resume(returning: turn) }
        return result
    }

    /// Whether request `number` is still running (not superseded, not finished).
    func isRunning(_ number: Int) -> Bool {
        state.withLock { $0.running.contains { $0.number == number } }
    }

    /// Starts the oldest queued requests that are still waiting and may start, while there are free slots.
    private func handOver(in state: inout State, _ begin: Begin) -> [(UnsafeContinuation<Turn?, Never>, Turn)] {
        guard policy.capacity != nil else { return [] }
        var handed: [(UnsafeContinuation<Turn?, Never>, Turn)] = []
        while let index = state.queue.firstIndex(where: { $0.isWaiting && canStart($0.lane, in: state) }) {
            let request = state.queue[index]
            let turn = start(request.number, request.request, lane: request.lane, in: &state, begin)
            if let waiter = request.waiter {
                state.queue.remove(at: index)
                handed.append((waiter, turn))
            } else {
                state.queue[index].granted = turn
            }
        }
        return handed
    }
}
