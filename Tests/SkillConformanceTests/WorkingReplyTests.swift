import BundledReferenceSkills
import Foundation
import SkillKit
import SkillTesting
import Testing

@testable import SkillConformance

/// The reply a healthy run's requests get is fitted to the skill: a tool that reads a list cannot use a
/// weather document, and without a reply it can read, what it does after the reply was never judged.
@Suite("The working reply fits the skill")
struct WorkingReplyTests {
    /// Lists a repository's issues and notes how many it saw, with the labels' status, after a `try?` that swallows
    /// cancellation: a bug only a run that gets past the list's decoding reaches.
    struct IssueCountTool: ToolSkill {
        let context: SkillContext
        var id: String { "issues.count" }
        var name: String { "count_issues" }
        var description: String { "Counts a repository's open issues." }
        var inputSchema: JSON { ["type": "object", "properties": ["repo": ["type": "string"]], "required": ["repo"]] }
        var sampleArguments: [JSON] { [["repo": "octo/hello"]] }

        struct Issue: Decodable { let title: String }

        func execute(arguments: Data) async throws -> String {
            try Task.checkCancellation()
            let response: NetworkResponse
            do {
                response = try await context.networkService.send(NetworkRequest(url: URL(string: "https://api.example.com/issues")!))
            } catch let error as NetworkError {
                throw SkillError.executionFailed("\(error)")
            }
            guard response.isSuccess, let issues = try? JSONDecoder().decode([Issue].self, from: response.body) else {
                throw SkillError.executionFailed("the issues could not be read")
            }
            // The bug: `try?` swallows a cancellation that comes during the second request, and the write goes on.
            let labels = try? await context.networkService.send(NetworkRequest(url: URL(string: "https://api.example.com/labels")!))
            try await context.storage.saveDocument(Data("\(issues.count) \(labels?.status ?? 0)".utf8), id: "last", in: "counts")
            return "\(issues.count) open issues"
        }
    }

    @Test("a list reader gets [], a weather skill the weather document, a skill with no request the default")
    func fitted() async {
        #expect(await WorkingReply.fitted(for: SkillUnderTest(tool: { IssueCountTool(context: $0) }), limits: CheckLimits()) == "[]")
        #expect(await WorkingReply.fitted(for: SkillUnderTest(WeatherSkill()), limits: CheckLimits()) == InjectedFault.weatherBody)
        #expect(await WorkingReply.fitted(for: SkillUnderTest(NoteSkill()), limits: CheckLimits()) == InjectedFault.weatherBody)
    }

    /// Asks a model through the context's network and decodes the provider's answer strictly, as a hand-written
    /// client of a tool loop does (seed 002); the answer's text is the result.
    struct AskModelTool: ToolSkill {
        enum Provider: String { case anthropic, openAI }
        let context: SkillContext
        let provider: Provider
        var id: String { "ask.\(provider.rawValue)" }
        var name: String { "ask_model" }
        var description: String { "Asks a model." }
        var inputSchema: JSON { ["type": "object", "properties": ["question": ["type": "string"]], "required": ["question"]] }
        var sampleArguments: [JSON] { [["question": "What is 6 × 7?"]] }

        struct Message: Decodable {
            struct Block: Decodable { let type: String, text: String? }
            let id: String, role: String, model: String, content: [Block]
        }
        struct Completion: Decodable {
            struct Choice: Decodable {
                struct Message: Decodable { let role: String, content: String? }
                let index: Int, message: Message
            }
            let id: String, object: String, created: Int, model: String, choices: [Choice]
        }

        func execute(arguments: Data) async throws -> String {
            let url = URL(
                string: provider == .anthropic ? "https://api.anthropic.com/v1/messages" : "https://api.openai.com/v1/chat/completions")!
            let response: NetworkResponse
            do {
                response = try await context.networkService.send(NetworkRequest(method: .post, url: url, body: arguments))
            } catch let error as NetworkError {
                throw SkillError.executionFailed("\(error)")
            }
            do {
                switch provider {
                case .anthropic: return try JSONDecoder().decode(Message.self, from: response.body).content.compactMap(\.text).joined()
                case .openAI: return try JSONDecoder().decode(Completion.self, from: response.body).choices.first?.message.content ?? ""
                }
            } catch {
                throw SkillError.executionFailed("the model's answer could not be read")
            }
        }
    }

