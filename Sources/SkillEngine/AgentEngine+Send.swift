import Foundation
import SkillCheckSupport
import SkillKit

extension AgentEngine {
    /// Sends the user's text: adds it to ``messages``, routes it, runs the skill under the timeout, and adds the reply.
    ///
    /// Returns what the user is shown.
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
            let granted = await lifecycle.waitForTurn(number) { core in
                core.emit(.cancelled(skillID: nil, reason: .callerCancelled))
            }
            guard let granted else { return SkillOutput(summary: configuration.catalog.cancelled) }
            turn = granted
        }
        guard let skill = turn.skill else {
            return finish(turn, .noSkill)
        }
        return finish(turn, await run(skill, text: turn.text, signal: turn.signal))
    }

    // MARK: Admission

    private func admit(_ text: String) -> RequestLifecycle<Core, String, Turn>.Admission {
        observingConversation {
            // The lane is the skill the text routes to: under `.concurrent`, one skill's requests take turns.
            lifecycle.admit(
                text, lane: { Self.route(text, in: $0).0?.id }, begin: begin, queued: { $0.emit(.queued(text: text)) },
                rejected: { $0.emit(.rejected(text: text)) })
        }
    }

    /// Starts a request: its user message, the processing state, the route. Called under the lock.
    private func begin(_ number: Int, _ text: String, _ signal: SupersedeSignal?, in core: inout Core) -> Turn {
        core.messages.append(
            AgentMessage(
                id: configuration.messageIDs.next(), role: .user, content: text, timestamp: context.now))
        core.state = .processing
        core.emit(.received(text: text))
        core.record(.phase(.thinking))
        let (skill, route) = Self.route(text, in: core)
        core.emit(.routed(route, skillID: skill?.id))
        if let skill {
            core.emit(.skillStarted(skillID: skill.id))
            core.record(
                .phase(.executing(skillID: skill.id)), .skill(skillID: skill.id, .starting),
                .skill(skillID: skill.id, .executing(progress: nil)))
        }
        return Turn(number: number, text: text, skill: skill, signal: skill == nil ? nil : signal)
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
        return observingConversation {
            lifecycle.finish(turn.number, begin: begin) { core, current in
                let skillID = turn.skill?.id
                guard current else {
                    core.emit(.cancelled(skillID: skillID, reason: .superseded))
                    if let skillID { core.record(.skill(skillID: skillID, .cancelled)) }
                    return SkillOutput(summary: catalog.cancelled)
                }
                let output: SkillOutput
                let state: SkillLifecycleState
                switch outcome {
                case .finished(let result):
                    output = result
                    state = .completed
                    reply(result.summary, skillID: skillID, in: &core)
                    core.state = result.requiresConfirmation ? .waitingForConfirmation : .idle
                    core.emit(.skillFinished(skillID: skillID ?? "", summary: result.summary))
                case .failed(SkillError.alreadyRunning):
                    // Seed 004's exclusive skill: answered like the exclusive policy, not as a failure.
                    output = SkillOutput(summary: catalog.busy)
                    state = .failed(catalog.describe(SkillError.alreadyRunning))
                    reply(output.summary, skillID: skillID, in: &core)
                    core.state = .idle
                    core.emit(.skillFailed(skillID: skillID ?? "", error: catalog.describe(SkillError.alreadyRunning)))
                case .failed(let error):
                    output = SkillOutput(summary: catalog.failure(error))
                    state = .failed(catalog.describe(error))
                    reply(output.summary, skillID: skillID, in: &core)
                    core.state = .failed(catalog.describe(error))
                    core.emit(.skillFailed(skillID: skillID ?? "", error: catalog.describe(error)))
                case .timedOut(let elapsed):
                    output = SkillOutput(summary: catalog.failure(SkillError.timeout))
                    state = .failed(catalog.describe(SkillError.timeout))
                    reply(output.summary, skillID: skillID, in: &core)
                    core.state = .failed(catalog.describe(SkillError.timeout))
                    core.emit(.timedOut(skillID: skillID ?? "", seconds: elapsed.inSeconds))
                case .cancelled:
                    output = SkillOutput(summary: catalog.cancelled)
                    state = .cancelled
                    core.state = .idle
                    core.emit(.cancelled(skillID: skillID, reason: .callerCancelled))
                case .noSkill:
                    output = SkillOutput(summary: catalog.noSkill)
                    state = .completed
                    reply(output.summary, skillID: nil, in: &core)
                    core.state = .idle
                }
                if let skillID { core.record(.skill(skillID: skillID, state)) }
                if state != .cancelled { core.record(.phase(.responding)) }
                core.record(.phase(.idle))
                return output
            }
        }
    }

    /// How long since now, on `clock`.
    static func stopwatch<C: Clock<Duration>>(_ clock: C) -> @Sendable () -> Duration {
        let start = clock.now
        return { start.duration(to: clock.now) }
    }

    private func reply(_ content: String, skillID: String?, in core: inout Core) {
        core.messages.append(
            AgentMessage(
                id: configuration.messageIDs.next(), role: .agent, content: content,
                timestamp: context.now, skillID: skillID))
    }
}
