import Foundation
import SkillCheckSupport
import SkillKit
import Testing

@Suite("ToolCall, LLMMessage and LLMResponse coding")
struct ToolCallCodingTests {
    static func encoded<Value: Encodable>(_ value: Value) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func decoded<Value: Decodable>(_ type: Value.Type, _ text: String) throws -> Value {
        try JSONDecoder().decode(type, from: Data(text.utf8))
    }

    @Test("object arguments are encoded as an object, and come back equal")
    func objectArguments() throws {
        let call = ToolCall(id: "call-1", name: "query_weather", arguments: ["city": "北京", "days": 3])
        let text = try Self.encoded(call)
        #expect(text == #"{"arguments":{"city":"北京","days":3},"id":"call-1","name":"query_weather"}"#)
        #expect(try Self.decoded(ToolCall.self, text) == call)
        #expect(call.argumentsText == #"{"city":"北京","days":3}"#)
    }

    @Test(
        "broken arguments are encoded as a string of their text, and come back byte for byte",
        arguments: [
            #"{"city": "北"#, "", "42", #""北京""#, "not json at all",
        ])
    func brokenArguments(text: String) throws {
        let call = ToolCall(id: "c", name: "n", arguments: Data(text.utf8))
        let encoded = try Self.encoded(call)
        #expect(try Self.decoded([String: JSON].self, encoded)["arguments"] == .string(text))
        #expect(try Self.decoded(ToolCall.self, encoded) == call)
    }

    @Test(
        "arguments spaced or ordered differently are the same call, and survive encoding and decoding",
        arguments: [
            #"{"city": "北京", "days": 3}"#, #"{ "days":3.0,"city":"北京" }"#,
        ])
    func equivalentArguments(text: String) throws {
        let call = ToolCall(id: "c", name: "n", arguments: Data(text.utf8))
        let canonical = ToolCall(id: "c", name: "n", arguments: ["city": "北京", "days": 3])
        #expect(call == canonical)
        #expect(call.hashValue == canonical.hashValue)
        #expect(try Self.decoded(ToolCall.self, try Self.encoded(call)) == call)
        #expect(call != ToolCall(id: "c", name: "n", arguments: ["city": "上海", "days": 3]))
        #expect(call != ToolCall(id: "d", name: "n", arguments: Data(text.utf8)))
        #expect(ToolCall(id: "c", name: "n", arguments: Data("{".utf8)) != ToolCall(id: "c", name: "n", arguments: Data("{ ".utf8)))
    }

