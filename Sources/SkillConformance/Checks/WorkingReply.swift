import Foundation
import SkillCheckSupport
import SkillKit
import SkillTesting

/// The reply every request of a healthy run gets, fitted to the skill (``SkillUnderTest/workingReply(limits:)``).
///
/// A weather document serves the skills of the articles; a tool that reads a list of issues or a search API's
/// results cannot decode one, fails on its own sample, and the rules that judge what it does after the reply
/// (a write after cancellation, a second request, its result twice) would judge nothing there. An empty
/// list or object is what such an API sends when it has nothing to say, and most decoders take one of them; but
/// a search that says "no results" never reaches its hit's own request, so where the skill's source is known, a
/// document shaped like what it reads (``SourceReplies``) is kept when it takes the first sample further.
/// A skill that asks a model (seed 002's tool loop) decodes its provider's answer, so a model's plain text
/// answer in each provider's shape comes last (``modelAnswers``, and ``streamedAnswers`` for a request that asks for
/// a stream), and under `skillcheck` a request that offers
/// tools first gets the model's call of one (``fittedWithToolCall(for:limits:)``): the loop runs a tool, asks
/// again, ends, and what the skill does on the way is judged.
///
/// ```swift
/// await WorkingReply.fitted(for: SkillUnderTest(tool: { ListIssuesTool(context: $0) }), limits: CheckLimits())   // "[]"
/// ```
@available(SkillCheckTesting, *)
enum WorkingReply {
    /// In the order tried: the first that lets the skill's first sample finish with an output that says something is
    /// kept (an empty one only when none says anything).
    static let candidates = [InjectedFault.weatherBody, "[]", "{}"] + modelAnswers.map(\.body) + streamedAnswers.map(\.body)

    /// A response with `body`: a model's streamed answer as the provider sends it (server-sent events, or Ollama's
    /// lines of JSON), anything else as JSON.
    static func reply(_ body: String) -> NetworkStub.Reply {
        let type =
            if body.hasPrefix("data: ") || body.hasPrefix("event: ") {
                "text/event-stream"
            } else if body.hasPrefix("<") {
                body.contains("<feed") ? "application/atom+xml" : body.contains("<rss") ? "application/rss+xml" : "text/html; charset=utf-8"
            } else if provider(answering: body) == "Ollama chat, streamed" { "application/x-ndjson" } else { "application/json" }
        return .response(NetworkResponse(status: 200, headers: ["Content-Type": type], body: Data(body.utf8)))
    }

    /// What a healthy run's requests get: `body` for every one, except that the first request that offers the tool of
    /// `toolCall`, when there is one, gets the model's call of it, so a tool loop dispatches a tool and asks again
    /// before the model's text answer ends it.
    struct Fit: Sendable, Hashable {
        var body: String
        var toolCall: ToolCall?

        /// Answers `network`'s requests as this fit says, each after `latency`: what stubs added before this
        /// match first.
        func stub(_ network: FakeNetworkService, latency: Duration = .zero) {
            if let toolCall { network.stub(toolCall.match, reply: .json(toolCall.body), latency: latency, times: 1) }
            WorkingReply.stub(network, body: body, latency: latency)
        }
    }

    /// Joins documents into one working reply that answers each request path with the document of its turn
    /// (``stub(_:body:latency:)``): a list of ids for the first path, an item for the next.
    static func routed(_ documents: [String]) -> String { documents.joined(separator: "\u{1E}") }

