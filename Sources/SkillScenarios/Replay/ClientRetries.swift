import Foundation
import SkillKit
import SkillTesting

/// The app's client as a recording saw it retry below the engine: a turn marked `"retriedBy": "client"`
/// fails, and the request is sent again after the recorded wait, without the engine seeing the failure.
///
/// Only a marked turn is retried, and only once per mark: the replay does what the live session did,
/// never more.
@available(SkillCheckTesting, *)
struct ClientRetries: LLMClient {
    let base: ScriptedLLMClient
    /// Per turn (from 1): the wait before the client sent the request again, for a marked turn.
    let retried: [Int: Duration]
    let clock: any Clock<Duration>

    var schemaDialect: SchemaDialect { base.schemaDialect }

    func complete(messages: [LLMMessage], tools: [ToolSchema]) async throws -> LLMResponse {
        while true {
            do {
                return try await base.complete(messages: messages, tools: tools)
            } catch {
                guard let wait = retried[base.requests.count], !(error is ScriptError) else { throw error }
                try await clock.sleep(for: wait)
            }
        }
    }

    func stream(messages: [LLMMessage], tools: [ToolSchema]) -> AsyncThrowingStream<LLMStreamChunk, any Error> {
        let attempt = Attempt(base.stream(messages: messages, tools: tools).makeAsyncIterator())
        let base = base, retried = retried, clock = clock
        return AsyncThrowingStream(unfolding: {
            while true {
                do {
                    return try await attempt.next()
                } catch {
                    guard !attempt.sentPieces, let wait = retried[base.requests.count], !(error is ScriptError) else { throw error }
                    try await clock.sleep(for: wait)
                    attempt.iterator = base.stream(messages: messages, tools: tools).makeAsyncIterator()
                }
            }
        })
    }

    /// The current attempt's stream, read by the one task that iterates the replay's stream.
    final class Attempt: @unchecked Sendable {
        var iterator: AsyncThrowingStream<LLMStreamChunk, any Error>.AsyncIterator
        var sentPieces = false

        init(_ iterator: AsyncThrowingStream<LLMStreamChunk, any Error>.AsyncIterator) {
            self.iterator = iterator
        }

        func next() async throws -> LLMStreamChunk? {
            let piece = try await iterator.next()
            if piece != nil { sentPieces = true }
            return piece
        }
    }
}
