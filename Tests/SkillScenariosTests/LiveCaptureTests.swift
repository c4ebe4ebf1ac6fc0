import Foundation
import SkillCheckSupport
import SkillEngine
import SkillKit
import SkillTesting
import Testing

@testable import SkillScenarios

/// A tool that sends its key in every part of a request, as real API clients do: a query parameter
/// (`appid=`), a path segment, and a JSON body; and returns what the service echoed.
struct KeyedLookupTool: ToolSkill {
    let id = "lookup"
    let name = "lookup_city"
    var description = "Looks a city up on the partner service."
    let inputSchema: JSON = ["type": "object", "properties": ["city": ["type": "string"]], "required": ["city"]]
    let key: String
    let inText: String
    /// Whether the key goes in a path segment too: only a key with a known prefix or a key's shape (long
    /// hex or base64) can be told from an id there, so the others go in the query, by name.
    var inPath = true
    let network: any NetworkServing

    struct Arguments: Decodable { let city: String }

    func execute(arguments: Data) async throws -> String {
        let city = try decodeArguments(Arguments.self, from: arguments).city
        let segment = inPath ? key : "k"
        var components = URLComponents(string: "https://partner.example.com/v1/\(segment)/lookup")!
        components.queryItems = [URLQueryItem(name: "appid", value: key), URLQueryItem(name: "city", value: city)]
        var request = NetworkRequest(method: .post, url: components.url!)
        request.body = try JSONSerialization.data(withJSONObject: ["auth": ["items": [["value": inText]]], "city": city])
        let response = try await network.send(request)
        return String(decoding: response.body, as: UTF8.self)
    }
}

/// The partner service: it answers with the key in a cookie, a header and the JSON body.
struct EchoingPartner: NetworkServing {
    let secret: String
    let inText: String
    func send(_ request: NetworkRequest) async throws -> NetworkResponse {
        let body = try JSONSerialization.data(withJSONObject: ["data": ["list": [["echo": inText]]], "ok": true], options: [.sortedKeys])
        return NetworkResponse(headers: ["Set-Cookie": "session=\(secret); Path=/", "X-Echo": inText], body: body)
    }
}

/// A remote model: it calls the tool with the secret in its arguments, then streams an answer holding
/// the secret in pieces five bytes long, cut anywhere.
struct LeakyModel: LLMClient {
    let inText: String
    func complete(messages: [LLMMessage], tools: [ToolSchema]) async throws -> LLMResponse { throw NetworkError.httpStatus(500) }
    func stream(messages: [LLMMessage], tools: [ToolSchema]) -> AsyncThrowingStream<LLMStreamChunk, any Error> {
        var chunks: [LLMStreamChunk]
        if case .user? = messages.last {
            let arguments = try! JSONSerialization.data(withJSONObject: ["city": "北京", "note": ["nested": [inText]]])
            chunks = [.toolCall(ToolCall(id: "call_1", name: "lookup_city", arguments: arguments))]
        } else {
            let bytes = Array("好的，记下了：\(inText)，北京到了。".utf8)
            chunks = stride(from: 0, to: bytes.count, by: 5).map { .text(Data(bytes[$0..<min($0 + 5, bytes.count)])) }
        }
        return AsyncThrowingStream { continuation in
            for chunk in chunks { continuation.yield(chunk) }
            continuation.finish()
        }
    }
}