    /// `body` as full as a real service's answer: each list of its JSON documents `listCount` items long (its items
    /// repeated in turn), and each text field named in `bodyFieldNames` (lower case) about 1 KB long. With `distinct`,
    /// each repeated item's words end in its place (`Sample-title-2`), so items told apart by text differ (a link, a
    /// time or a date is kept as it is). `nil` when nothing grew (no list, no such field), and for a model's answer.
    ///
    /// ```swift
    /// WorkingReply.fuller(#"{"items":[{"id":1}]}"#, listCount: 3)   // #"{"items":[{"id":1},{"id":1},{"id":1}]}"#
    /// ```
    static func fuller(_ body: String, listCount: Int, bodyFieldNames: Set<String> = [], distinct: Bool = false) -> String? {
        // A model's answer is not a service's data: three of its choices or content blocks are another answer.
        guard provider(answering: body) == nil else { return nil }
        var grew = false
        func marked(_ value: Any, _ place: Int) -> Any {
            if let object = value as? [String: Any] { return object.mapValues { marked($0, place) } }
            if let list = value as? [Any] { return list.map { marked($0, place) } }
            if let text = value as? String, text.contains(where: \.isLetter), !text.contains(":") { return "\(text)-\(place)" }
            return value
        }
        func full(_ value: Any, key: String?) -> Any {
            if let object = value as? [String: Any] {
                return Dictionary(uniqueKeysWithValues: object.map { ($0.key, full($0.value, key: $0.key)) })
            }
            if let list = value as? [Any], !list.isEmpty {
                if list.count < listCount { grew = true }
                return (0..<max(list.count, listCount)).map { index in
                    let item = full(list[index % list.count], key: nil)
                    return distinct && index >= list.count ? marked(item, index + 1) : item
                }
            }
            if let text = value as? String, let key, bodyFieldNames.contains(key.lowercased()) {
                grew = true
                return text + " " + String(SkillConformance.longField.prefix(1_024 - min(text.utf8.count, 512)))
            }
            return value
        }
        let documents = documents(of: body).map { document -> String in
            guard let json = try? JSONSerialization.jsonObject(with: Data(document.utf8), options: .fragmentsAllowed),
                let data = try? JSONSerialization.data(withJSONObject: full(json, key: nil), options: [.sortedKeys, .fragmentsAllowed])
            else { return document }
            return String(decoding: data, as: UTF8.self)
        }
        return grew ? routed(documents) : nil
    }

    /// The documents of a working reply: one, or those ``routed(_:)`` joined.
    static func documents(of body: String) -> [String] {
        body.split(separator: "\u{1E}", omittingEmptySubsequences: false).map(String.init)
    }

    /// Answers every request of `network` with `body`, each after `latency`. A routed body answers by the request's
    /// path (``FirstRuns/requestKey(_:)``, ids and numbers left out): the first path a run asks gets the first
    /// document, the next path the next, the rest the last; the same path always gets the same document, so calls
    /// made at once are answered as one call alone is.
    static func stub(_ network: FakeNetworkService, body: String, latency: Duration) {
        let documents = documents(of: body)
        guard documents.count > 1, let last = documents.last else {
            network.stub(.init(), reply: reply(body), latency: latency)
            return
        }
        let paths = Locked<[String]>([])
        var stub = NetworkStub(
            .init(), reply: reply(last), latency: latency, label: "a service that answers each path with its own document")
        stub.answer = { request in
            let key = FirstRuns.requestKey(request)
            let turn = paths.withLock { seen in
                if let index = seen.firstIndex(of: key) { return index }
                seen.append(key)
                return seen.count - 1
            }
            return reply(documents[min(turn, documents.count - 1)])
        }
        network.stub(stub)
    }

    /// Whether the fitting tries a model's call of the skill's tool, over the environment's word (a test's choice).
    @TaskLocal static var triesToolCall: Bool?

    /// A model's answer (`body`) that calls `tool`, for the first request to `path` that offers that tool.
    struct ToolCall: Sendable, Hashable {
        var path: String
        var tool: String
        var body: String

        /// Where the stub answers: a POST to `path` that offers the tool, so a request that offers other tools
        /// (another agent's, after a handoff) never gets a call of one it does not have.
        var match: NetworkStub.Match {
            var match = NetworkStub.Match(method: .post, path: path)
            match.offersTool = tool
            return match
        }
    }

