import Foundation
import SkillKit
import SkillTesting

/// The replay's model as the recorded client was: it takes tools' schemas in the transcript's dialect,
/// so the engine sends each tool's variant for it, as it did live.
@available(SkillCheckTesting, *)
struct DialectClient: LLMClient {
    let base: any LLMClient
    let schemaDialect: SchemaDialect

    func complete(messages: [LLMMessage], tools: [ToolSchema]) async throws -> LLMResponse {
        try await base.complete(messages: messages, tools: tools)
    }

    func stream(messages: [LLMMessage], tools: [ToolSchema]) -> AsyncThrowingStream<LLMStreamChunk, any Error> {
        base.stream(messages: messages, tools: tools)
    }
}