    @Test("arguments sent as a string of JSON text (Chat Completions) decode to that text")
    func stringArguments() throws {
        let call = try Self.decoded(ToolCall.self, #"{"id":"c","name":"n","arguments":"{\"city\":\"北京\"}"}"#)
        #expect(call.argumentsText == #"{"city":"北京"}"#)
        #expect(try JSON(parsing: call.arguments) == ["city": "北京"])
    }

    @Test("missing or null arguments decode as an empty object")
    func missingArguments() throws {
        #expect(try Self.decoded(ToolCall.self, #"{"id":"c","name":"n"}"#).argumentsText == "{}")
        #expect(try Self.decoded(ToolCall.self, #"{"id":"c","name":"n","arguments":null}"#).argumentsText == "{}")
    }

    @Test("array arguments are encoded as an array")
    func arrayArguments() throws {
        let call = ToolCall(id: "c", name: "n", arguments: [1, "二"])
        #expect(try Self.encoded(call).contains(#""arguments":[1,"二"]"#))
        #expect(try Self.decoded(ToolCall.self, try Self.encoded(call)) == call)
    }

    static let call = ToolCall(id: "call-1", name: "query_weather", arguments: ["city": "北京"])

    @Test(
        "every message encodes with its role and comes back equal",
        arguments: [
            (LLMMessage.system("你是助手"), #"{"content":"你是助手","role":"system"}"#),
            (.user("北京天气"), #"{"content":"北京天气","role":"user"}"#),
            (.assistant("晴"), #"{"content":"晴","role":"assistant"}"#),
            (
                .toolCall(ToolCallCodingTests.call),
                #"{"call":{"arguments":{"city":"北京"},"id":"call-1","name":"query_weather"},"role":"toolCall"}"#
            ),
            (
                .toolResult(ToolCallCodingTests.call, "北京 晴"),
                #"{"call":{"arguments":{"city":"北京"},"id":"call-1","name":"query_weather"},"content":"北京 晴","role":"toolResult"}"#
            ),
        ])
    func messages(message: LLMMessage, text: String) throws {
        #expect(try Self.encoded(message) == text)
        #expect(try Self.decoded(LLMMessage.self, text) == message)
    }

    @Test("an unknown role is a decoding error, not a crash")
    func unknownRole() {
        #expect(throws: DecodingError.self) { try Self.decoded(LLMMessage.self, #"{"role":"robot","content":"x"}"#) }
    }

    @Test("LLMResponse and ToolSchema round-trip")
    func responseAndSchema() throws {
        let response = LLMResponse(text: "我查一下", toolCall: Self.call)
        #expect(try Self.decoded(LLMResponse.self, try Self.encoded(response)) == response)
        #expect(try Self.decoded(LLMResponse.self, try Self.encoded(LLMResponse(text: "好"))) == LLMResponse(text: "好"))
        let schema = ToolSchema(name: "q", description: "d", parameters: ["type": "object"])
        #expect(try Self.encoded(schema) == #"{"description":"d","name":"q","parameters":{"type":"object"}}"#)
        #expect(try Self.decoded(ToolSchema.self, try Self.encoded(schema)) == schema)
    }
}

@Suite("LLMClient's default stream")
struct LLMClientDefaultStreamTests {
    struct Whole: LLMClient {
        var response: Result<LLMResponse, ScriptedFailure>
        let calls = Counter()

        func complete(messages: [LLMMessage], tools: [ToolSchema]) async throws -> LLMResponse {
            calls.increment()
            return try response.get()
        }
    }

    struct ScriptedFailure: Error, Equatable {}

    final class Counter: Sendable {
        private let count = Locked(0)
        func increment() { count.withLock { $0 += 1 } }
        var value: Int { count.withLock { $0 } }
    }

    static func chunks(_ client: some LLMClient) async throws -> [LLMStreamChunk] {
        var all: [LLMStreamChunk] = []
        for try await chunk in client.stream(messages: [.user("x")], tools: []) { all.append(chunk) }
        return all
    }

    static let call = ToolCall(id: "c", name: "n", arguments: [:])

    @Test(
        "the text as one piece, then the tool call; one request",
        arguments: [
            (LLMResponse(text: "北京晴"), [LLMStreamChunk.text(Data("北京晴".utf8))]),
            (
                LLMResponse(text: "查一下", toolCall: LLMClientDefaultStreamTests.call),
                [.text(Data("查一下".utf8)), .toolCall(LLMClientDefaultStreamTests.call)]
            ),
            (LLMResponse(text: "", toolCall: LLMClientDefaultStreamTests.call), [.toolCall(LLMClientDefaultStreamTests.call)]),
            (LLMResponse(text: ""), []),
        ])
    func pieces(response: LLMResponse, expected: [LLMStreamChunk]) async throws {
        let client = Whole(response: .success(response))
        #expect(try await Self.chunks(client) == expected)
        #expect(client.calls.value == 1)
    }

    @Test("an error from complete comes out of the stream")
    func error() async {
        await #expect(throws: ScriptedFailure()) { try await Self.chunks(Whole(response: .failure(ScriptedFailure()))) }
    }

    @Test("nothing is sent until the stream is iterated")
    func lazy() {
        let client = Whole(response: .success(LLMResponse(text: "a")))
        _ = client.stream(messages: [], tools: [])
        #expect(client.calls.value == 0)
    }
}