    /// The fitted reply, and, when it is a model's answer and the skill's request declared tools, the same model's
    /// call of the first one with arguments that fit its schema (``JSONSchema/example(for:)``), kept only when the
    /// first sample still finishes with an output that way.
    static func fittedWithToolCall(for subject: SkillUnderTest, limits: CheckLimits) async -> Fit {
        let body = await fitted(for: subject, limits: limits)
        // A trap in the tool's work would end the process for every rule: only `skillcheck`, which starts the
        // next process without the trial when one traps in it, asks for it.
        guard triesToolCall ?? (ProcessInfo.processInfo.environment[CrashReport.toolCallEnvironmentKey] == "try"),
            let provider = provider(answering: body),
            let sample = subject.instance(in: .virtual(clock: VirtualClock())).samples.handled.first,
            case .success(let probe) = await Probe.run(
                subject, input: SkillInput(rawText: sample), limits: limits, reply: body, setUp: nil),
            let (request, (tool, call)) = probe.requests.lazy.filter({ $0.method == .post }).compactMap({ request in
                toolCall(provider, request.body ?? Data()).map { (request, $0) }
            }).first
        else { return Fit(body: body) }
        let calling = ToolCall(path: request.url.path, tool: tool, body: call)
        CrashReport.announceToolCallTrial(tool: tool)
        defer { CrashReport.announceToolCallTrial(tool: nil) }
        let tried = await Probe.run(
            subject, input: SkillInput(rawText: sample), limits: limits, reply: body, toolCall: calling, setUp: nil)
        guard case .success(let run) = tried, case .output = run.ending else { return Fit(body: body) }
        return Fit(body: body, toolCall: calling)
    }

    /// A model that answers each request to `call`'s path that lets it call a tool with a call of the first tool the
    /// request offers (with `parallel`, of two tools at once), `rounds` times, then with `body`, its text answer; `nil`
    /// when `body` is no model's answer. Each stub counts its own rounds (one stub per run), for each request of the
    /// run apart (``AwaitGate/request``: SEND-4's two requests at once each get their calls, whichever asks first).
    static func callingModel(_ call: ToolCall, body: String, rounds: Int, parallel: Bool = false, unfit: Bool = false) -> NetworkStub? {
        guard let provider = provider(answering: body) else { return nil }
        let calls = Locked<[Int: Int]>([:])
        let label = parallel ? "a model that calls two tools at once" : "a model that keeps calling tools"
        var stub = NetworkStub(NetworkStub.Match(method: .post, path: call.path), reply: reply(body), label: label)
        stub.answer = { request in
            guard let (_, answer) = toolCall(provider, request.body ?? Data(), parallel: parallel, unfit: unfit) else { return reply(body) }
            let lane = AwaitGate.request ?? 0
            let calling = calls.withLock { counts in
                counts[lane, default: 0] += 1
                return counts[lane, default: 0] <= rounds
            }
            return calling ? .json(answer) : reply(body)
        }
        return stub
    }