@Suite("Live capture: no secret written, runs as they happened, diffs that point, the whole setup kept")
struct LiveCaptureTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("skillcheck-live-capture-\(UUID().uuidString)")

    /// A secret, and how it appears in running text (a shape alone is not a secret in text: it needs a name).
    static let corpus: [(form: String, secret: String, inText: String)] = {
        let hex32 = "9f86d081884c7d659a2feaa0c55ad015"
        let hex40 = "a94a8fe5ccb19ba61c4c0873d391e987982fbbd3"
        let hex64 = "2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824"
        let base64url = "Qm9vLmZhcl9iYXotcXV4XzEyMzQ1Njc4OTBhYmNkZWZn"
        func bare(_ form: String, _ secret: String) -> (String, String, String) { (form, secret, secret) }
        return [
            bare("OpenAI project key", "sk-proj-" + String(repeating: "Zx9Qw8Er7Ty6", count: 4)),
            bare("OpenAI key", "sk-" + "T3BlbkFJ" + String(repeating: "a1B2c3", count: 6)),
            bare("Anthropic key", "sk-ant-api03-" + String(repeating: "Xy7_Zq", count: 8)),
            bare("Stripe live key", "sk_live_" + String(repeating: "4eC39HqLyj", count: 3)),
            bare("Stripe restricted key", "rk_test_" + String(repeating: "51HqLyjWDa", count: 3)),
            bare("Google API key", "AIza" + "SyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY"),
            bare("AWS access key id", "AKIA" + "IOSFODNN7EXAMPLE"),
            bare("AWS session key id", "ASIA" + "Y34FZKBOKMUTVV7A"),
            bare("GitHub token", "ghp_" + String(repeating: "a1B2c3D4e5", count: 4).prefix(36)),
            bare("GitHub fine-grained token", "github_pat_" + "11ABCDEFG0" + String(repeating: "x_Y9z", count: 10)),
            bare("Slack bot token", "xoxb-" + "1234567890-0987654321-AbCdEfGhIjKlMnOp"),
            bare("JSON Web Token", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"),
            bare("Hugging Face token", "hf_" + String(repeating: "AbCdEfGh12", count: 4)),
            bare("GitLab token", "glpat-" + "xYz12_AbC34-dEf56GhI"),
            bare("npm token", "npm_" + String(repeating: "A1b2C3d4E5f6", count: 3)),
            bare("Shopify token", "shpat_" + hex32),
            bare("DigitalOcean token", "dop_v1_" + hex64),
            bare("SendGrid key", "SG." + "abcDEF123456ghiJKL" + "." + "mnoPQR789012stuVWX345yz"),
            bare("Mailgun key", "key-" + hex32),
            bare("Twilio key", "SK" + hex32),
            bare("Telegram bot token", "123456789:AA" + "Hdqv7Y5mC1xpK2LqWc9ZrT0sVbN3gE4uF"),
            ("32-hex key", hex32, "api_key=" + hex32),
            ("40-hex token", hex40, "token=" + hex40),
            ("64-hex signature", hex64, "secret=" + hex64),
            ("base64url signature", base64url, "access_token=" + base64url),
            ("bearer token", "tok." + "8fJ2kL9mN0pQ", "Bearer tok." + "8fJ2kL9mN0pQ"),
            ("password in a URL", "s3cr3t-Pa55", "https://bob:s3cr3t-Pa55@db.example.com/main"),
            ("password assignment", "hunter2-Zq9", "password: hunter2-Zq9"),
        ]
    }()

    /// The live session's engine clock: a virtual one that nothing advances, so the engine's timeouts
    /// never fire however loaded the machine is (a zero wait returns at once), while the recorder still
    /// measures the real gaps on its own clock.
    static func patientClock() -> VirtualClock { VirtualClock() }

    static func setup(
        key: String, inText: String, inPath: Bool = true, description: String = "Looks a city up on the partner service.",
        system: String? = "You are a city guide."
    ) -> ToolSetup {
        ToolSetup(
            tools: [
                { context in
                    KeyedLookupTool(description: description, key: key, inText: inText, inPath: inPath, network: context.networkService)
                }
            ],
            configuration: .init(catalog: .english), system: system)
    }

    @Test(
        "a corpus of 28 secret forms, each in the URL's query and path, the request body, the response's headers, cookie and body, the arguments and the streamed text: none is written, and every redacted request replays"
    )
    func secretsCorpus() async throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(Self.corpus.count >= 25)
        for (index, item) in Self.corpus.enumerated() {
            let inPath = item.inText == item.secret || item.form.contains("hex") || item.form.contains("base64")
            let setup = Self.setup(key: item.secret, inText: item.inText, inPath: inPath)
            let recorder = SessionRecorder(name: item.form, setup: setup)
            let network = recorder.recording(EchoingPartner(secret: item.secret, inText: item.inText))
            let engine = recorder.engine(
                model: LeakyModel(inText: item.inText), context: SkillContext(storage: InMemoryDataStore(), networkService: network),
                clock: Self.patientClock())
            for try await _ in engine.run(input: "Where is 北京?", in: setup.conversation()) {}
            let url = folder.appendingPathComponent("secret-\(index).json")
            let recording: SessionRecorder.Recording
            do {
                recording = try recorder.write(to: url, mode: .missing)
            } catch {
                Issue.record("\(item.form): \(error)")
                continue
            }
            let text = try String(contentsOf: url, encoding: .utf8)
            #expect(!text.contains(item.secret), "\(item.form) was written: \(text)")
            #expect(!recording.redacted.isEmpty)
            // Replayed in CI: the tool has another key, or none; the placeholder's position is matched.
            let ci = Self.setup(key: "ci", inText: item.inText.replacingOccurrences(of: item.secret, with: "ci"), inPath: inPath)
            let result = try Replayer(ci).replay(try Transcript.load(contentsOf: url))
            #expect(result.passed, "\(item.form): \(result.report)")
        }
    }

    @Test("a 32-hex key in an appid= query parameter is never written, and the request still matches on replay")
    func appidQuery() throws {
        let text = "GET https://api.openweathermap.org/data/2.5/weather?q=Beijing&appid=9f86d081884c7d659a2feaa0c55ad015&units=metric"
        let (clean, kinds, _) = SecretScanner.labelled(text)
        #expect(!clean.contains("9f86d081884c7d659a2feaa0c55ad015"))
        #expect(clean.contains("q=Beijing") && clean.contains("units=metric"))
        #expect(kinds == ["the \"appid\" parameter"])
        let (value, found) = SessionRecorder.scrubbed(
            .object([("query", .object([("appid", .string("9f86d081884c7d659a2feaa0c55ad015")), ("q", .string("Beijing"))]))]))
        #expect(found == ["/query/appid (the \"appid\" parameter)"])
        guard case .string(let placeholder)? = value["query"]?["appid"] else { throw Failure("no appid") }
        #expect(RedactionPlaceholder.matches(placeholder, "another-key"))
        #expect(!RedactionPlaceholder.matches("appid=«redacted»&q=Beijing", "appid=k&q=Paris"))
    }

    // MARK: Retries

    /// A model that refuses the `failing`-th request (from 1) with HTTP 429, then answers: a tool call to
    /// a user message, text to a tool result.
    final class FlakyModel: LLMClient, @unchecked Sendable {
        let lock = NSLock()
        var count = 0
        let failing: Int
        init(failing: Int) { self.failing = failing }

        func complete(messages: [LLMMessage], tools: [ToolSchema]) async throws -> LLMResponse { throw NetworkError.httpStatus(500) }
        func stream(messages: [LLMMessage], tools: [ToolSchema]) -> AsyncThrowingStream<LLMStreamChunk, any Error> {
            let number = lock.withLock {
                count += 1
                return count
            }
            let failing = failing
            return AsyncThrowingStream { continuation in
                if number == failing {
                    continuation.finish(throwing: NetworkError.httpStatus(429))
                } else if case .user? = messages.last {
                    let arguments = Data(#"{"city": "北京"}"#.utf8)
                    continuation.yield(.toolCall(ToolCall(id: "call_\(number)", name: "lookup_city", arguments: arguments)))
                    continuation.finish()
                } else {
                    continuation.yield(.text(Data("It is sunny.".utf8)))
                    continuation.finish()
                }
            }
        }
    }

    /// The app's own retry layer, as an SDK has: it sends a failed request again once.
    struct RetryingClient: LLMClient {
        let base: any LLMClient
        func complete(messages: [LLMMessage], tools: [ToolSchema]) async throws -> LLMResponse {
            do { return try await base.complete(messages: messages, tools: tools) } catch {
                return try await base.complete(messages: messages, tools: tools)
            }
        }
        func stream(messages: [LLMMessage], tools: [ToolSchema]) -> AsyncThrowingStream<LLMStreamChunk, any Error> {
            let base = base
            let iterator = Iterator(base.stream(messages: messages, tools: tools).makeAsyncIterator())
            return AsyncThrowingStream(unfolding: {
                do {
                    return try await iterator.next()
                } catch  where !iterator.retried {
                    iterator.retried = true
                    iterator.iterator = base.stream(messages: messages, tools: tools).makeAsyncIterator()
                    return try await iterator.next()
                }
            })
        }
        final class Iterator: @unchecked Sendable {
            var iterator: AsyncThrowingStream<LLMStreamChunk, any Error>.AsyncIterator
            var retried = false
            init(_ iterator: AsyncThrowingStream<LLMStreamChunk, any Error>.AsyncIterator) { self.iterator = iterator }
            func next() async throws -> LLMStreamChunk? { try await iterator.next() }
        }
    }

    enum Placement: String, CaseIterable, Sendable {
        case engine, client, aroundEngine, clientMidRun
    }

    @Test(
        "each retry placement gives a transcript with exactly the live session's runs, and it replays green", arguments: Placement.allCases)
    func retries(_ placement: Placement) async throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var setup = Self.setup(key: "k", inText: "nothing secret")
        if placement == .engine { setup.configuration.modelRetry = RetryPolicy(maxRetries: 1, baseDelay: .zero) }
        let recorder = SessionRecorder(name: "retry \(placement)", setup: setup)
        let context = SkillContext(
            storage: InMemoryDataStore(), networkService: recorder.recording(EchoingPartner(secret: "x", inText: "ok")))
        let live = FlakyModel(failing: placement == .clientMidRun ? 2 : 1)
        let engine: ToolCallingEngine
        switch placement {
        case .client, .clientMidRun:
            engine = setup.engine(model: RetryingClient(base: recorder.recording(live)), context: context, clock: Self.patientClock())
        default: engine = recorder.engine(model: live, context: context, clock: Self.patientClock())
        }
        let session = setup.conversation()
        var liveRuns = 0
        for _ in 0..<2 {
            liveRuns += 1
            do {
                for try await _ in engine.run(input: "Weather in 北京?", in: session) {}
                break
            } catch {
                guard placement == .aroundEngine else { throw error }
            }
        }
        let url = folder.appendingPathComponent("retry.json")
        let recording = try recorder.write(to: url, mode: .missing)
        #expect(recording.runs == liveRuns)
        #expect(recording.runs == (placement == .aroundEngine ? 2 : 1))
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.contains("\"retriedBy\": \"client\"") == (placement == .client || placement == .clientMidRun), "\(text)")
        switch placement {
        case .engine: #expect(recording.retries.contains { $0.contains("a retry by the engine") })
        case .client, .clientMidRun: #expect(recording.retries.contains { $0.contains("the app's client") })
        case .aroundEngine: #expect(recording.retries.contains { $0.contains("a retry around the engine") })
        }
        let result = try Replayer(setup).replay(try Transcript.load(contentsOf: url))
        #expect(result.passed, "\(result.report)")
    }

    // MARK: Pointers

    @Test("a changed item is located by its pointer when the list's length differs around it")
    func pointerWhenLengthsDiffer() {
        func message(_ role: String, _ content: String) -> JSONValue { .object([("role", .string(role)), ("content", .string(content))]) }
        let expected = (0..<6).map { message($0 % 2 == 0 ? "user" : "assistant", "m\($0)") }
        var actual = expected
        actual[5] = message("assistant", "changed")
        actual.insert(message("user", "added"), at: 2)
        var comparison = Comparison(matchers: [], step: 3)
        comparison.compare(.array(expected), .array(actual), tokens: ["history"])
        let paths = comparison.differences.map(\.path)
        #expect(paths.contains("history[6] › /content"), "\(comparison.differences)")
        #expect(paths.contains("history[2]"), "\(comparison.differences)")
        #expect(!comparison.differences.contains { $0.kind == .moved }, "\(comparison.differences)")
    }

    @Test("the nearest turn a request fits is the nearest by turns, and says how far")
    func nearestTurn() async throws {
        let turns = (0..<6).map { index in
            ScriptedTurn.text("t\(index)").expecting(lastMessage: .user(index == 1 || index == 4 ? "far or near" : "other \(index)"))
        }
        let model = ScriptedLLMClient(turns: turns)
        _ = try? await model.complete(messages: [.user("other 0")], tools: [])
        _ = try? await model.complete(messages: [.user("other 1")], tools: [])
        _ = try? await model.complete(messages: [.user("other 2")], tools: [])
        _ = try? await model.complete(messages: [.user("far or near")], tools: [])
        let text = model.scriptErrors.map(\.description).joined()
        #expect(text.contains("turn 5, 1 turn later"), "\(text)")
    }

    // MARK: What shaped the session

    @Test(
        "the English catalogue with a tool that fails once records and replays; a changed tool description or system prompt fails with a located diff"
    )
    func setupIsCaptured() async throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let setup = Self.setup(key: "k", inText: "ok")
        let recorder = SessionRecorder(name: "english", setup: setup)
        let partner = FailingOnce(base: EchoingPartner(secret: "x", inText: "ok"))
        let context = SkillContext(storage: InMemoryDataStore(), networkService: recorder.recording(partner))
        let engine = recorder.engine(model: FlakyModel(failing: 0), context: context, clock: Self.patientClock())
        for try await _ in engine.run(input: "Weather in 北京?", in: setup.conversation()) {}
        let url = folder.appendingPathComponent("english.json")
        try recorder.write(to: url, mode: .missing)
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.contains("\"locale\": \"en\""), "\(text)")
        let transcript = try Transcript.load(contentsOf: url)
        #expect(try Replayer(setup).replay(transcript).passed)

        let described = try Replayer(Self.setup(key: "k", inText: "ok", description: "NEVER call this tool.")).replay(transcript)
        #expect(!described.passed)
        #expect(described.report.contains("/tools/0/description"), "\(described.report)")

        let prompted = try Replayer(Self.setup(key: "k", inText: "ok", system: "You are a pirate.")).replay(transcript)
        #expect(!prompted.passed)
        #expect(prompted.report.contains("/system"), "\(prompted.report)")
        #expect(prompted.report.contains("engine › /system"), "\(prompted.report)")
    }

    /// The partner fails the first request, as a flaky service does.
    final class FailingOnce: NetworkServing, @unchecked Sendable {
        let base: any NetworkServing
        let lock = NSLock()
        var failed = false
        init(base: any NetworkServing) { self.base = base }
        func send(_ request: NetworkRequest) async throws -> NetworkResponse {
            let first = lock.withLock {
                defer { failed = true }
                return !failed
            }
            if first { throw NetworkError.timedOut }
            return try await base.send(request)
        }
    }

    // MARK: Refusals

    @Test(
        "a refused recording keeps its draft beside the target with the whole reason; a wrong tool id gets did-you-mean; no folder without a file"
    )
    func refusals() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let setup = Self.setup(key: "k", inText: "ok")
        let recorder = SessionRecorder(name: "refused", setup: setup)
        let context = SkillContext(
            storage: InMemoryDataStore(), networkService: recorder.recording(EchoingPartner(secret: "x", inText: "ok")))
        let engine = recorder.engine(model: FlakyModel(failing: 0), context: context, clock: Self.patientClock())
        for try await _ in engine.run(input: "Weather in 北京?", in: setup.conversation()) {}
        let nested = folder.appendingPathComponent("a/b/refused.json")
        #expect(throws: SessionRecorder.RecordingError.self) { try recorder.write(to: nested, mode: .never) }
        #expect(!FileManager.default.fileExists(atPath: folder.path), "a folder was made with nothing in it")
        let other = ToolSetup(tools: [{ context in ScenarioTools.all[0](context) }])
        do {
            try recorder.write(to: nested, replayer: Replayer(other), mode: .missing)
            Issue.record("recorded with a replayer that lacks the tool")
        } catch {
            let text = "\(error)"
            #expect(text.contains("refused.draft.json"), "\(text)")
            #expect(text.contains("\"lookup\""), "\(text)")
            let draft = folder.appendingPathComponent("a/b/refused.draft.json")
            let kept = try String(contentsOf: draft, encoding: .utf8)
            #expect(kept.contains("NOT RECORDED"))
            #expect(!FileManager.default.fileExists(atPath: nested.path))
        }
        let guess = Suggestion.nearest(to: "weahter", among: ["weather", "echo"])
        #expect(guess == "weather")
    }
}