    @Test("a skill that asks a model gets its provider's text answer, so its first round ends and is judged")
    func modelAnswers() async throws {
        for (provider, shape) in [(AskModelTool.Provider.anthropic, "Anthropic Messages"), (.openAI, "OpenAI Chat Completions")] {
            let fitted = await WorkingReply.fitted(
                for: SkillUnderTest(tool: { AskModelTool(context: $0, provider: provider) }), limits: CheckLimits())
            #expect(fitted == WorkingReply.modelAnswers.first { $0.provider == shape }?.body, "\(provider)")
        }
        for answer in WorkingReply.modelAnswers {
            #expect((try? JSONSerialization.jsonObject(with: Data(answer.body.utf8))) is [String: Any], "\(answer.provider)")
        }
    }

    /// A tool loop (seed 002) on Anthropic's Messages API with one tool, save_note: the tool looks the note up with a
    /// `try?` that swallows cancellation, then writes, then the loop asks the model again. Only a model that calls
    /// the tool reaches the write.
    struct NoteLoopTool: ToolSkill {
        let context: SkillContext
        /// The most rounds the loop asks the model; `nil`: no cap.
        var cap: Int? = 4
        /// The round from which the loop lets the model call no tool (`"tool_choice": {"type": "none"}`), if any.
        var noToolsFrom: Int? = nil
        /// Whether every other round offers another tool instead, as after a handoff to another agent.
        var handsOff = false
        /// A budget of seconds (by the context's time) after which the loop stops asking, if any.
        var budget: TimeInterval? = nil
        var id: String { "notes.loop" }
        var name: String { "take_note" }
        var description: String { "Lets a model take a note." }
        var inputSchema: JSON { ["type": "object", "properties": ["request": ["type": "string"]], "required": ["request"]] }
        var sampleArguments: [JSON] { [["request": "note that the meeting moved to 3 pm"]] }

        struct Message: Decodable {
            struct Block: Decodable { let type: String, text: String?, name: String?, input: JSON? }
            let content: [Block]
            let stop_reason: String?
        }

        func execute(arguments: Data) async throws -> String {
            let url = URL(string: "https://api.anthropic.com/v1/messages")!
            var turns = 0
            let start = context.now
            while turns < cap ?? .max {
                if let budget, context.now.timeIntervalSince(start) > budget { return "out of time" }
                turns += 1
                let tools: JSON = [
                    [
                        "name": handsOff && turns % 2 == 0 ? "save_reminder" : "save_note", "description": "Saves a note.",
                        "input_schema": ["type": "object", "properties": ["text": ["type": "string"]], "required": ["text"]],
                    ]
                ]
                let choice: JSON = noToolsFrom.map { turns >= $0 } == true ? ["type": "none"] : ["type": "auto"]
                let body: JSON = ["model": "claude-sonnet-4-5", "max_tokens": 256, "tools": tools, "tool_choice": choice, "messages": []]
                let response: NetworkResponse
                do {
                    response = try await context.networkService.send(NetworkRequest(method: .post, url: url, body: body.data))
                } catch let error as NetworkError {
                    throw SkillError.executionFailed("\(error)")
                }
                guard let message = try? JSONDecoder().decode(Message.self, from: response.body) else {
                    throw SkillError.executionFailed("the model's answer could not be read")
                }
                guard message.stop_reason == "tool_use", let call = message.content.first(where: { $0.type == "tool_use" }) else {
                    return message.content.compactMap(\.text).joined()
                }
                // The bug: `try?` swallows a cancellation during the lookup, and the write goes on.
                _ = try? await context.networkService.send(NetworkRequest(url: URL(string: "https://api.example.com/lookup")!))
                try await context.storage.saveDocument(Data((call.input?.text ?? "").utf8), id: "\(turns)", in: "notes")
            }
            return "too many turns"
        }
    }

