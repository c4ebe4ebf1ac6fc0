import Foundation
import SkillKit
import SkillTesting
import Testing

/// Every chunk of a stream, in order.
func chunks(of stream: AsyncThrowingStream<LLMStreamChunk, any Error>) async throws -> [LLMStreamChunk] {
    var all: [LLMStreamChunk] = []
    for try await chunk in stream { all.append(chunk) }
    return all
}

/// The text pieces' bytes, as arrays, for comparing cuts.
func pieces(_ chunks: [LLMStreamChunk]) -> [[UInt8]] {
    chunks.compactMap { chunk in
        if case .text(let data) = chunk { return Array(data) }
        return nil
    }
}

@Suite("ScriptedLLMClient: playing turns")
struct ScriptedLLMClientTests {
    static let ask: [LLMMessage] = [.user("北京天气怎么样")]

    @available(SkillCheckTesting, *)
    @Test("complete answers each turn in order: text, a tool call, text and a call")
    func completeInOrder() async throws {
        let model = ScriptedLLMClient(turns: [
            .toolCall("query_weather", ["city": "北京"]),
            .toolCall("query_weather", ["city": "上海"], text: "再查上海。"),
            .text("北京晴，上海雨"),
        ])
        #expect(
            try await model.complete(messages: Self.ask, tools: [])
                == LLMResponse(text: "", toolCall: ToolCall(id: "call-1", name: "query_weather", arguments: ["city": "北京"])))
        #expect(
            try await model.complete(messages: Self.ask, tools: [])
                == LLMResponse(text: "再查上海。", toolCall: ToolCall(id: "call-2", name: "query_weather", arguments: ["city": "上海"])))
        #expect(try await model.complete(messages: Self.ask, tools: []) == LLMResponse(text: "北京晴，上海雨"))
        try model.verifyFinished()
    }

    @available(SkillCheckTesting, *)
    @Test("tool calls are numbered over the script, played or not; an explicit id is kept")
    func callIDs() async throws {
        let model = ScriptedLLMClient(turns: [
            .text("先想想"),
            .toolCall("a", id: "mine"),
            .toolCall("b"),
        ])
        _ = try await model.complete(messages: Self.ask, tools: [])
        #expect(try await model.complete(messages: Self.ask, tools: []).toolCall?.id == "mine")
        #expect(try await model.complete(messages: Self.ask, tools: []).toolCall?.id == "call-2")
    }

    @available(SkillCheckTesting, *)
    @Test("raw arguments are sent byte for byte, broken JSON included")
    func rawArguments() async throws {
        let broken = #"{"city": "北"#
        let model = ScriptedLLMClient(turns: [.toolCall("query_weather", rawArguments: broken)])
        let call = try await model.complete(messages: Self.ask, tools: []).toolCall
        #expect(call?.arguments == Data(broken.utf8))
    }

    @available(SkillCheckTesting, *)
    @Test("failure turns throw from complete and from stream: rate limit, lost connection, any error")
    func failures() async throws {
        struct Custom: Error, Equatable {}
        let model = ScriptedLLMClient(turns: [.rateLimited, .connectionLost, .failure(Custom())])
        await #expect(throws: ScriptedModelError.rateLimited) { try await model.complete(messages: Self.ask, tools: []) }
        await #expect(throws: ScriptedModelError.connectionLost) { try await chunks(of: model.stream(messages: Self.ask, tools: [])) }
        await #expect(throws: Custom()) { try await model.complete(messages: Self.ask, tools: []) }
        try model.verifyFinished()
        #expect(ScriptedModelError.rateLimited.description.contains("HTTP 429"))
    }

    // MARK: Streaming

    @available(SkillCheckTesting, *)
    @Test("stream yields the text's bytes cut at the given offsets, then the tool call")
    func streamOffsets() async throws {
        let model = ScriptedLLMClient(turns: [
            .toolCall("query_weather", ["city": "北京"], text: "好的").chunked(.offsets([1, 4]))
        ])
        let all = try await chunks(of: model.stream(messages: Self.ask, tools: []))
        let bytes = Array("好的".utf8)
        #expect(pieces(all) == [Array(bytes[0..<1]), Array(bytes[1..<4]), Array(bytes[4...])])
        #expect(all.last == .toolCall(ToolCall(id: "call-1", name: "query_weather", arguments: ["city": "北京"])))
        #expect(all.count == 4)
    }

    @available(SkillCheckTesting, *)
    @Test(
        "a piece can end inside a character; UTF8StreamDecoder puts the text back together",
        arguments: 1...5)
    func splitInsideCharacters(size: Int) async throws {
        let text = "Hi 北京今天晴 🌞, 21°C!"
        let model = ScriptedLLMClient(turns: [.text(text, chunks: .bytes(size))])
        let cut = pieces(try await chunks(of: model.stream(messages: Self.ask, tools: [])))
        #expect(cut.allSatisfy { $0.count <= size })
        #expect(cut.flatMap { $0 } == Array(text.utf8))
        var decoder = UTF8StreamDecoder()
        let decoded = cut.map { decoder.decode(Data($0)) }.joined() + decoder.finish()
        #expect(decoded == text)
        if size < 4 {
            // The cut really falls inside a character: decoding each piece alone garbles the text.
            #expect(cut.map { String(decoding: $0, as: UTF8.self) }.joined() != text)
        }
    }

    @available(SkillCheckTesting, *)
    @Test("an empty text yields no text piece; whole text is one piece")
    func wholeAndEmpty() async throws {
        let model = ScriptedLLMClient(turns: [.toolCall("a"), .text("北京")])
        #expect(try await chunks(of: model.stream(messages: Self.ask, tools: [])).count == 1)
        #expect(pieces(try await chunks(of: model.stream(messages: Self.ask, tools: []))) == [Array("北京".utf8)])
    }

    @available(SkillCheckTesting, *)
    @Test("a stream can break off midway: its pieces, then the failure")
    func breaksOff() async throws {
        let model = ScriptedLLMClient(turns: [
            .text("北京今天", chunks: .bytes(6)).failing(with: ScriptedModelError.connectionLost)
        ])
        var received: [LLMStreamChunk] = []
        await #expect(throws: ScriptedModelError.connectionLost) {
            for try await chunk in model.stream(messages: Self.ask, tools: []) { received.append(chunk) }
        }
        #expect(pieces(received) == [Array("北京".utf8), Array("今天".utf8)])
        await #expect(throws: (any Error).self) {
            try await ScriptedLLMClient(turns: [.text("x").failing(with: ScriptedModelError.rateLimited)])
                .complete(messages: Self.ask, tools: [])
        }
    }

    @available(SkillCheckTesting, *)
    @Test("the turn is taken when iteration starts, not when the stream is made")
    func lazyStream() async throws {
        let model = ScriptedLLMClient(turns: [.text("a")])
        let stream = model.stream(messages: Self.ask, tools: [])
        #expect(model.requests.isEmpty)
        _ = try await chunks(of: stream)
        #expect(model.requests.map(\.streamed) == [true])
    }

    @available(SkillCheckTesting, *)
    @Test(
        "a turn that cannot be played as written fails with the reason, never traps",
        arguments: [
            (ScriptedTurn.Chunking.bytes(0), "a piece holds at least 1 byte"),
            (.offsets([0]), "chunk offset 0 is not inside the text's 6 bytes; write offsets from 1 to 5"),
            (.offsets([9]), "chunk offset 9 is not inside"),
            (.offsets([3, 3]), "chunk offsets must increase: 3 comes after 3"),
        ])
    func invalidChunking(chunking: ScriptedTurn.Chunking, reason: String) async throws {
        let model = ScriptedLLMClient(turns: [.text("北京", chunks: chunking)])
        do {
            _ = try await chunks(of: model.stream(messages: Self.ask, tools: []))
            Issue.record("expected invalidTurn")
        } catch let error as ScriptError {
            guard case .invalidTurn(1, let found) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(found.contains(reason))
            #expect(error.description.hasPrefix("turn 1 of the script cannot be played: "))
        }
        #expect(model.scriptErrors.count == 1)
    }

    @available(SkillCheckTesting, *)
    @Test("concurrent requests each take a turn of their own")
    func concurrentRequests() async throws {
        let model = ScriptedLLMClient(turns: (1...40).map { .text("answer \($0)") })
        let answers = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 1...40 { group.addTask { try await model.complete(messages: Self.ask, tools: []).text } }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(answers == Set((1...40).map { "answer \($0)" }))
        #expect(model.requests.map(\.turn) == Array(1...40))
        try model.verifyFinished()
    }
}