struct Failure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A remote model of one provider: it takes tools in its dialect and, like a strict provider, sends
/// `null` for the optional member it leaves out.
struct DialectModel: LLMClient {
    let schemaDialect: SchemaDialect
    func complete(messages: [LLMMessage], tools: [ToolSchema]) async throws -> LLMResponse {
        if case .user? = messages.last {
            let arguments = Data(#"{"text": "买牛奶", "priority": null}"#.utf8)
            return LLMResponse(text: "", toolCall: ToolCall(id: "call_1", name: "save_todo", arguments: arguments))
        }
        return LLMResponse(text: "记好了。", toolCall: nil)
    }
}

/// A tool with an optional enum, written once.
struct TodoTool: ToolSkill {
    let id = "todo"
    let name = "save_todo"
    let description = "Saves a to-do."
    let inputSchema: JSON = [
        "type": "object",
        "properties": ["text": ["type": "string"], "priority": ["type": "string", "enum": ["low", "high"]]],
        "required": ["text"],
        "additionalProperties": false,
    ]
    struct Arguments: Decodable {
        let text: String
        let priority: String?
    }
    func execute(arguments: Data) async throws -> String {
        let arguments = try decodeArguments(Arguments.self, from: arguments)
        return "saved \(arguments.text) (\(arguments.priority ?? "normal"))"
    }
}

@Suite("A transcript per provider dialect: the engine sends each its variant, and the replay does the same")
struct DialectTranscriptTests {
    @Test(
        "recorded against a model of each dialect, the transcript replays green, its requests carrying that dialect's variant",
        arguments: SchemaDialect.allCases)
    func perDialect(_ dialect: SchemaDialect) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("skillcheck-dialect-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var configuration = ToolCallingEngine.Configuration()
        configuration.streaming = false
        let setup = ToolSetup(tools: [{ _ in TodoTool() }], configuration: configuration)
        let recorder = SessionRecorder(name: "todo for \(dialect.rawValue)", setup: setup)
        let engine = recorder.engine(
            model: DialectModel(schemaDialect: dialect),
            context: SkillContext(storage: InMemoryDataStore(), networkService: FakeNetworkService()),
            clock: VirtualClock())
        for try await _ in engine.run(input: "记一下买牛奶", in: setup.conversation()) {}
        let url = folder.appendingPathComponent("todo.json")
        try recorder.write(to: url, mode: .missing)
        let transcript = try Transcript.load(contentsOf: url)
        let sent = transcript.toolConversation?.model.first?.definitions?.first?.parameters
        #expect(sent == JSONSchema.variant(of: TodoTool().inputSchema, for: dialect).schema)
        #expect(transcript.toolConversation?.settings.dialect == dialect)
        let result = try Replayer(setup).replay(transcript)
        #expect(result.passed, "\(result.report)")
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.contains("saved 买牛奶 (normal)"), "a strict provider's null reached the tool as not given")
    }
}
