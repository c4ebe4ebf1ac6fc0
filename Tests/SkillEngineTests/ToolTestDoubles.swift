import Foundation
import SkillEngine
import SkillKit
import SkillTesting
import Synchronization

/// A model that answers from a list, optionally in byte pieces with latency on a clock, and records
/// what it was sent. (The kit's own `ScriptedLLMClient` does more; the engine's tests need only this.)
@available(SkillCheckTesting, *)
final class ListModel: LLMClient {
    struct Answer: Sendable {
        var response: LLMResponse
        var pieces: [Int]? = nil
        var latency: Duration = .zero
    }

    private let answers: Mutex<[Answer]>
    private let sent = Mutex<[(messages: [LLMMessage], tools: [String])]>([])
    let clock: any Clock<Duration>

    init(clock: any Clock<Duration>, _ answers: [Answer]) {
        self.clock = clock
        self.answers = Mutex(answers)
    }

    var requests: [(messages: [LLMMessage], tools: [String])] { sent.withLock { $0 } }

    func complete(messages: [LLMMessage], tools: [ToolSchema]) async throws -> LLMResponse {
        let answer = take(messages, tools)
        if answer.latency > .zero { try await clock.sleep(for: answer.latency) }
        return answer.response
    }

    func stream(messages: [LLMMessage], tools: [ToolSchema]) -> AsyncThrowingStream<LLMStreamChunk, any Error> {
        let answer = take(messages, tools)
        let bytes = Array(answer.response.text.utf8)
        var cuts = [0] + (answer.pieces ?? []) + [bytes.count]
        cuts = cuts.filter { $0 <= bytes.count }
        var chunks: [LLMStreamChunk] = zip(cuts, cuts.dropFirst()).compactMap { start, end in
            end > start ? .text(Data(bytes[start..<end])) : nil
        }
        if let call = answer.response.toolCall { chunks.append(.toolCall(call)) }
        let queue = Mutex(chunks)
        let clock = clock
        return AsyncThrowingStream(unfolding: {
            if answer.latency > .zero { try await clock.sleep(for: answer.latency) }
            return queue.withLock { $0.isEmpty ? nil : $0.removeFirst() }
        })
    }

    private func take(_ messages: [LLMMessage], _ tools: [ToolSchema]) -> Answer {
        sent.withLock { $0.append((messages, tools.map(\.name))) }
        return answers.withLock { $0.isEmpty ? Answer(response: LLMResponse(text: "(script over)")) : $0.removeFirst() }
    }
}

extension ListModel.Answer {
    static func call(_ name: String, _ arguments: JSON, id: String = "call-1") -> Self {
        Self(response: LLMResponse(text: "", toolCall: ToolCall(id: id, name: name, arguments: arguments)))
    }

    static func text(_ text: String, pieces: [Int]? = nil, latency: Duration = .zero) -> Self {
        Self(response: LLMResponse(text: text), pieces: pieces, latency: latency)
    }
}

/// Answers `晴 in <city>` after `delay` on `clock`; `ignoresCancellation` finishes its sleep anyway.
@available(SkillCheckTesting, *)
struct CityTool: ToolSkill {
    var id = "weather"
    var name = "query_weather"
    let description = "查询城市天气"
    let inputSchema: JSON = ["type": "object", "properties": ["city": ["type": "string"]], "required": ["city"]]
    var clock: any Clock<Duration>
    var delay: Duration = .zero
    var ignoresCancellation = false
    var requiresPermission = false
    var repeatResult = 1
    var probe: CancellationProbe?

    struct Arguments: Decodable { let city: String }

    func execute(arguments: Data) async throws -> String {
        let arguments = try decodeArguments(Arguments.self, from: arguments)
        if delay > .zero {
            if ignoresCancellation {
                try? await clock.sleep(for: delay)
            } else {
                do { try await clock.sleep(for: delay) } catch {
                    probe?.cancelled.withLock { $0 = true }
                    throw error
                }
            }
        }
        return String(repeating: "晴 in \(arguments.city)", count: repeatResult)
    }
}

@available(SkillCheckTesting, *)
func collect(_ stream: AsyncThrowingStream<ToolCallingEvent, any Error>) async -> (events: [ToolCallingEvent], error: (any Error)?) {
    var events: [ToolCallingEvent] = []
    do {
        for try await event in stream { events.append(event) }
        return (events, nil)
    } catch {
        return (events, error)
    }
}
