import Foundation
import SkillKit

/// One run of ``ToolCallingEngine``, driven by the task that iterates its stream: each `next()` takes
/// the loop one step further (admission, a piece of the model's answer, a skill call) until there is an
/// event to deliver.
///
/// Only the iterating task touches it, one `next()` at a time (an async iterator is never iterated
/// concurrently), and the lifecycle calls ``begin(_:_:in:)`` under its lock while the run waits for it:
/// hence `@unchecked Sendable`.
final class ToolRun: @unchecked Sendable {
    enum Step {
        case admit
        case waiting(Int)
        case request
        case streaming(ModelAnswer)
        case execute(ToolCall)
        case perform(ToolCall, any ToolSkill)
        case done
    }

    let engine: ToolCallingEngine
    let session: ConversationSession
    let input: String
    /// The run's number in the engine's log.
    let number: Int

    var step = Step.admit
    var pending: [ToolCallingEvent] = []
    var ending: (any Error)?
    var turn: ToolCallingEngine.Turn?
    /// The lifecycle's number for this run, while it holds a slot it has not given back.
    var slot: Int?
    var generation = 0
    /// What the model is sent; `uncommitted` is the part not yet added to the session.
    var history: [LLMMessage] = []
    var uncommitted: [LLMMessage] = []
    var requests = 0
    /// Requests sent to the model, retries included, and retries used.
    var attempts = 0
    var retriesUsed = 0
    /// The jitter of ``ToolCallingEngine/Configuration/modelRetry``'s waits, from its seed.
    lazy var retryRandomness = (engine.configuration.modelRetry?.jitter ?? .none).makeGenerator()

    init(engine: ToolCallingEngine, session: ConversationSession, input: String, number: Int) {
        self.engine = engine
        self.session = session
        self.input = input
        self.number = number
    }

    /// A run dropped before it ended gives its slot back, so that queued runs go on.
    deinit {
        if slot != nil { end(.cancelled(.callerCancelled)) }
    }

    func next() async throws -> ToolCallingEvent? {
        while pending.isEmpty {
            if case .done = step {
                if let ending {
                    self.ending = nil
                    throw ending
                }
                return nil
            }
            await advance()
        }
        return pending.removeFirst()
    }

    private func advance() async {
        if slot != nil, Task.isCancelled {
            end(.cancelled(.callerCancelled))
            return
        }
        if slot != nil, turn?.signal?.isFired == true {
            end(.cancelled(.superseded))
            return
        }
        switch step {
        case .admit: admit()
        case .waiting(let ticket): await wait(ticket)
        case .request: request()
        case .streaming(let answer): await stream(answer)
        case .execute(let call): select(call)
        case .perform(let call, let skill): await perform(call, skill)
        case .done: break
        }
    }

    // MARK: Admission

    /// How the lifecycle starts a run, this one or a queued one it hands a slot to.
    static func begin(
        _ ticket: Int, _ run: ToolRun, _ signal: SupersedeSignal?, _ core: inout ToolCallingEngine.Core
    ) -> ToolCallingEngine.Turn {
        run.begin(ticket, signal, in: &core)
    }

    private func admit() {
        let admission = engine.lifecycle.admit(
            self,
            begin: Self.begin,
            queued: { [self] core in emit(.queued, in: &core) },
            rejected: { [self] core in emit(.rejected(engine.configuration.catalog.busy), in: &core) }
        )
        switch admission {
        case .started: step = .request
        case .queued(let ticket): step = .waiting(ticket)
        case .rejected: step = .done
        }
    }

    private func wait(_ ticket: Int) async {
        let granted = await engine.lifecycle.waitForTurn(ticket) { [number] core in
            core.log.append(.init(run: number, event: .cancelled(.callerCancelled)))
        }
        if granted == nil {
            pending.append(.cancelled(.callerCancelled))
            step = .done
        } else {
            step = .request
        }
    }

    /// Under the lifecycle's lock, as this run gets its slot: a new generation of the session, the
    /// history the model will be sent, the user's input added to the session.
    private func begin(_ ticket: Int, _ signal: SupersedeSignal?, in core: inout ToolCallingEngine.Core) -> ToolCallingEngine.Turn {
        let (generation, history) = session.beginGeneration()
        self.generation = generation
        self.history = history + [.user(input)]
        _ = session.append([.user(input)], ifGeneration: generation)
        slot = ticket
        let turn = ToolCallingEngine.Turn(signal: signal)
        self.turn = turn
        emit(.phase(.thinking), in: &core)
        return turn
    }

    // MARK: Ending

    /// Ends the run: `final` and the idle phase are its last events, its slot goes back to the lifecycle,
    /// and the stream throws `error` after them, if there is one.
    func end(_ final: ToolCallingEvent?, throwing error: (any Error)? = nil) {
        let events = (final.map { [$0] } ?? []) + [.phase(.idle)]
        if let slot {
            engine.lifecycle.finish(slot, begin: Self.begin) { core, _ in
                for event in events { emit(event, in: &core) }
            }
        } else {
            engine.lifecycle.withLock { state in
                for event in events { emit(event, in: &state.core) }
            }
        }
        slot = nil
        ending = error
        step = .done
    }

    // MARK: Events

    func emit(_ event: ToolCallingEvent) {
        engine.lifecycle.withLock { emit(event, in: &$0.core) }
    }

    func emit(_ event: ToolCallingEvent, in core: inout ToolCallingEngine.Core) {
        core.log.append(.init(run: number, event: event))
        pending.append(event)
    }
}