    @Test("a tool loop gets a call of its own tool first, so the tool's work is judged (the write after a swallowed cancellation)")
    func toolCallFirst() async {
        let subject = SkillUnderTest(tool: { NoteLoopTool(context: $0) })
        #expect(await subject.workingFit(limits: CheckLimits()).toolCall == nil, "only skillcheck asks for the trial")
        await WorkingReply.$triesToolCall.withValue(true) { await toolCallFirstTried() }
    }

    func toolCallFirstTried() async {
        let subject = SkillUnderTest(tool: { NoteLoopTool(context: $0) })
        let fit = await subject.workingFit(limits: CheckLimits())
        #expect(fit.body == WorkingReply.modelAnswers.first { $0.provider == "Anthropic Messages" }?.body)
        #expect(fit.toolCall?.path == "/v1/messages")
        // Only a request that offers the tool gets its call: another agent's, after a handoff, gets text.
        let offering = NetworkRequest(
            method: .post, url: URL(string: "https://api.anthropic.com/v1/messages")!, body: Data(#"{"tools":[{"name":"save_note"}]}"#.utf8)
        )
        let other = NetworkRequest(
            method: .post, url: URL(string: "https://api.anthropic.com/v1/messages")!, body: Data(#"{"tools":[{"name":"transfer"}]}"#.utf8))
        #expect(fit.toolCall?.match.mismatches(offering) == [])
        #expect(fit.toolCall?.match.mismatches(other).isEmpty == false)
        #expect(fit.toolCall?.body.contains(#""name":"save_note","input":{"text":"example"}"#) == true, "\(fit.toolCall?.body ?? "")")
        var failed: [Finding] = []
        for rule in ["CAN-2", "CAN-4"] {
            failed += await SkillConformance.check(for: rule).run(subject).filter { $0.outcome == .failed }
        }
        #expect(failed.contains { $0.observed.contains("notes/") }, "\(failed.map(\.message))")
    }

    @Test(
        "a tool loop with no cap on its rounds fails HANG-1 when the model keeps calling its tool; a cap, or a round that lets it call none, passes"
    )
    func insistentModel() async {
        await WorkingReply.$triesToolCall.withValue(true) {
            let rounds = SkillConformance.insistentToolCalls
            // Another tool offered each round (a handoff) is called too, as a model would.
            for handsOff in [false, true] {
                // A hundred rounds on a machine whose cores other tests keep busy can outlast the default 5 s of real time,
                // which would end the run as a stall before the loop's count is read: a minute's limit, on virtual time.
                let capless = await SkillConformance.check(for: "HANG-1").run(
                    SkillUnderTest(tool: { NoteLoopTool(context: $0, cap: nil, handsOff: handsOff) }),
                    limits: CheckLimits(realRun: .seconds(60)))
                let failed = capless.filter { $0.outcome == .failed }
                #expect(failed.count == 1, "\(capless.map(\.message))")
                #expect(failed.first?.observed.contains("it asked \(rounds + 1) times") == true, "\(failed.map(\.message))")
                #expect(
                    failed.first?.subject.contains("calls a tool in each of \(rounds) answers (first \"save_note\"), 2.0 seconds each")
                        == true)
            }
            // A cap, a last round that lets the model call no tool, a minute's budget (2 s an answer).
            for (cap, noToolsFrom, budget, asked) in [(4, nil, nil, 4), (nil, 3, nil, 3), (nil, nil, 60, 31)]
                as [(Int?, Int?, TimeInterval?, Int)]
            {
                let findings = await SkillConformance.check(for: "HANG-1").run(
                    SkillUnderTest(tool: { NoteLoopTool(context: $0, cap: cap, noToolsFrom: noToolsFrom, budget: budget) }))
                #expect(findings.allSatisfy { $0.outcome == .passed }, "\(findings.filter { $0.outcome != .passed }.map(\.message))")
                #expect(
                    findings.contains {
                        $0.subject.contains("in each of \(rounds) answers") && $0.observed == "it stopped after asking \(asked) times"
                    })
            }
        }
        // Without the trial (the user's own `swift test`), no model keeps calling: the rule judges the rest.
        let plain = await SkillConformance.check(for: "HANG-1").run(SkillUnderTest(tool: { NoteLoopTool(context: $0, cap: nil) }))
        #expect(!plain.isEmpty && plain.allSatisfy { $0.outcome == .passed && !$0.subject.contains("answers") })
    }

    /// A tool loop on Anthropic's Messages API that runs the tool calls of an answer side by side, in a task group,
    /// and sends their results back either in the order they finished (the bug) or each in its call's place.
    struct GatherLoopTool: ToolSkill {
        let context: SkillContext
        var keepsPlace: Bool
        var id: String { "notes.gather" }
        var name: String { "gather" }
        var description: String { "Lets a model read a calendar and mail." }
        var inputSchema: JSON { ["type": "object", "properties": ["request": ["type": "string"]], "required": ["request"]] }
        var sampleArguments: [JSON] { [["request": "what is on today?"]] }

        struct Message: Decodable {
            struct Block: Decodable { let type: String, text: String?, id: String?, name: String? }
            let content: [Block]
            let stop_reason: String?
        }

        func execute(arguments: Data) async throws -> String {
            let schema: JSON = ["type": "object", "properties": ["day": ["type": "string"]]]
            let tools: JSON = [["name": "read_calendar", "input_schema": schema], ["name": "read_mail", "input_schema": schema]]
            var results: [JSON] = []
            for _ in 0..<4 {
                let body: JSON = [
                    "model": "claude-sonnet-4-5", "tools": tools, "messages": [["role": "user", "content": .array(results)]],
                ]
                let message = try await askModel(context, "https://api.anthropic.com/v1/messages", body, as: Message.self)
                let calls = message.content.filter { $0.type == "tool_use" }
                guard message.stop_reason == "tool_use", !calls.isEmpty else { return message.content.compactMap(\.text).joined() }
                let network = context.networkService
                let finished = try await withThrowingTaskGroup(of: (Int, JSON).self) { group in
                    for (index, call) in calls.enumerated() {
                        group.addTask {
                            let url = URL(string: "https://api.example.com/\(call.name ?? "")")!
                            let response = try await network.send(NetworkRequest(url: url))
                            return (
                                index,
                                ["type": "tool_result", "tool_use_id": .string(call.id ?? ""), "content": .string("\(response.status)")]
                            )
                        }
                    }
                    var done: [(Int, JSON)] = []
                    for try await result in group { done.append(result) }
                    return done
                }
                results += (keepsPlace ? finished.sorted { $0.0 < $1.0 } : finished).map(\.1)
            }
            return "too many turns"
        }
    }

    @Test("a tool loop that sends back two tools' results in the order they finished fails SEND-5; one that keeps their places passes")
    func parallelToolCalls() async {
        await WorkingReply.$triesToolCall.withValue(true) {
            for keepsPlace in [false, true] {
                let findings = await SkillConformance.check(for: "SEND-5").run(
                    SkillUnderTest(tool: { GatherLoopTool(context: $0, keepsPlace: keepsPlace) }))
                #expect(findings.allSatisfy { $0.subject.contains("its model's first answer calling two tools at once") })
                if keepsPlace {
                    #expect(!findings.isEmpty && findings.allSatisfy { $0.outcome == .passed }, "\(findings.map(\.message))")
                } else {
                    let failed = findings.filter { $0.outcome == .failed }
                    #expect(
                        failed.contains { $0.observed.contains("/requests/") && $0.observed.contains("toolu_skillcheck_") },
                        "\(findings.map(\.message))")
                }
            }
        }
    }

