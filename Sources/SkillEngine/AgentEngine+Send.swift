import Foundation
import SkillKit

extension AgentEngine {
    /// Sends the user's text: adds it to ``messages``, routes it, runs the skill under the timeout, and
    /// adds the reply. Returns what the user is shown.
    ///
    /// What happens while an earlier request runs is ``Configuration/concurrencyPolicy``. A request
    /// whose calling task is cancelled, or that a newer one superseded, adds no reply and returns the
    /// catalogue's `cancelled` text.
    ///
    /// ```swift
    /// let output = await engine.send("北京天气怎么样")
    /// ```
    @discardableResult
    public nonisolated(nonsending) func send(_ text: String) async -> SkillOutput {
        let turn: Turn
        switch admit(text) {
        case .started(let started):
            turn = started
        case .rejected:
            return SkillOutput(summary: configuration.catalog.busy)
        case .queued(let number):
            guard let granted = await waitForTurn(number) else {
                return SkillOutput(summary: configuration.catalog.cancelled)
            }
            turn = granted
        }
        guard let skill = turn.skill else {
            return finish(turn, .noSkill)
        }
        return finish(turn, await run(skill, text: turn.text, signal: turn.signal))
    }

    // MARK: Admission

    enum Admission {
        case started(Turn)
        case queued(Int)
        case rejected
    }

    private func admit(_ text: String) -> Admission {
        let policy = configuration.concurrencyPolicy
        var superseded: SupersedeSignal?
        defer { superseded?.fire() }
        return mutateConversation { core in
            core.nextTurn += 1
            let number = core.nextTurn
            if let running = core.current {
                switch policy {
                case .exclusive:
                    core.emit(.rejected(text: text))
                    return .rejected
                case .serial:
                    core.emit(.queued(text: text))
                    core.queue.append(QueuedRequest(number: number, text: text))
                    return .queued(number)
                case .cancelPrevious:
                    superseded = running.signal
                }
            }
            return .started(begin(number, text, in: &core))
        }
    }

    /// Starts a request: its user message, the processing state, the route. Called under the lock.
    private func begin(_ number: Int, _ text: String, in core: inout Core) -> Turn {
        core.messages.append(AgentMessage(
            id: configuration.messageIDs.next(), role: .user, content: text, timestamp: context.now))
        core.state = .processing
        core.emit(.received(text: text))
        let (skill, route) = Self.route(text, in: core)
        core.emit(.routed(route, skillID: skill?.id))
        if let skill { core.emit(.skillStarted(skillID: skill.id)) }
        let signal = configuration.concurrencyPolicy == .cancelPrevious && skill != nil ? SupersedeSignal() : nil
        let turn = Turn(number: number, text: text, skill: skill, signal: signal)
        core.current = turn
        return turn
    }

    private func waitForTurn(_ number: Int) async -> Turn? {
        await withTaskCancellationHandler {
            await withUnsafeContinuation { (waiter: UnsafeContinuation<Turn?, Never>) in
                let ready: Turn?? = core.withLock { core in
                    guard let index = core.queue.firstIndex(where: { $0.number == number }) else {
                        return .some(nil)
                    }
                    if let granted = core.queue[index].granted {
                        core.queue.remove(at: index)
                        return .some(granted)
                    }
                    if core.queue[index].cancelled {
                        core.queue.remove(at: index)
                        return .some(nil)
                    }
                    core.queue[index].waiter = waiter
                    return .none
                }
                if let ready { waiter.resume(returning: ready) }
            }
        } onCancel: {
            let waiter: UnsafeContinuation<Turn?, Never>? = mutateConversation { core in
                guard let index = core.queue.firstIndex(where: { $0.number == number }),
                      core.queue[index].granted == nil else { return nil }
                core.emit(.cancelled(skillID: nil, reason: .callerCancelled))
                guard let waiter = core.queue[index].waiter else {
                    core.queue[index].cancelled = true
                    return nil
                }
                core.queue.remove(at: index)
                return waiter
            }
            waiter?.resume(returning: nil)
        }
    }

    // MARK: Running

