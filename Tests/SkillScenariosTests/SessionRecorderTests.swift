import Foundation
import SkillEngine
import SkillKit
import SkillTesting
import Testing

@testable import SkillScenarios

/// A model that behaves as a remote one: it answers by what it is sent, streams its text in pieces with
/// real (short) waits between them, and refuses the first request with HTTP 429.
final class LiveLookingModel: LLMClient, @unchecked Sendable {
    private let lock = NSLock()
    private var requests = 0
    static let githubToken = "ghp_" + String(repeating: "a1B2c3D4e5", count: 4).prefix(36)
    static let openAIKey = "sk-proj-" + String(repeating: "Zx9Qw8Er7Ty6", count: 4)

    func complete(messages: [LLMMessage], tools: [ToolSchema]) async throws -> LLMResponse {
        throw NetworkError.httpStatus(500)
    }

    func stream(messages: [LLMMessage], tools: [ToolSchema]) -> AsyncThrowingStream<LLMStreamChunk, any Error> {
        let number = lock.withLock {
            requests += 1
            return requests
        }
        var pieces: [LLMStreamChunk] = []
        var failure: (any Error)?
        switch (number, messages.last) {
        case (1, _): failure = NetworkError.httpStatus(429)
        case (_, .user?):
            pieces = [.toolCall(ToolCall(id: "call_live_1", name: "query_weather", arguments: Data(#"{"city": "北京"}"#.utf8)))]
        case (_, .toolResult(let call, _)?) where call.name == "query_weather":
            let arguments = #"{"text": "记住 \#(Self.githubToken)"}"#
            pieces = [.toolCall(ToolCall(id: "call_live_2", name: "echo", arguments: Data(arguments.utf8)))]
        default:
            pieces = ["北京今天", "晴，21°C。", "密钥 \(Self.openAIKey) 已记下。"].map { .text(Data($0.utf8)) }
        }
        let remaining = Pieces(pieces)
        let refusal = failure
        return AsyncThrowingStream(unfolding: {
            try await Task.sleep(for: .milliseconds(2))
            if let refusal { throw refusal }
            return remaining.next()
        })
    }
}

/// What is left to stream of one answer.
final class Pieces: @unchecked Sendable {
    private let lock = NSLock()
    private var pieces: [LLMStreamChunk]
    init(_ pieces: [LLMStreamChunk]) { self.pieces = pieces }
    func next() -> LLMStreamChunk? { lock.withLock { pieces.isEmpty ? nil : pieces.removeFirst() } }
}

/// The network a live weather tool talks to: it wants a key in a header, and answers with one in a header.
struct LiveLookingNetwork: NetworkServing {
    static let sessionKey = "AKIA" + "IOSFODNN7EXAMPLE"

    func send(_ request: NetworkRequest) async throws -> NetworkResponse {
        try await Task.sleep(for: .milliseconds(1))
        guard request.headers["Authorization"] == "Bearer " + LiveLookingModel.openAIKey else { return NetworkResponse(status: 401) }
        let body = #"{"temperature": 21, "condition": "晴", "feelsLike": 20, "humidity": 30}"#
        return NetworkResponse(headers: ["X-Session-Key": Self.sessionKey, "Content-Type": "application/json"], body: Data(body.utf8))
    }
}

/// Adds the app's key to every request, as a real client does.
struct KeyedNetwork: NetworkServing {
    let base: any NetworkServing
    func send(_ request: NetworkRequest) async throws -> NetworkResponse {
        var request = request
        request.headers["Authorization"] = "Bearer " + LiveLookingModel.openAIKey
        return try await base.send(request)
    }
}

@Suite("SessionRecorder: a live tool-calling session becomes a transcript that replays green")
struct SessionRecorderTests {
    /// A folder of the test's own: the tests run in parallel, and each removes its folder at the end.
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("skillcheck-session-recorder-\(UUID().uuidString)")

    /// Runs the session against the live-looking model and network, with the real clock, and writes it.
    static func record(to url: URL) async throws -> SessionRecorder.Recording {
        let recorder = SessionRecorder(name: "live: weather, then a note", tools: ["weather", "echo"])
        let network = recorder.recording(KeyedNetwork(base: LiveLookingNetwork()))
        let context = SkillContext(storage: InMemoryDataStore(), networkService: network)
        let registry = SkillRegistry()
        for make in ScenarioTools.all {
            let tool = make(context)
            if ["weather", "echo"].contains(tool.id) { registry.register(tool) }
        }
        // The engine's timeouts on a virtual clock nothing advances: a loaded machine never times a tool out.
        let engine = ToolCallingEngine(model: recorder.recording(LiveLookingModel()), registry: registry, clock: VirtualClock())
        let session = ConversationSession()
        for _ in 0..<2 {
            do {
                for try await _ in engine.run(input: "北京天气怎么样", in: session) {}
            } catch {}
        }
        return try recorder.write(to: url, replayer: Replayer(skills: []), mode: .missing)
    }

    @Test(
        "the written transcript replays green three times, the same each time; a secret in a header, an argument and a streamed piece is never written"
    )
    func recordsAndReplays() async throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("weather.json")
        let recording = try await Self.record(to: url)
        #expect(recording.turns == 4 && recording.runs == 2)
        let text = try String(contentsOf: url, encoding: .utf8)
        for secret in [LiveLookingModel.githubToken, LiveLookingModel.openAIKey, String(LiveLookingNetwork.sessionKey)] {
            #expect(!text.contains(secret), "a secret was written")
        }
        #expect(recording.redacted.contains { $0.hasPrefix("/model/2/call/arguments/text") })
        #expect(recording.redacted.contains { $0.hasPrefix("/model/3/text") })
        #expect(recording.redacted.contains { $0.hasPrefix("/fixtures/network/0/response/headers/X-Session-Key") })
        #expect(text.contains("\"error\": \"rateLimited\""))
        #expect(text.contains("\"latency\": \""))
        #expect(text.contains("\"chunks\": ["))
        let transcript = try Transcript.load(contentsOf: url)
        let replayer = Replayer(skills: [])
        var outputs: Set<String> = []
        for _ in 0..<3 {
            let result = try replayer.replay(transcript)
            #expect(result.passed, "\(result.differences)")
            outputs.insert(result.actual.canonical)
        }
        #expect(outputs.count == 1)
        // Recording again over it needs record mode failed or all.
        await #expect(throws: SessionRecorder.RecordingError.self) { try await Self.record(to: url) }
    }

    @Test("a changed tool result fails the replay with a diff that names the JSON pointer")
    func changedToolResult() async throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("changed.json")
        _ = try await Self.record(to: url)
        let changed = try String(contentsOf: url, encoding: .utf8).replacingOccurrences(
            of: "\"condition\": \"晴\"", with: "\"condition\": \"多云\"")
        let transcript = try Transcript.parse(Data(changed.utf8), file: url.path)
        let result = try Replayer(skills: []).replay(transcript)
        #expect(!result.passed)
        let report = result.differences.map(\.description).joined(separator: "\n")
        #expect(report.contains("/content"), "\(report)")
        #expect(report.contains("多云"), "\(report)")
    }
}
