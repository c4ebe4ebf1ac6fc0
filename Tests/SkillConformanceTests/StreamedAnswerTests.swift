import Foundation
import SkillKit
import SkillTesting
import Testing

@testable import SkillConformance

/// Streams OpenAI's Chat Completions, as MacPaw/OpenAI's `chatsStream` and most streaming clients do: it asks with
/// `"stream": true` and reads the `data:` lines of server-sent events, each a chunk whose delta carries words. A
/// whole document has no such line, so without a streamed answer it would answer with nothing.
private struct StreamedChatSkill: AgentSkill {
    let id = "streamed-chat"
    let displayName = "Chat"
    let description = "Asks a model, such as ask the model about Swift."
    let keywords = ["ask the model"]
    var samples: SkillSamples { SkillSamples(handled: ["ask the model about Swift"], unhandled: ["天气"]) }

    struct Chunk: Decodable {
        struct Choice: Decodable {
            struct Delta: Decodable { let content: String? }
            let delta: Delta
        }
        let choices: [Choice]
    }

    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        let body: JSON = ["model": "gpt-4o-mini", "stream": true, "messages": [["role": "user", "content": .string(input.rawText)]]]
        var words = ""
        for payload in try await streamedEvents(context, "https://api.openai.com/v1/chat/completions", body) {
            guard payload != "[DONE]", let chunk = try? JSONDecoder().decode(Chunk.self, from: Data(payload.utf8)) else { continue }
            words += chunk.choices.first?.delta.content ?? ""
        }
        return SkillOutput(summary: words)
    }
}

/// Streams OpenAI's Responses API, as the newer SDKs do: the words are in the `response.output_text.delta` events.
private struct StreamedResponsesSkill: AgentSkill {
    let id = "streamed-responses"
    let displayName = "Chat"
    let description = "Asks a model, such as ask the model about Swift."
    let keywords = ["ask the model"]
    var samples: SkillSamples { SkillSamples(handled: ["ask the model about Swift"], unhandled: ["天气"]) }

    struct Event: Decodable {
        let type: String
        let delta: String?
    }

    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        let body: JSON = ["model": "gpt-4o-mini", "stream": true, "input": .string(input.rawText)]
        var words = ""
        for payload in try await streamedEvents(context, "https://api.openai.com/v1/responses", body) {
            guard let event = try? JSONDecoder().decode(Event.self, from: Data(payload.utf8)),
                event.type == "response.output_text.delta"
            else { continue }
            words += event.delta ?? ""
        }
        return SkillOutput(summary: words)
    }
}

/// The `data:` of each server-sent event the model's answer at `url` to `body` streams; whatever fails on the way is
/// a SkillError, as the clients here map it.
private func streamedEvents(_ context: SkillContext, _ url: String, _ body: JSON) async throws -> [Substring] {
    let response: NetworkResponse
    do {
        response = try await context.networkService.send(NetworkRequest(method: .post, url: URL(string: url)!, body: body.data))
    } catch is CancellationError {
        throw CancellationError()
    } catch {
        throw SkillError.executionFailed("the model did not answer")
    }
    return String(decoding: response.body, as: UTF8.self).split(separator: "\n").filter { $0.hasPrefix("data: ") }
        .map { $0.dropFirst("data: ".count) }
}

@Suite("A model request that asks for a stream gets a streamed answer")
struct StreamedAnswerTests {
    @Test(
        "a client that reads OpenAI's stream gets the streamed answer, and so says something in a healthy run",
        arguments: ["OpenAI Chat Completions, streamed", "OpenAI Responses, streamed"])
    func streamedClientSaysSomething(provider: String) async {
        let subject =
            provider.hasPrefix("OpenAI Responses")
            ? SkillUnderTest { _ in StreamedResponsesSkill() } : SkillUnderTest { _ in StreamedChatSkill() }
        let fitted = await WorkingReply.fitted(for: subject, limits: CheckLimits())
        #expect(WorkingReply.provider(answering: fitted) == provider)
        let run = await Probe.run(
            subject, input: SkillInput(rawText: "ask the model about Swift"), limits: CheckLimits(), setUp: nil)
        guard case .success(let probe) = run, case .output(let output) = probe.ending else {
            Issue.record("the healthy run did not end with an output: \(run)")
            return
        }
        #expect(output.summary == "OK")
    }

    @Test("each streamed answer is its provider's format: every event's data, and every Ollama line, is a JSON object")
    func streamedAnswersParse() {
        for answer in WorkingReply.streamedAnswers {
            let lines = answer.body.split(whereSeparator: \.isNewline).map(String.init)
            let documents =
                answer.provider.hasPrefix("Ollama")
                ? lines : lines.filter { $0.hasPrefix("data: ") }.map { String($0.dropFirst("data: ".count)) }.filter { $0 != "[DONE]" }
            #expect(!documents.isEmpty, "\(answer.provider)")
            for document in documents {
                #expect((try? JSONSerialization.jsonObject(with: Data(document.utf8))) is [String: Any], "\(answer.provider): \(document)")
            }
            #expect(documents.contains { $0.contains("\"OK\"") }, "\(answer.provider)")
        }
    }
}