    enum Outcome {
        case finished(SkillOutput)
        case failed(any Error)
        /// A timeout fired after the skill had run this long: the engine's own, or one inside the skill.
        case timedOut(after: Duration)
        case cancelled
        case noSkill
    }

    private func run(_ skill: any AgentSkill, text: String, signal: SupersedeSignal?) async -> Outcome {
        let input = SkillInput(rawText: text)
        let context = context
        let elapsed = Self.stopwatch(context.clock)
        let operation: @Sendable () async throws -> SkillOutput = {
            try await skill.execute(input: input, context: context)
        }
        do {
            let output = try await withTimeout(configuration.timeout, clock: context.clock) {
                if let signal { try await signal.race(operation) } else { try await operation() }
            }
            return Task.isCancelled ? .cancelled : .finished(output)
        } catch {
            if Task.isCancelled || error is SupersedeSignal.Superseded { return .cancelled }
            if case SkillError.timeout = error { return .timedOut(after: elapsed()) }
            return .failed(error)
        }
    }

    // MARK: Finishing

    /// Adds the reply, sets the state and hands the turn on, all under one lock.
    private func finish(_ turn: Turn, _ outcome: Outcome) -> SkillOutput {
        let catalog = configuration.catalog
        let (output, next): (SkillOutput, (UnsafeContinuation<Turn?, Never>, Turn)?) = mutateConversation { core in
            guard core.current?.number == turn.number else {
                core.emit(.cancelled(skillID: turn.skill?.id, reason: .superseded))
                return (SkillOutput(summary: catalog.cancelled), nil)
            }
            let skillID = turn.skill?.id
            let output: SkillOutput
            switch outcome {
            case .finished(let result):
                output = result
                reply(result.summary, skillID: skillID, in: &core)
                core.state = result.requiresConfirmation ? .waitingForConfirmation : .idle
                core.emit(.skillFinished(skillID: skillID ?? "", summary: result.summary))
            case .failed(let error):
                output = SkillOutput(summary: catalog.failure(error))
                reply(output.summary, skillID: skillID, in: &core)
                core.state = .failed(catalog.describe(error))
                core.emit(.skillFailed(skillID: skillID ?? "", error: catalog.describe(error)))
            case .timedOut(let elapsed):
                output = SkillOutput(summary: catalog.failure(SkillError.timeout))
                reply(output.summary, skillID: skillID, in: &core)
                core.state = .failed(catalog.describe(SkillError.timeout))
                core.emit(.timedOut(skillID: skillID ?? "", seconds: elapsed.seconds))
            case .cancelled:
                output = SkillOutput(summary: catalog.cancelled)
                core.state = .idle
                core.emit(.cancelled(skillID: skillID, reason: .callerCancelled))
            case .noSkill:
                output = SkillOutput(summary: catalog.noSkill)
                reply(output.summary, skillID: nil, in: &core)
                core.state = .idle
            }
            core.current = nil
            return (output, handOver(in: &core))
        }
        if let (waiter, turn) = next { waiter.resume(returning: turn) }
        return output
    }

    /// How long since now, on `clock`.
    private static func stopwatch<C: Clock<Duration>>(_ clock: C) -> @Sendable () -> Duration {
        let start = clock.now
        return { start.duration(to: clock.now) }
    }

    private func reply(_ content: String, skillID: String?, in core: inout Core) {
        core.messages.append(AgentMessage(
            id: configuration.messageIDs.next(), role: .agent, content: content,
            timestamp: context.now, skillID: skillID))
    }

    /// Under the serial policy, starts the oldest queued request that is still waiting.
    private func handOver(in core: inout Core) -> (UnsafeContinuation<Turn?, Never>, Turn)? {
        while let index = core.queue.firstIndex(where: { !$0.cancelled && $0.granted == nil }) {
            let request = core.queue[index]
            let turn = begin(request.number, request.text, in: &core)
            guard let waiter = request.waiter else {
                core.queue[index].granted = turn
                return nil
            }
            core.queue.remove(at: index)
            return (waiter, turn)
        }
        return nil
    }
}

extension Duration {
    /// This duration in seconds, as a `Double`.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
