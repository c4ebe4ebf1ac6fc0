import Foundation
import SkillCheckSupport

/// A model service, behind the thinnest protocol the tool-calling loop needs (seed 002 §2.2).
///
/// Each vendor's HTTP, SSE and tool-call fields stay inside its implementation.
///
/// ```swift
/// struct MyClient: LLMClient {
///     func complete(messages: [LLMMessage], tools: [ToolSchema]) async throws -> LLMResponse {
///         // build the request, send it, parse the answer into:
///         LLMResponse(text: "北京今天晴", toolCall: nil)
///     }
/// }
/// ```
///
/// Tests use `ScriptedLLMClient` (SkillTesting), which plays a written script on the virtual clock.
public protocol LLMClient: Sendable {
    /// Sends the conversation and the tools the model may call; returns its whole answer.
    func complete(messages: [LLMMessage], tools: [ToolSchema]) async throws -> LLMResponse

    /// The same request, streamed.
    ///
    /// The answer's text as raw UTF-8 bytes in the pieces they arrived in (a piece may end inside a character:
    /// decode with `UTF8StreamDecoder`), then the tool call if the model made one.
    ///
    /// The default calls ``complete(messages:tools:)`` and yields its text as one piece. The stream runs
    /// in the task that iterates it, so cancelling that task cancels the request.
    func stream(messages: [LLMMessage], tools: [ToolSchema]) -> AsyncThrowingStream<LLMStreamChunk, any Error>

    /// The dialect the provider takes tools' schemas in: the engine sends each tool's variant for it.
    ///
    /// The default is ``SchemaDialect/jsonSchema``, the schema as written.
    var schemaDialect: SchemaDialect { get }
}

/// One piece of a streamed answer.
public enum LLMStreamChunk: Sendable, Hashable {
    /// Bytes of the answer's text, as they arrived: not necessarily whole characters.
    case text(Data)
    /// The tool the model decided to call.
    case toolCall(ToolCall)
}

extension LLMClient {
    public var schemaDialect: SchemaDialect { .jsonSchema }

    public func stream(messages: [LLMMessage], tools: [ToolSchema]) -> AsyncThrowingStream<LLMStreamChunk, any Error> {
        completeAsStream(messages: messages, tools: tools)
    }

    /// ``complete(messages:tools:)`` as a stream of chunks: the whole text in one piece, then the tool call.
    ///
    /// It runs in the iterating task.
    package func completeAsStream(messages: [LLMMessage], tools: [ToolSchema]) -> AsyncThrowingStream<LLMStreamChunk, any Error> {
        let pending = Locked<[LLMStreamChunk]?>(nil)
        return AsyncThrowingStream(unfolding: {
            if pending.withLock({ $0 == nil }) {
                let response = try await complete(messages: messages, tools: tools)
                var chunks: [LLMStreamChunk] = response.text.isEmpty ? [] : [.text(Data(response.text.utf8))]
                if let call = response.toolCall { chunks.append(.toolCall(call)) }
                pending.withLock { $0 = chunks }
            }
            return pending.withLock { chunks -> LLMStreamChunk? in
                chunks?.isEmpty == false ? chunks?.removeFirst() : nil
            }
        })
    }
}
