import Foundation
import SkillEngine
import SkillKit
import Testing

@testable import SkillScenarios

@Suite("JSONValue(encoding:) gives what JSONEncoder wrote and the parser read back, without the text")
struct JSONValueEncoderTests {
    /// The round trip the encoder replaces: `JSONEncoder` (sorted keys, ISO 8601 dates), then the parser.
    @available(SkillCheckTesting, *)
    static func throughText<Value: Encodable>(_ value: Value) throws -> JSONValue {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return try JSONParser.parse(try encoder.encode(value), file: "<encoded>").value
    }

    struct Sample: Encodable {
        var b = "text \"quoted\" and \\ and 世界 and \n"
        var B = 1
        var a10 = [1.5, -0.0, 1e300, 0.1]
        var a2: Int? = nil
        var _x: [String: Int] = ["item10": 1, "item2": 2, "Zeta": 3, "alpha": 4]
        var nested: [Sample]? = nil
        var date = Date(timeIntervalSince1970: 1_767_225_600)
        var data = Data([0, 1, 2, 250])
        var float: Float = 0.1
        var flag = true
        var url = URL(string: "https://example.com/a?b=c")!
        var tuple: [[Int]] = [[], [1, 2]]
    }

    @available(SkillCheckTesting, *)
    @Test("structs, optionals, nested arrays and dictionaries, dates, data, floats and mixed-case keys")
    func structures() throws {
        let sample = Sample(nested: [Sample()])
        #expect(try JSONValue(encoding: sample) == Self.throughText(sample))
        #expect(try JSONValue(encoding: sample).canonical == Self.throughText(sample).canonical)
    }

    @available(SkillCheckTesting, *)
    @Test("the engine's events and the model's messages, as replay observes them")
    func engineValues() throws {
        let call = ToolCall(id: "call-1", name: "weather", arguments: ["city": "北京", "days": 2])
        let messages: [LLMMessage] = [
            .system("be brief"), .user("天气"), .assistant("晴"), .toolCall(call), .toolResult(call, "{\"temp\": 21}"),
        ]
        for message in messages {
            #expect(try JSONValue(encoding: message).canonical == Self.throughText(message).canonical, "\(message)")
        }
        let events: [ToolCallingEvent] = [
            .queued, .rejected("busy"), .textChunk("晴"), .skillSelected(call), .skillResult(call, "ok"),
            .resultSummarized(call, bytes: 12), .skillFailed(call, error: "boom"), .timedOut(call, seconds: 1.5),
            .lateResultDropped(call), .completed("done"), .cancelled(.callerCancelled), .cancelled(.superseded),
            .skillState(skillID: "weather", .executing(progress: 0.5)), .skillState(skillID: "w", .failed("x")), .phase(.idle),
            .phase(.executing(skillID: "weather")),
        ]
        for event in events {
            #expect(try JSONValue(encoding: event).canonical == Self.throughText(event).canonical, "\(event)")
        }
    }
}
