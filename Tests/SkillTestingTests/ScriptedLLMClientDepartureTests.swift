import Foundation
import SkillKit
import SkillTesting
import Testing

@Suite("ScriptedLLMClient: departures, recording and unplayed turns")
struct ScriptedLLMClientDepartureTests {
    static let weather = ToolSchema(name: "query_weather", description: "天气", parameters: ["type": "object"])
    static let calendar = ToolSchema(name: "query_calendar", description: "日历", parameters: ["type": "object"])
    static let call = ToolCall(id: "call-1", name: "query_weather", arguments: ["city": "北京"])

    /// The error the request throws, or nil.
    @available(SkillCheckTesting, *)
    func departure(_ turn: ScriptedTurn, messages: [LLMMessage], tools: [ToolSchema]) async -> ScriptError? {
        let model = ScriptedLLMClient(turns: [turn])
        do {
            _ = try await model.complete(messages: messages, tools: tools)
            return nil
        } catch {
            #expect(model.scriptErrors.count == 1)
            return error as? ScriptError
        }
    }

    @available(SkillCheckTesting, *)
    @Test("tools exactly: says which turn, what was expected, what arrived")
    func toolsExactly() async throws {
        let error = await departure(
            .text("好").expecting(tools: .exactly(["query_weather"])),
            messages: [.user("北京天气")], tools: [Self.weather, Self.calendar])
        #expect(
            error?.description == "turn 1 of 1 departs from the script: expected the tools to be exactly "
                + "[query_weather]; arrived: tools [query_weather, query_calendar], last message user(\"北京天气\")")
    }

    @available(SkillCheckTesting, *)
    @Test(
        "tools including and excluding",
        arguments: [
            (ScriptedTurn.Expectation.Tools.including(["query_calendar"]), "expected the tools to include [query_calendar]"),
            (.excluding(["query_weather"]), "expected the tools not to include [query_weather]"),
        ])
    func toolsIncludingExcluding(tools: ScriptedTurn.Expectation.Tools, expected: String) async throws {
        let error = await departure(.text("好").expecting(tools: tools), messages: [.user("x")], tools: [Self.weather])
        #expect(error?.description.contains(expected) == true)
        #expect(error?.description.contains("arrived: tools [query_weather]") == true)
        #expect(await departure(.text("好").expecting(tools: tools), messages: [.user("x")], tools: [Self.calendar]) == nil)
    }

    @available(SkillCheckTesting, *)
    @Test("the last message: user text, a tool result for a call containing a text, an exact message")
    func lastMessage() async throws {
        let result = LLMMessage.toolResult(Self.call, "北京 晴 21°C")
        #expect(await departure(.text("好").expecting(lastMessage: .user("北京天气")), messages: [.user("北京天气")], tools: []) == nil)
        #expect(
            await departure(
                .text("好").expecting(lastMessage: .toolResult(callID: "call-1", containing: "晴")),
                messages: [.user("x"), .toolCall(Self.call), result], tools: []) == nil)
        #expect(await departure(.text("好").expecting(lastMessage: .exactly(result)), messages: [result], tools: []) == nil)

        let wrongResult = await departure(
            .text("好").expecting(lastMessage: .toolResult(callID: "call-1", containing: "雨")),
            messages: [result], tools: [Self.weather])
        #expect(
            wrongResult?.description == "turn 1 of 1 departs from the script: expected the last message to be the "
                + "result of call call-1, containing \"雨\"; arrived: tools [query_weather], last message "
                + "toolResult(call-1 query_weather: \"北京 晴 21°C\")")
        let wrongUser = await departure(.text("好").expecting(lastMessage: .user("上海天气")), messages: [result], tools: [])
        #expect(wrongUser?.description.contains("expected the last message to be user(\"上海天气\")") == true)
        let noMessages = await departure(.text("好").expecting(lastMessage: .user("x")), messages: [], tools: [])
        #expect(noMessages?.description.contains("last message (none: no messages)") == true)
    }

    @available(SkillCheckTesting, *)
    @Test("both parts that depart are listed")
    func bothParts() async throws {
        let error = await departure(
            .text("好").expecting(tools: .exactly([]), lastMessage: .user("a")),
            messages: [.user("b")], tools: [Self.weather])
        #expect(error?.description.contains("expected the tools to be exactly []; and the last message to be user(\"a\")") == true)
    }

    @available(SkillCheckTesting, *)
    @Test("a request after the last turn: the script has 3 turns; a 4th request arrived")
    func extraRequest() async throws {
        let model = ScriptedLLMClient(turns: [.text("1"), .text("2"), .text("3")])
        for _ in 1...3 { _ = try await model.complete(messages: [.user("x")], tools: []) }
        let long = String(repeating: "很长的结果", count: 40)
        do {
            _ = try await chunks(of: model.stream(messages: [.toolResult(Self.call, long)], tools: [Self.weather]))
            Issue.record("expected extraRequest")
        } catch let error as ScriptError {
            #expect(
                error.description.hasPrefix(
                    "the script has 3 turns; a 4th request arrived: tools [query_weather], "
                        + "last message toolResult(call-1 query_weather: \"很长的结果"))
            #expect(error.description.hasSuffix("… (600 bytes)\")"))
        }
        #expect(model.unplayedTurns.isEmpty)
        #expect(throws: ScriptError.self) { try model.verifyFinished() }
    }

    @available(SkillCheckTesting, *)
    @Test("every request is recorded: turn, messages, tools, streamed or not, departures included")
    func recording() async throws {
        let model = ScriptedLLMClient(turns: [
            .toolCall("query_weather", ["city": "北京"]),
            .text("好").expecting(tools: .exactly([])),
        ])
        _ = try await model.complete(messages: [.user("北京天气")], tools: [Self.weather, Self.calendar])
        let second: [LLMMessage] = [.user("北京天气"), .toolCall(Self.call), .toolResult(Self.call, "晴")]
        await #expect(throws: ScriptError.self) { try await chunks(of: model.stream(messages: second, tools: [Self.weather])) }
        #expect(
            model.requests == [
                ScriptedRequest(turn: 1, messages: [.user("北京天气")], tools: [Self.weather, Self.calendar], streamed: false),
                ScriptedRequest(turn: 2, messages: second, tools: [Self.weather], streamed: true),
            ])
        #expect(model.requests.map(\.toolNames) == [["query_weather", "query_calendar"], ["query_weather"]])
        #expect(model.requests[1].lastMessage == .toolResult(Self.call, "晴"))
    }

    @available(SkillCheckTesting, *)
    @Test("verifyFinished fails listing each turn never played")
    func unplayed() async throws {
        let model = ScriptedLLMClient(turns: [
            .text("1"),
            .toolCall("query_weather", ["city": "北京"]),
            .text("北京今天晴"),
        ])
        _ = try await model.complete(messages: [.user("x")], tools: [])
        #expect(model.unplayedTurns == [2, 3])
        #expect(
            throws: ScriptError.unfinished(
                played: 1, turnCount: 3,
                unplayed: [
                    "turn 2: tool call query_weather {\"city\":\"北京\"}",
                    "turn 3: text \"北京今天晴\"",
                ])
        ) { try model.verifyFinished() }
        let error = ScriptError.unfinished(played: 1, turnCount: 3, unplayed: ["turn 2: x"])
        #expect(error.description == "the script has 3 turns but only 1 was played; never reached: turn 2: x")
    }

    @available(SkillCheckTesting, *)
    @Test("verifyFinished fails on a departure the engine swallowed, even when every turn was played")
    func swallowedDeparture() async throws {
        let model = ScriptedLLMClient(turns: [.text("好").expecting(lastMessage: .user("a"))])
        _ = try? await model.complete(messages: [.user("b")], tools: [])
        #expect(model.unplayedTurns.isEmpty)
        #expect {
            try model.verifyFinished()
        } throws: { error in
            (error as? ScriptError)?.description.hasPrefix("turn 1 of 1 departs from the script") == true
        }
    }

    @available(SkillCheckTesting, *)
    @Test("an empty script refuses the first request; a played script verifies")
    func emptyScript() async throws {
        let empty = ScriptedLLMClient(turns: [])
        try empty.verifyFinished()
        await #expect(throws: ScriptError.self) { try await empty.complete(messages: [.user("x")], tools: []) }
        #expect(empty.scriptErrors.first?.description.hasPrefix("the script has 0 turns; a 1st request arrived") == true)
    }

    @Test("ordinals read as English")
    @available(SkillCheckTesting, *)
    func ordinals() {
        let request = ScriptedRequest(turn: 0, messages: [], tools: [], streamed: false)
        let words = [1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111].map { number in
            var numbered = request
            numbered.turn = number
            return ScriptError.extraRequest(numbered, turnCount: 0).description
                .replacingOccurrences(of: "the script has 0 turns; a ", with: "").components(separatedBy: " ")[0]
        }
        #expect(words == ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st", "111th"])
    }
}
