import Foundation
import SkillCheckSupport
import SkillKit

extension ToolRun {
    enum SkillOutcome {
        case result(String)
        case failed(any Error)
        case timedOut(after: Duration)
        case cancelled
        /// A newer run replaced this one; `late` when the skill returned a result all the same.
        case superseded(late: Bool)
    }

    /// Takes the tool call: checks the registry and the arguments, and announces the skill, so that a
    /// screen shows its card before it runs.
    func select(_ call: ToolCall) {
        emit(.skillSelected(call))
        let skill: any ToolSkill
        switch engine.registry.resolve(call) {
        case .failure(let error):
            feedFailure(call, error)
            return
        case .success(let found):
            skill = found
        }
        do {
            try JSONSchema.validate(call.arguments, against: skill.inputSchema)
        } catch {
            feedFailure(call, error)
            return
        }
        emit(.phase(.executing(skillID: skill.id)))
        emit(.skillState(skillID: skill.id, .starting))
        emit(.skillState(skillID: skill.id, .executing(progress: nil)))
        step = .perform(call, skill)
    }

    /// Runs the skill under its timeout, and feeds what happened back to the model.
    func perform(_ call: ToolCall, _ skill: any ToolSkill) async {
        switch await outcome(of: skill, call) {
        case .result(let result):
            deliver(result, of: call, skillID: skill.id)
        case .failed(let error):
            emit(.skillState(skillID: skill.id, .failed(engine.configuration.catalog.describe(error))))
            feedFailure(call, error)
        case .timedOut(let elapsed):
            let text = engine.configuration.catalog.describe(SkillError.timeout)
            emit(.skillState(skillID: skill.id, .failed(text)))
            emit(.timedOut(call, seconds: elapsed.inSeconds))
            feed(call, engine.configuration.catalog.failure(SkillError.timeout))
        case .cancelled:
            emit(.skillState(skillID: skill.id, .cancelled))
            end(.cancelled(.callerCancelled))
        case .superseded(let late):
            emit(.skillState(skillID: skill.id, .cancelled))
            if late { emit(.lateResultDropped(call)) }
            end(.cancelled(.superseded))
        }
    }

    private func outcome(of skill: any ToolSkill, _ call: ToolCall) async -> SkillOutcome {
        let clock = engine.clock
        let elapsed = AgentEngine.stopwatch(clock)
        let signal = turn?.signal
        let operation: @Sendable () async throws -> String = { try await skill.execute(arguments: call.arguments) }
        do {
            let outcome = try await withTimeout(engine.configuration.timeout(for: skill.id), clock: clock) {
                if let signal { return try await signal.raceKeepingLate(operation) }
                return .finished(try await operation())
            }
            switch outcome {
            case .finished(let result): return Task.isCancelled ? .cancelled : .result(result)
            case .superseded(let late): return .superseded(late: late != nil)
            }
        } catch {
            if signal?.isFired == true { return .superseded(late: false) }
            if Task.isCancelled { return .cancelled }
            if case SkillError.timeout = error { return .timedOut(after: elapsed()) }
            return .failed(error)
        }
    }

    /// Feeds a result back, summarized when it is over the limit.
    private func deliver(_ result: String, of call: ToolCall, skillID: String) {
        let configuration = engine.configuration
        var fed = result
        let bytes = result.utf8.count
        if bytes > configuration.resultLimit {
            fed = configuration.summarize(result, configuration.resultLimit, configuration.catalog)
            emit(.resultSummarized(call, bytes: bytes))
        }
        emit(.skillState(skillID: skillID, .completed))
        emit(.skillResult(call, fed))
        feed(call, fed, late: true)
    }

    private func feedFailure(_ call: ToolCall, _ error: any Error) {
        emit(.skillFailed(call, error: engine.configuration.catalog.describe(error)))
        feed(call, engine.configuration.catalog.failure(error))
    }

    /// Adds the call's result to the history and asks the model again. A result of a run the session
    /// moved past is dropped (`late`) and ends the run.
    private func feed(_ call: ToolCall, _ result: String, late: Bool = false) {
        history.append(.toolResult(call, result))
        uncommitted.append(.toolResult(call, result))
        guard commit(droppingLate: late ? call : nil) else { return }
        emit(.phase(.thinking))
        step = .request
    }
}