    /// A tool loop on OpenAI's Chat Completions whose one tool, add_one, counts in storage: it reads the tally, then
    /// writes one more, with an await between, so two requests at once that each run the tool lose an update.
    struct TallyLoopTool: ToolSkill {
        let context: SkillContext
        var id: String { "tally.loop" }
        var name: String { "tally" }
        var description: String { "Lets a model count." }
        var inputSchema: JSON { ["type": "object", "properties": ["request": ["type": "string"]], "required": ["request"]] }
        var sampleArguments: [JSON] { [["request": "one more"]] }

        func execute(arguments: Data) async throws -> String {
            let tools: JSON = [
                ["type": "function", "function": ["name": "add_one", "parameters": ["type": "object", "properties": [:]]]]
            ]
            for _ in 0..<4 {
                let body: JSON = ["model": "gpt-4o-mini", "tools": tools, "messages": []]
                let message = try await askModel(context, ChatCompletion.url, body, as: ChatCompletion.self).message
                guard message.tool_calls?.isEmpty == false else { return message.content ?? "" }
                // The bug: read, await, write one more.
                let count =
                    Int(String(decoding: try await context.storage.document(id: "count", in: "tally") ?? Data("0".utf8), as: UTF8.self))
                    ?? 0
                try await context.storage.saveDocument(Data("\(count + 1)".utf8), id: "count", in: "tally")
            }
            return "too many turns"
        }
    }