    /// The first tool `requestBody` offers, and `provider`'s answer calling it; `nil` when it offers none, or lets the
    /// model call none. With `parallel`, the answer calls two tools at once, as models do by default: the first two
    /// the request offers, or its one tool twice. With `unfit`, the arguments do not fit the tool's schema, as a
    /// model's sometimes do (``unfitArguments``).
    static func toolCall(
        _ provider: String, _ requestBody: Data, parallel: Bool = false, unfit: Bool = false
    ) -> (tool: String, answer: String)? {
        let offered = NetworkStub.Match.declaredTools(in: requestBody)
        guard !NetworkStub.Match.forbidsToolCalls(requestBody), let first = offered.first else { return nil }
        let calls = parallel ? [first, offered.count > 1 ? offered[1] : first] : [first]
        let made = calls.enumerated().map { index, tool in
            (
                name: JSON.string(tool.name).text,
                arguments: unfit ? unfitArguments(provider) : JSONSchema.example(for: tool.schema).text, number: index + 1
            )
        }
        func joined(_ part: ((name: String, arguments: String, number: Int)) -> String) -> String {
            made.map(part).joined(separator: ",")
        }
        let answer: String? =
            switch provider {
            case "OpenAI Chat Completions":
                #"{"id":"chatcmpl-skillcheck-tool","object":"chat.completion","created":1700000000,"model":"gpt-4o-mini","#
                    + #""choices":[{"index":0,"message":{"role":"assistant","content":null,"refusal":null,"tool_calls":["#
                    + joined {
                        #"{"id":"call_skillcheck_\#($0.number)","type":"function","function":{"name":\#($0.name),"#
                            + #""arguments":\#(JSON.string($0.arguments).text)}}"#
                    }
                    + #"]},"logprobs":null,"finish_reason":"tool_calls"}],"#
                    + #""usage":{"prompt_tokens":12,"completion_tokens":1,"total_tokens":13}}"#
            case "Anthropic Messages":
                #"{"id":"msg_skillcheck_tool","type":"message","role":"assistant","model":"claude-sonnet-4-5","content":["#
                    + joined { #"{"type":"tool_use","id":"toolu_skillcheck_\#($0.number)","name":\#($0.name),"input":\#($0.arguments)}"# }
                    + #"],"stop_reason":"tool_use","stop_sequence":null,"usage":{"input_tokens":12,"output_tokens":1}}"#
            case "Gemini generateContent":
                #"{"candidates":[{"content":{"role":"model","parts":["#
                    + joined { #"{"functionCall":{"name":\#($0.name),"args":\#($0.arguments)}}"# }
                    + #"]},"finishReason":"STOP","index":0}],"#
                    + #""usageMetadata":{"promptTokenCount":12,"candidatesTokenCount":1,"totalTokenCount":13},"#
                    + #""modelVersion":"gemini-2.5-flash"}"#
            case "OpenAI Responses":
                #"{"id":"resp_skillcheck_tool","object":"response","created_at":1700000000,"status":"completed","#
                    + #""model":"gpt-4o-mini","output":["#
                    + joined {
                        #"{"type":"function_call","id":"fc_skillcheck_\#($0.number)","call_id":"call_skillcheck_\#($0.number)","#
                            + #""name":\#($0.name),"arguments":\#(JSON.string($0.arguments).text),"status":"completed"}"#
                    }
                    + #"],"usage":{"input_tokens":12,"output_tokens":1,"total_tokens":13}}"#
            case "Ollama chat":
                #"{"model":"llama3.2","created_at":"2024-01-01T00:00:00Z","message":{"role":"assistant","content":"","#
                    + #""tool_calls":["# + joined { #"{"function":{"name":\#($0.name),"arguments":\#($0.arguments)}}"# }
                    + #"]},"done":true,"done_reason":"stop"}"#
            default: nil
            }
        return answer.map { (first.name, $0) }
    }

    /// Arguments that do not fit a tool's schema, as `provider`'s models sometimes write them: where the arguments are
    /// a string of JSON (OpenAI's Chat Completions and Responses), JSON cut short, as OpenAI's guide warns its models can
    /// write; where they are an object, an empty one, every required field missing.
    static func unfitArguments(_ provider: String) -> String {
        provider.hasPrefix("OpenAI") ? #"{"city": "Par"# : "{}"
    }

    /// How ``unfitArguments(_:)`` do not fit, as a finding says it.
    static func unfitness(_ provider: String) -> String {
        provider.hasPrefix("OpenAI") ? "JSON cut short" : "every field left out"
    }

    /// The provider whose text answer `body` is (``modelAnswers``, ``streamedAnswers``); `nil` for any other reply.
    static func provider(answering body: String) -> String? {
        (modelAnswers + streamedAnswers).first { $0.body == body }?.provider
    }

    /// A model's text answer, "OK", as each provider's API sends it, with every field its reference documents
    /// as always present: OpenAI's Chat Completions and Responses, Anthropic's Messages, Gemini's
    /// generateContent, Ollama's chat.
    static let modelAnswers: [(provider: String, body: String)] = [
        (
            "OpenAI Chat Completions",
            #"{"id":"chatcmpl-skillcheck","object":"chat.completion","created":1700000000,"model":"gpt-4o-mini","#
                + #""choices":[{"index":0,"message":{"role":"assistant","content":"OK","refusal":null},"logprobs":null,"#
                + #""finish_reason":"stop"}],"usage":{"prompt_tokens":12,"completion_tokens":1,"total_tokens":13}}"#
        ),
        (
            "Anthropic Messages",
            #"{"id":"msg_skillcheck","type":"message","role":"assistant","model":"claude-sonnet-4-5","#
                + #""content":[{"type":"text","text":"OK"}],"stop_reason":"end_turn","stop_sequence":null,"#
                + #""usage":{"input_tokens":12,"output_tokens":1}}"#
        ),
        (
            "Gemini generateContent",
            #"{"candidates":[{"content":{"role":"model","parts":[{"text":"OK"}]},"finishReason":"STOP","index":0}],"#
                + #""usageMetadata":{"promptTokenCount":12,"candidatesTokenCount":1,"totalTokenCount":13},"#
                + #""modelVersion":"gemini-2.5-flash"}"#
        ),
        (
            "OpenAI Responses",
            #"{"id":"resp_skillcheck","object":"response","created_at":1700000000,"status":"completed","model":"gpt-4o-mini","#
                + #""output":[{"type":"message","id":"msg_skillcheck","status":"completed","role":"assistant","#
                + #""content":[{"type":"output_text","text":"OK","annotations":[]}]}],"#
                + #""usage":{"input_tokens":12,"output_tokens":1,"total_tokens":13}}"#
        ),
        (
            "Ollama chat",
            #"{"model":"llama3.2","created_at":"2024-01-01T00:00:00Z","message":{"role":"assistant","content":"OK"},"#
                + #""done":true,"done_reason":"stop"}"#
        ),
    ]

    /// The same answer, "OK", streamed as each provider streams it when the request asks (`"stream": true`, Gemini's
    /// `:streamGenerateContent`): OpenAI's chunks and Responses events and Anthropic's events as server-sent events, Gemini's with
    /// `alt=sse`, Ollama's as lines of JSON. A client that reads a stream finds nothing in a whole document and
    /// answers with nothing, so every rule would judge a run that never read the model's words.
    static let streamedAnswers: [(provider: String, body: String)] = {
        let chunk =
            #"{"id":"chatcmpl-skillcheck","object":"chat.completion.chunk","created":1700000000,"model":"gpt-4o-mini","#
            + #""system_fingerprint":null,"choices":[{"index":0,"delta":"#
        let anthropic = [
            (
                "message_start",
                #"{"type":"message_start","message":{"id":"msg_skillcheck","type":"message","role":"assistant","#
                    + #""model":"claude-sonnet-4-5","content":[],"stop_reason":null,"stop_sequence":null,"#
                    + #""usage":{"input_tokens":12,"output_tokens":1}}}"#
            ),
            ("content_block_start", #"{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}"#),
            ("ping", #"{"type": "ping"}"#),
            ("content_block_delta", #"{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"OK"}}"#),
            ("content_block_stop", #"{"type":"content_block_stop","index":0}"#),
            (
                "message_delta",
                #"{"type":"message_delta","delta":{"stop_reason":"end_turn","stop_sequence":null},"#
                    + #""usage":{"output_tokens":1}}"#
            ),
            ("message_stop", #"{"type":"message_stop"}"#),
        ]
        let response = modelAnswers.first { $0.provider == "OpenAI Responses" }!.body
        let item = #""item_id":"msg_skillcheck","output_index":0,"content_index":0"#
        let responses = [
            (
                "response.created",
                #"{"type":"response.created","sequence_number":0,"response":{"id":"resp_skillcheck","#
                    + #""object":"response","created_at":1700000000,"status":"in_progress","model":"gpt-4o-mini","output":[]}}"#
            ),
            ("response.output_text.delta", #"{"type":"response.output_text.delta","sequence_number":1,"# + item + #","delta":"OK"}"#),
            ("response.output_text.done", #"{"type":"response.output_text.done","sequence_number":2,"# + item + #","text":"OK"}"#),
            ("response.completed", #"{"type":"response.completed","sequence_number":3,"response":"# + response + "}"),
        ]
        return [
            (
                "OpenAI Chat Completions, streamed",
                [
                    chunk + #"{"role":"assistant","content":"","refusal":null},"logprobs":null,"finish_reason":null}]}"#,
                    chunk + #"{"content":"OK"},"logprobs":null,"finish_reason":null}]}"#,
                    chunk + #"{},"logprobs":null,"finish_reason":"stop"}]}"#, "[DONE]",
                ].map { "data: \($0)\n\n" }.joined()
            ),
            ("Anthropic Messages, streamed", anthropic.map { "event: \($0.0)\ndata: \($0.1)\n\n" }.joined()),
            ("OpenAI Responses, streamed", responses.map { "event: \($0.0)\ndata: \($0.1)\n\n" }.joined()),
            (
                "Gemini streamGenerateContent",
                "data: " + #"{"candidates":[{"content":{"role":"model","parts":[{"text":"OK"}]},"finishReason":"STOP","index":0}],"#
                    + #""usageMetadata":{"promptTokenCount":12,"candidatesTokenCount":1,"totalTokenCount":13},"#
                    + #""modelVersion":"gemini-2.5-flash"}"# + "\r\n\r\n"
            ),
            (
                "Ollama chat, streamed",
                #"{"model":"llama3.2","created_at":"2024-01-01T00:00:00Z","message":{"role":"assistant","content":"OK"},"done":false}"#
                    + "\n" + #"{"model":"llama3.2","created_at":"2024-01-01T00:00:01Z","message":{"role":"assistant","content":""},"#
                    + #""done":true,"done_reason":"stop"}"# + "\n"
            ),
        ]
    }()

    /// Where the skill's source is known, the reply that takes its first sample furthest (``furthest(of:_:_:_:)``);
    /// else the first candidate with which the skill's first handled sample (a tool's first sample arguments) ends
    /// in an output; the weather document when it does, when the run makes no request, or when none does.
    static func fitted(for subject: SkillUnderTest, limits: CheckLimits) async -> String {
        let samples = subject.instance(in: .virtual(clock: VirtualClock())).samples.handled
        guard let sample = samples.first else { return InjectedFault.weatherBody }
        let derived =
            (subject.sourcePackage.map { SourceReplies.documents(inPackage: $0, module: subject.module, typeName: subject.typeName) } ?? [])
            .map {
                SourceReplies.keyed($0, by: samples)
            }
        // A skill that decodes two shapes (a list of ids, then each item) needs one for its first path and one for the next.
        let pairs = derived.flatMap { first in derived.filter { $0 != first }.map { routed([first, $0]) } }.prefix(12)
        if !derived.isEmpty, let furthest = await furthest(of: derived + pairs + [InjectedFault.weatherBody], subject, sample, limits) {
            return furthest
        }
        var order = candidates
        var index = 0
        var reordered = false
        var silent: String?
        while index < order.count {
            let body = order[index]
            index += 1
            let result = await Probe.run(
                subject, input: SkillInput(rawText: sample), limits: limits, reply: body, setUp: nil)
            guard case .success(let probe) = result else { break }
            // A request to a model (its API's path, or tools in its body) gets that model's answer first: a lenient
            // parser may take any document as an empty answer, and then no tool would ever be called.
            if !reordered, let provider = probe.requests.lazy.compactMap(modelProvider).first,
                let answer = (modelAnswers + streamedAnswers).first(where: { $0.provider == provider })?.body
            {
                reordered = true
                if body != answer {
                    order = [answer] + order.filter { $0 != answer }
                    index = 0
                    continue
                }
            }
            // An output that says nothing may be a reply the skill could not read (a stream it found nothing in): another
            // candidate may make it say something.
            if case .output(let output) = probe.ending {
                if !output.summary.isEmpty || output.detail?.isEmpty == false { return body }
                if silent == nil { silent = body }
            }
            // No request, or refused before one: the reply is not what fails it.
            if probe.requestCount == 0 { break }
        }
        return silent ?? InjectedFault.weatherBody
    }

    /// Of `bodies` (documents shaped like what the skill's source reads, then the weather document), the one whose run
    /// ends in an output that says something after the most requests and storage operations: the reply that takes the
    /// skill furthest down its main path, the earlier on a tie (a tool that answers the weather document with "API
    /// error: …" after its one request has not read what it came for). `nil` when none ends that way, or when the skill asks a
    /// model, whose answers come first (``fitted(for:limits:)``).
    private static func furthest(of bodies: [String], _ subject: SkillUnderTest, _ sample: String, _ limits: CheckLimits) async -> String? {
        // An answer that says it failed ("Could not get the forecast") reached less than one that does not, whatever it asked.
        var best: (body: String, worked: Bool, operations: Int)?
        for body in bodies {
            let result = await Probe.run(subject, input: SkillInput(rawText: sample), limits: limits, reply: body, setUp: nil)
            guard case .success(let probe) = result else { return best?.body }
            if probe.requests.contains(where: { modelProvider(of: $0) != nil }) { return nil }
            // No request with the first: the reply is not what decides. With a later one, an answer kept from an
            // earlier run (a cache the fitting's own runs filled), which says nothing of this reply.
            if probe.requestCount == 0 {
                if body == bodies.first { return nil }
                continue
            }
            guard case .output(let output) = probe.ending, !output.summary.isEmpty || output.detail?.isEmpty == false else { continue }
            let operations = probe.requestCount + probe.storeLog.count
            let worked = !SkillConformance.saysItFailed(output.summary)
            if let best, (best.worked ? 1 : 0, best.operations) >= (worked ? 1 : 0, operations) { continue }
            best = (body, worked, operations)
        }
        return best?.body
    }

    /// The model API `request` asks, by its path or, failing that, by how its body offers tools; `nil` for any other
    /// request.
    static func modelProvider(of request: NetworkRequest) -> String? {
        guard request.method == .post else { return nil }
        let path = request.url.path
        let body = try? JSON(parsing: request.body ?? Data())
        // A request that asks for a stream gets the streamed answer (Ollama streams unless told not to).
        let streams = body?["stream"] == .bool(true)
        if path.hasSuffix("/chat/completions") { return streams ? "OpenAI Chat Completions, streamed" : "OpenAI Chat Completions" }
        if path.hasSuffix("/v1/messages") { return streams ? "Anthropic Messages, streamed" : "Anthropic Messages" }
        if path.contains(":streamGenerateContent") { return "Gemini streamGenerateContent" }
        if path.contains(":generateContent") { return "Gemini generateContent" }
        if path.hasSuffix("/v1/responses") { return streams ? "OpenAI Responses, streamed" : "OpenAI Responses" }
        if path.hasSuffix("/api/chat") { return body?["stream"] == .bool(false) ? "Ollama chat" : "Ollama chat, streamed" }
        guard let body, case .array(let tools)? = body["tools"], let tool = tools.first else { return nil }
        if tool["functionDeclarations"] != nil || tool["function_declarations"] != nil { return "Gemini generateContent" }
        if tool["input_schema"] != nil { return "Anthropic Messages" }
        if tool["function"] != nil { return body["options"] != nil ? "Ollama chat" : "OpenAI Chat Completions" }
        if tool["parameters"] != nil, body["input"] != nil { return "OpenAI Responses" }
        return nil
    }
}
