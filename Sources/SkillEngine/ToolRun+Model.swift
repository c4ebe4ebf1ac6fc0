import Foundation
import SkillKit

extension ToolRun {
    /// Sends the next request to the model, unless the run has used all its iterations.
    func request() {
        guard requests < engine.configuration.maxIterations else {
            let error = ToolCallingError.iterationLimit(engine.configuration.maxIterations)
            end(.failed(engine.configuration.catalog.describe(error)), throwing: error)
            return
        }
        if let clash = engine.registry.visibleNameClashes().first {
            let error = ToolCallingError.toolNameClash(clash)
            end(.failed(engine.configuration.catalog.describe(error)), throwing: error)
            return
        }
        requests += 1
        send()
    }

    /// Sends the history to the model (again, for a retry), tagged with the run and the attempt.
    func send() {
        attempts += 1
        let tools = engine.registry.visibleSchemas(for: engine.model.schemaDialect)
        let tag = ModelRequestTag(engine: ObjectIdentifier(engine), run: number, request: requests, attempt: attempts)
        let chunks = ModelRequestTag.$current.withValue(tag) {
            engine.configuration.streaming
                ? engine.model.stream(messages: history, tools: tools)
                : engine.model.completeAsStream(messages: history, tools: tools)
        }
        step = .streaming(ModelAnswer(chunks, tag: tag))
    }

    /// Whether the failed request is sent again under ``ToolCallingEngine/Configuration/modelRetry``:
    /// after the policy's wait on the engine's clock, while the answer showed no text.
    func retries(_ answer: ModelAnswer, after error: any Error) async -> Bool {
        guard let policy = engine.configuration.modelRetry, !answer.hasText, retriesUsed < policy.maxRetries,
            policy.shouldRetry(error)
        else { return false }
        let delay = policy.delay(forRetry: retriesUsed, using: &retryRandomness)
        retriesUsed += 1
        do {
            try await engine.clock.sleep(for: delay)
        } catch {
            end(.cancelled(.callerCancelled))
            return true
        }
        send()
        return true
    }

    /// Reads the next piece of the model's answer.
    func stream(_ answer: ModelAnswer) async {
        do {
            switch try await answer.nextPiece() {
            case .text(let text):
                if answer.markResponding() { emit(.phase(.responding)) }
                emit(.textChunk(text))
            case .finished(let text, nil):
                history.append(.assistant(text))
                uncommitted.append(.assistant(text))
                guard commit() else { return }
                emit(.completed(text))
                end(nil)
            case .finished(let text, let call?):
                let entries: [LLMMessage] = (text.isEmpty ? [] : [.assistant(text)]) + [.toolCall(call)]
                history += entries
                uncommitted += entries
                step = .execute(call)
            case .nothing:
                break
            }
        } catch {
            if Task.isCancelled || error is CancellationError {
                end(.cancelled(.callerCancelled))
            } else if await retries(answer, after: error) {
                return
            } else {
                let text = engine.configuration.catalog.describe(error)
                end(.failed(text), throwing: ToolCallingError.model(text))
            }
        }
    }

    /// Adds what this run said since the last commit to the session, when the run is still the
    /// session's latest; else ends it as superseded and returns `false`.
    func commit(droppingLate call: ToolCall? = nil) -> Bool {
        guard session.append(uncommitted, ifGeneration: generation) else {
            if let call { emit(.lateResultDropped(call)) }
            end(.cancelled(.superseded))
            return false
        }
        uncommitted = []
        return true
    }
}

/// The model's answer to one request, read piece by piece: decoded text as it arrives, then the whole
/// text and the tool call.
final class ModelAnswer: @unchecked Sendable {
    enum Piece {
        case text(String)
        case finished(String, ToolCall?)
        /// A piece that completed no character yet.
        case nothing
    }

    private var iterator: AsyncThrowingStream<LLMStreamChunk, any Error>.AsyncIterator
    private var decoder = UTF8StreamDecoder()
    private var text = ""
    private var call: ToolCall?
    private var responding = false
    /// The request this answers.
    let tag: ModelRequestTag

    init(_ chunks: AsyncThrowingStream<LLMStreamChunk, any Error>, tag: ModelRequestTag) {
        iterator = chunks.makeAsyncIterator()
        self.tag = tag
    }

    /// Whether any text of the answer arrived.
    var hasText: Bool { !text.isEmpty || responding }

    func nextPiece() async throws -> Piece {
        // The tag is set while the answer is read too: a client that sends its request on the first
        // read, or again in a retry of its own, still sees which request of which run it is.
        let next = try await ModelRequestTag.$current.withValue(tag) { try await iterator.next() }
        switch next {
        case .text(let bytes)?:
            let decoded = decoder.decode(bytes)
            text += decoded
            return decoded.isEmpty ? .nothing : .text(decoded)
        case .toolCall(let call)?:
            self.call = call
            return .nothing
        case nil:
            // A stream whose consumer was cancelled ends quietly: that is not the end of the answer.
            try Task.checkCancellation()
            let rest = decoder.finish()
            text += rest
            if !rest.isEmpty { return .text(rest) }
            return .finished(text, call)
        }
    }

    /// Whether this is the first text of the answer (the phase turns to responding once).
    func markResponding() -> Bool {
        defer { responding = true }
        return !responding
    }
}
