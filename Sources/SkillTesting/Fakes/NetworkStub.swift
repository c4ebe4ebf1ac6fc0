import Foundation
import SkillKit

/// One canned answer of a ``FakeNetworkService``: which requests it matches, what it answers, how slowly.
///
/// ```swift
/// NetworkStub(.init(method: .get, path: "/v1/quote", query: ["symbol": "AAPL"]),
///             reply: .json(#"{"price": 190}"#), latency: .milliseconds(80))
/// ```
@available(SkillCheckTesting, *)
public struct NetworkStub: Sendable, CustomStringConvertible {
    /// Which requests a stub answers.
    ///
    /// Every field that is set must match; strict equality.
    public struct Match: Sendable, Hashable, Codable {
        public var method: NetworkRequest.Method?
        /// The whole URL without its query, such as `https://api.example.com/v1/quote`.
        public var url: String?
        /// The URL's path, such as `/v1/quote`.
        public var path: String?
        /// Query items the request must carry, with these values (others may be present).
        public var query: [String: String]
        /// Headers the request must carry (names compared case-insensitively).
        public var headers: [String: String]
        /// The exact body.
        ///
        /// JSON bodies compare as JSON values, so key order does not matter.
        public var body: Data?
        /// A tool the body's model request must offer (in its `tools`, as ``declaredTools(in:)`` reads them): the
        /// kit's own matches, since a model calls only a tool the request offers.
        package var offersTool: String? = nil

        public init(
            method: NetworkRequest.Method? = nil,
            url: String? = nil,
            path: String? = nil,
            query: [String: String] = [:],
            headers: [String: String] = [:],
            body: Data? = nil
        ) {
            self.method = method
            self.url = url
            self.path = path
            self.query = query
            self.headers = headers
            self.body = body
        }

        /// Why `request` does not match: empty when it does.
        package func mismatches(_ request: NetworkRequest) -> [String] {
            var reasons: [String] = []
            if let method, method != request.method {
                reasons.append("method: expected \(method.rawValue), found \(request.method.rawValue)")
            }
            let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)
            if let url {
                var bare = components
                bare?.query = nil
                let found = bare?.string ?? request.url.absoluteString
                if !RedactionPlaceholder.matches(url, found) { reasons.append("url: expected \(url), found \(found)") }
            }
            if let path, !RedactionPlaceholder.matches(path, request.url.path) {
                reasons.append("path: expected \(path), found \(request.url.path)")
            }
            let actualQuery = request.query
            for (name, value) in query.sorted(by: { $0.key < $1.key })
            where actualQuery[name].map({ !RedactionPlaceholder.matches(value, $0) }) ?? true {
                reasons.append("query \(name): expected \(value), found \(actualQuery[name] ?? "nothing")")
            }
            let actualHeaders = Dictionary(request.headers.map { ($0.key.lowercased(), $0.value) }) { $1 }
            for (name, value) in headers.sorted(by: { $0.key < $1.key })
            where actualHeaders[name.lowercased()].map({ !RedactionPlaceholder.matches(value, $0) }) ?? true {
                reasons.append("header \(name): expected \(value), found \(actualHeaders[name.lowercased()] ?? "nothing")")
            }
            if let offersTool, !Self.declaredTools(in: request.body ?? Data()).contains(where: { $0.name == offersTool }) {
                reasons.append(
                    "body: expected a model request offering the tool \(offersTool), found \(Self.preview(request.body ?? Data()))")
            } else if offersTool != nil, Self.forbidsToolCalls(request.body ?? Data()) {
                reasons.append("body: expected a model request that lets the model call a tool, found one whose tool choice is none")
            }
            if let body, !Self.sameBody(body, request.body ?? Data()) {
                reasons.append("body: expected \(Self.preview(body)), found \(Self.preview(request.body ?? Data()))")
            }
            return reasons
        }

