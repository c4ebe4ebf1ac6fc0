import Foundation
import SkillKit
import Testing

@testable import SkillConformance

/// The OpenAI cookbook's arXiv assistant (seed 002's loop, one round): it asks the model, runs the function the
/// model calls, and asks again. The cookbook's `finish_reason == "function_call"` survives the move to `tools`, whose
/// calls end with `"tool_calls"`: the call is never run, and the answer is the call's empty text.
private struct ArxivAssistantSkill: AgentSkill {
    var finishReason = "function_call"
    let id = "arxiv-assistant"
    let displayName = "arXiv"
    let description = "Answers questions about papers, such as what is PPO."
    let keywords = ["what is"]
    var samples: SkillSamples { SkillSamples(handled: ["what is PPO"], unhandled: ["note this"]) }

    struct Completion: Decodable {
        struct Choice: Decodable {
            struct Message: Decodable {
                struct Call: Decodable { let id: String }
                let content: String?
                let tool_calls: [Call]?
            }
            let message: Message
            let finish_reason: String?
        }
        let choices: [Choice]
    }

    func ask(_ messages: [JSON], _ context: SkillContext) async throws -> Completion.Choice {
        let tools: JSON = [
            [
                "type": "function",
                "function": ["name": "get_articles", "parameters": ["type": "object", "properties": ["query": ["type": "string"]]]],
            ]
        ]
        let body: JSON = ["model": "gpt-4o", "messages": .array(messages), "tools": tools]
        let url = URL(string: "https://api.openai.com/v1/chat/completions")!
        do {
            let reply = try await context.networkService.send(NetworkRequest(method: .post, url: url, body: body.data))
            guard let choice = try JSONDecoder().decode(Completion.self, from: reply.body).choices.first else {
                throw SkillError.executionFailed("the model sent no answer")
            }
            return choice
        } catch let error as SkillError {
            throw error
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw SkillError.executionFailed("the model could not be asked")
        }
    }

    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        var messages: [JSON] = [["role": "user", "content": .string(input.rawText)]]
        var choice = try await ask(messages, context)
        if choice.finish_reason == finishReason, let call = choice.message.tool_calls?.first {
            messages.append(["role": "tool", "tool_call_id": .string(call.id), "content": "[]"])
            choice = try await ask(messages, context)
        }
        return SkillOutput(summary: choice.message.content ?? "")
    }
}

@Suite("A model's tool call the loop never runs: an answer with nothing in it, nothing injected")
struct UnrunToolCallTests {
    @available(SkillCheckTesting, *)
    @Test("a loop that never runs the model's call answers nothing and fails ERR-1; one that runs it passes")
    func unrunCall() async {
        await WorkingReply.$triesToolCall.withValue(true) {
            let never = await SkillConformance.check(for: "ERR-1").run(SkillUnderTest { _ in ArxivAssistantSkill() })
            #expect(
                never.contains {
                    $0.outcome == .failed && $0.subject.hasPrefix("working fakes, nothing injected")
                        && $0.observed.contains("returned an empty answer") && $0.observed.contains("called the skill's tool get_articles")
                },
                "\(never.map(\.message))")
            let runs = await SkillConformance.check(for: "ERR-1").run(
                SkillUnderTest { _ in ArxivAssistantSkill(finishReason: "tool_calls") })
            #expect(!runs.contains { $0.observed.contains("returned an empty answer") }, "\(runs.map(\.message))")
        }
    }
}