    @Test("two requests at once to a tool loop each get a call of its tool, so SEND-4 finds the tool's lost update")
    func toolCallPerRequest() async {
        let findings = await WorkingReply.$triesToolCall.withValue(true) {
            await SkillConformance.check(for: "SEND-4").run(SkillUnderTest(tool: { TallyLoopTool(context: $0) }))
        }
        let failed = findings.filter { $0.outcome == .failed }
        #expect(
            failed.contains {
                $0.observed.contains("tally/count") && $0.subject.contains("the model's first answer to each calling a tool")
            },
            "\(findings.map(\.message))")
    }

    /// A tool loop on OpenAI's Chat Completions whose tool decodes the model's arguments: with a bare `try`, which lets
    /// the decoder's error through, or in a do/catch that sends the error back to the model as the tool's result.
    struct WeatherLoopTool: ToolSkill {
        let context: SkillContext
        var sendsErrorBack: Bool
        var id: String { "weather.loop" }
        var name: String { "ask_weather" }
        var description: String { "Lets a model look up the weather." }
        var inputSchema: JSON { ["type": "object", "properties": ["request": ["type": "string"]], "required": ["request"]] }
        var sampleArguments: [JSON] { [["request": "weather in Paris?"]] }

        struct City: Decodable { let city: String }

        func execute(arguments: Data) async throws -> String {
            let schema: JSON = ["type": "object", "properties": ["city": ["type": "string"]], "required": ["city"]]
            let tools: JSON = [["type": "function", "function": ["name": "get_weather", "parameters": schema]]]
            var results: [JSON] = []
            for _ in 0..<4 {
                let body: JSON = ["model": "gpt-4o-mini", "tools": tools, "messages": .array(results)]
                let message = try await askModel(context, ChatCompletion.url, body, as: ChatCompletion.self).message
                guard let call = message.tool_calls?.first else { return message.content ?? "" }
                let city: String
                if sendsErrorBack {
                    do {
                        city = try JSONDecoder().decode(City.self, from: Data(call.function.arguments.utf8)).city
                    } catch {
                        results.append(["role": "tool", "tool_call_id": .string(call.id), "content": .string("error: \(error)")])
                        continue
                    }
                } else {
                    city = try JSONDecoder().decode(City.self, from: Data(call.function.arguments.utf8)).city
                }
                results.append(["role": "tool", "tool_call_id": .string(call.id), "content": .string("晴 in \(city)")])
            }
            return "too many turns"
        }
    }

    @Test("a loop whose tool lets the decoder's error of a model's unfit arguments through fails ERR-1; one that sends it back passes")
    func unfitArguments() async {
        await WorkingReply.$triesToolCall.withValue(true) {
            for sendsErrorBack in [false, true] {
                let findings = await SkillConformance.check(for: "ERR-1").run(
                    SkillUnderTest(tool: { WeatherLoopTool(context: $0, sendsErrorBack: sendsErrorBack) }))
                let unfit = findings.filter { $0.subject.hasPrefix("a model's call of \"get_weather\" with arguments") }
                #expect(unfit.count == 1, "\(findings.map(\.message))")
                #expect(unfit.first?.outcome == (sendsErrorBack ? .passed : .failed), "\(unfit.map(\.message))")
                if !sendsErrorBack { #expect(unfit.first?.observed.contains("DecodingError") == true, "\(unfit.map(\.observed))") }
            }
        }
    }

    /// A tool loop whose client reads the model's answer leniently, as a dictionary: any document is an answer, one
    /// without choices an empty one.
    struct LenientLoopTool: ToolSkill {
        let context: SkillContext
        var id: String { "lenient.loop" }
        var name: String { "lenient" }
        var description: String { "Lets a model look something up." }
        var inputSchema: JSON { ["type": "object", "properties": ["request": ["type": "string"]], "required": ["request"]] }
        var sampleArguments: [JSON] { [["request": "look it up"]] }

        func execute(arguments: Data) async throws -> String {
            let tools: JSON = [
                ["type": "function", "function": ["name": "look_up", "parameters": ["type": "object", "properties": [:]]]]
            ]
            for _ in 0..<4 {
                let body: JSON = ["model": "gpt-4o-mini", "tools": tools, "messages": []]
                let url = URL(string: "https://api.openai.com/v1/chat/completions")!
                let response: NetworkResponse
                do {
                    response = try await context.networkService.send(NetworkRequest(method: .post, url: url, body: body.data))
                } catch {
                    throw SkillError.executionFailed("the model could not be asked")
                }
                let answer = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any] ?? [:]
                let message = ((answer["choices"] as? [[String: Any]])?.first?["message"] as? [String: Any]) ?? [:]
                guard message["tool_calls"] is [Any] else { return message["content"] as? String ?? "" }
            }
            return "too many turns"
        }
    }

    @Test("a model request gets its model's answer first, so a lenient client that takes any document still gets a tool call")
    func lenientClient() async {
        let fit = await WorkingReply.$triesToolCall.withValue(true) {
            await SkillUnderTest(tool: { LenientLoopTool(context: $0) }).workingFit(limits: CheckLimits())
        }
        #expect(fit.body == WorkingReply.modelAnswers.first { $0.provider == "OpenAI Chat Completions" }?.body)
        #expect(fit.toolCall?.tool == "look_up")
        // Ollama streams unless the request says `"stream": false`.
        let ollama = URL(string: "https://ollama.local:11434/api/chat")!
        #expect(WorkingReply.modelProvider(of: NetworkRequest(method: .post, url: ollama)) == "Ollama chat, streamed")
        let whole: JSON = ["model": "llama3.2", "stream": false]
        #expect(WorkingReply.modelProvider(of: NetworkRequest(method: .post, url: ollama, body: whole.data)) == "Ollama chat")
        #expect(WorkingReply.modelProvider(of: NetworkRequest(url: URL(string: "https://api.example.com/v1/messages")!)) == nil)
    }

    @Test("with a reply it can read, the write after a swallowed cancellation, past the list's decoding, is found")
    func workAfterTheReplyIsJudged() async {
        var failed: [Finding] = []
        for rule in ["CAN-1", "CAN-2", "CAN-3", "CAN-4"] {
            failed += await SkillConformance.check(for: rule).run(SkillUnderTest(tool: { IssueCountTool(context: $0) }))
                .filter { $0.outcome == .failed }
        }
        #expect(failed.contains { $0.observed.contains("counts/last") }, "\(failed.map(\.message))")
    }
}

/// The answer of OpenAI's Chat Completions, as much of it as the loops here read.
struct ChatCompletion: Decodable {
    static let url = "https://api.openai.com/v1/chat/completions"

    struct Choice: Decodable {
        struct Message: Decodable {
            struct Call: Decodable {
                struct Function: Decodable { let name: String, arguments: String }
                let id: String
                let function: Function
            }
            let content: String?
            let tool_calls: [Call]?
        }
        let message: Message
    }
    let choices: [Choice]

    /// The first choice's message; an answer without one is the model's failure.
    var message: Choice.Message {
        get throws {
            guard let first = choices.first else { throw SkillError.executionFailed("the model gave no answer") }
            return first.message
        }
    }
}

/// The model's answer at `url` to `body`, decoded as `Answer`: whatever fails, the network or the decoding, is a
/// SkillError, as the loops here map it.
func askModel<Answer: Decodable>(_ context: SkillContext, _ url: String, _ body: JSON, as: Answer.Type) async throws -> Answer {
    do {
        let response = try await context.networkService.send(NetworkRequest(method: .post, url: URL(string: url)!, body: body.data))
        return try JSONDecoder().decode(Answer.self, from: response.body)
    } catch {
        throw SkillError.executionFailed("the model could not be asked")
    }
}