        /// The tools a model request's JSON body offers, with their parameters' schemas, in order: OpenAI's and
        /// Ollama's `tools[].function`, Anthropic's and OpenAI Responses' `tools[]`, Gemini's
        /// `tools[].functionDeclarations[]`.
        package static func declaredTools(in body: Data) -> [(name: String, schema: JSON)] {
            guard let request = try? JSON(parsing: body), case .array(let tools)? = request["tools"] else { return [] }
            let declared = tools.flatMap { tool -> [JSON] in
                if case .array(let inner)? = tool["functionDeclarations"] ?? tool["function_declarations"] { return inner }
                return [tool["function"] ?? tool]
            }
            return declared.compactMap { tool in
                guard case .string(let name)? = tool["name"] else { return nil }
                return (name, tool["parameters"] ?? tool["input_schema"] ?? tool["inputSchema"] ?? ["type": "object"])
            }
        }

        /// Whether a model request's JSON body lists tools but lets the model call none of them, as a loop's last
        /// round may: OpenAI's `"tool_choice": "none"`, Anthropic's `{"type": "none"}`, Gemini's function-calling
        /// mode `NONE`.
        package static func forbidsToolCalls(_ body: Data) -> Bool {
            guard let request = try? JSON(parsing: body) else { return false }
            let choice = request["tool_choice"] ?? request["toolChoice"]
            if case .string(let word)? = choice, word.lowercased() == "none" { return true }
            if case .string(let word)? = choice?["type"], word.lowercased() == "none" { return true }
            let config = request["toolConfig"] ?? request["tool_config"]
            let calling = config?["functionCallingConfig"] ?? config?["function_calling_config"]
            if case .string(let mode)? = calling?["mode"], mode.uppercased() == "NONE" { return true }
            return false
        }

        static func sameBody(_ lhs: Data, _ rhs: Data) -> Bool {
            if lhs == rhs { return true }
            guard let left = try? JSONSerialization.jsonObject(with: lhs, options: [.fragmentsAllowed]),
                let right = try? JSONSerialization.jsonObject(with: rhs, options: [.fragmentsAllowed])
            else { return RedactionPlaceholder.matches(String(decoding: lhs, as: UTF8.self), String(decoding: rhs, as: UTF8.self)) }
            return RedactionPlaceholder.matches(json: left, right)
        }

        static func preview(_ data: Data) -> String {
            let text = String(decoding: data.prefix(80), as: UTF8.self)
            return data.count > 80 ? "\"\(text)…\" (\(data.count) bytes)" : "\"\(text)\""
        }
    }

    /// What the server does.
    public enum Reply: Sendable {
        /// Answers with this response, whatever its status.
        case response(NetworkResponse)
        /// Throws `NetworkError/offline` at once.
        case offline
        /// Waits the latency, then throws `NetworkError/timedOut`.
        case timeout
        /// Answers 200 with a body that is not valid JSON.
        case malformedPayload
        /// Never answers: waits until the caller is cancelled.
        case hang

        /// A 200 (or `status`) response with a JSON body.
        public static func json(_ text: String, status: Int = 200) -> Reply {
            .response(NetworkResponse(status: status, headers: ["Content-Type": "application/json"], body: Data(text.utf8)))
        }

        /// A response with this status and an empty body.
        public static func status(_ status: Int) -> Reply {
            .response(NetworkResponse(status: status))
        }
    }

    public var match: Match
    public var reply: Reply
    public var latency: Duration
    /// How many requests it answers.
    ///
    /// `nil` for any number.
    public var times: Int?
    /// A name for diagnostics.
    public var label: String?
    /// The reply to a matching request, worked out from the request (a model's answer that calls one of the tools
    /// the request offers); ``reply`` when `nil`.
    package var answer: (@Sendable (NetworkRequest) -> Reply)? = nil

    public init(_ match: Match, reply: Reply, latency: Duration = .zero, times: Int? = nil, label: String? = nil) {
        self.match = match
        self.reply = reply
        self.latency = latency
        self.times = times
        self.label = label
    }

    public var description: String {
        if let label { return label }
        var parts = [match.method?.rawValue ?? "ANY", match.url ?? match.path ?? "any URL"]
        if !match.query.isEmpty {
            parts.append("?" + match.query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&"))
        }
        return parts.joined(separator: " ")
    }
}
