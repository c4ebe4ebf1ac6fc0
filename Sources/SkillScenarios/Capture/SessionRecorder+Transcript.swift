import Foundation
import SkillKit
import SkillTesting

@available(SkillCheckTesting, *)
extension SessionRecorder {
    /// What ``write(to:replayer:mode:)`` kept.
    public struct Recording: Sendable, Hashable {
        /// The transcript's path.
        public var file: String
        /// How many model requests became turns of the script, and how many user inputs became runs.
        public var turns: Int
        public var runs: Int
        /// Where a secret was replaced by a placeholder: `/model/0/text (OpenAI key)`.
        public var redacted: [String]
        /// What the recording had to guess, such as an error with no scripted equivalent.
        public var notes: [String]
    }

    /// Why a recording was not kept.
    public struct RecordingError: Error, Sendable, CustomStringConvertible {
        public var file: String
        public var reason: String
        public var description: String { "\(file): not recorded: \(reason)" }
    }

    /// Writes the session as a transcript at `url`, once it replays green through `replayer`.
    ///
    /// The one replay fills in the runs and the conversation each run left. A session that does not
    /// replay green is an error, and the file is not touched.
    ///
    /// - Parameters:
    ///   - url: where the transcript goes.
    ///   - replayer: knows the tools the session used, by the ids ``tools`` names.
    ///   - mode: `never` writes nothing; `missing` (the default off CI) writes a new file only; `failed`
    ///     and `all` may replace one.
    @discardableResult
    public func write(
        to url: URL, replayer: Replayer, mode: RecordMode = .default(environment: ProcessInfo.processInfo.environment)
    ) throws -> Recording {
        let path = url.path
        guard mode != .never else {
            throw RecordingError(
                file: path,
                reason: "record mode is never (the default when CI is set): pass mode: .missing to write a new transcript")
        }
        if FileManager.default.fileExists(atPath: path), mode == .missing {
            throw RecordingError(
                file: path, reason: "the file exists, and record mode missing never replaces one: pass mode: .failed or .all to replace it")
        }
        let (skeleton, redacted, guesses) = transcript()
        // Filled in beside the target, then written over it whole: the target changes only when the
        // recording replays green.
        let draft = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).recording")
        var notes = guesses
        let text: String
        do {
            text = try filled(skeleton, draft: draft, replayer: replayer, target: path)
        } catch {
            guard let leftover = Self.remove(draft) else { throw error }
            throw RecordingError(file: path, reason: "\(error); and \(leftover)")
        }
        if let leftover = Self.remove(draft) { notes.append(leftover) }
        try FileWriter.write(text, to: path)
        let runs = skeletonRuns(skeleton)
        return Recording(file: path, turns: state.withLock { $0.requests.count }, runs: runs, redacted: redacted, notes: notes)
    }

    /// The skeleton written to `draft`, replayed once, with what the replay observed filled in.
    func filled(_ skeleton: JSONValue, draft: URL, replayer: Replayer, target path: String) throws -> String {
        try FileWriter.write(skeleton.pretty + "\n", to: draft.path)
        let transcript = try Transcript.load(contentsOf: draft)
        let result = try replayer.replay(transcript, recordMode: .missing)
        guard result.passed else {
            throw RecordingError(
                file: path,
                reason: "the session does not replay green, so it was not written:\n"
                    + result.differences.map { "  \($0)" }.joined(separator: "\n"))
        }
        switch try Recorder(mode: .missing).record(result, replayer: replayer, to: draft) {
        case .written, .untouched: break
        case .refusedSecrets(let pointers):
            throw RecordingError(file: path, reason: "values that look like secrets at " + pointers.joined(separator: ", "))
        case .refusedNondeterministic(let values):
            throw RecordingError(
                file: path, reason: "values that change from replay to replay: " + values.map { "\($0)" }.joined(separator: "; "))
        case .refusedUnrecordable(let values):
            throw RecordingError(file: path, reason: values.map { "\($0)" }.joined(separator: "; "))
        }
        return try String(contentsOf: draft, encoding: .utf8)
    }

    /// Removes the draft; what to tell the user when it could not be removed (it is the recorder's own
    /// file beside the target, so one left behind is said, not hidden).
    static func remove(_ draft: URL) -> String? {
        guard FileManager.default.fileExists(atPath: draft.path) else { return nil }
        do {
            try FileManager.default.removeItem(at: draft)
            return nil
        } catch {
            return "the draft \(draft.path) could not be removed (\(error)): delete it by hand"
        }
    }

    func skeletonRuns(_ value: JSONValue) -> Int {
        guard case .array(let steps)? = value["steps"] else { return 0 }
        return steps.filter { $0["run"] != nil }.count
    }

    /// The transcript of what was recorded, its secrets replaced, with `null` where replay fills in the
    /// runs and the conversation; where secrets were; and what was guessed.
    package func transcript() -> (value: JSONValue, redacted: [String], notes: [String]) {
        let (requests, exchanges) = state.withLock { ($0.requests, $0.exchanges) }
        var notes: [String] = []
        var turns: [JSONValue] = []
        var steps: [JSONValue] = []
        let check: JSONValue = .object([("runs", .null), ("history", .null)])
        for (index, request) in requests.enumerated() {
            if case .user(let input)? = request.messages.last {
                if !steps.isEmpty { steps.append(.object([("expect", check)])) }
                steps.append(.object([("run", .string(input))]))
            }
            turns.append(turn(request))
            if let note = request.failureNote { notes.append("model turn \(index + 1): \(note)") }
        }
        if !steps.isEmpty { steps.append(.object([("expect", check)])) }
        var members: [(key: String, value: JSONValue)] = [
            ("schema", .string("skillcheck.transcript/1")), ("name", .string(name)),
            (
                "description",
                .string(
                    "Recorded from a live session by SessionRecorder: the model's turns as they came, latencies rounded to the millisecond."
                )
            ),
            ("tools", .array(tools.map(JSONValue.string))),
        ]
        var engine: [(key: String, value: JSONValue)] = []
        if requests.contains(where: { !$0.streamed }) { engine.append(("streaming", .bool(false))) }
        if case .system(let prompt)? = requests.first?.messages.first { engine.append(("system", .string(prompt))) }
        if !engine.isEmpty { members.append(("engine", .object(engine))) }
        if !exchanges.isEmpty { members.append(("fixtures", .object([("network", .array(exchanges.map(stub)))]))) }
        members.append(("model", .array(turns)))
        members.append(("steps", .array(steps)))
        let (scrubbed, redacted) = Self.scrubbed(.object(members))
        return (Self.fittingChunks(scrubbed), redacted, notes)
    }

    /// A placeholder is not as long as the secret it replaced: a turn's piece offsets past its text's
    /// end go, so the pieces still cut the text that is written.
    static func fittingChunks(_ transcript: JSONValue) -> JSONValue {
        guard case .object(var members) = transcript, let index = members.firstIndex(where: { $0.key == "model" }),
            case .array(let turns) = members[index].value
        else { return transcript }
        members[index].value = .array(
            turns.map { turn in
                guard case .object(var parts) = turn, case .string(let text)? = turn["text"],
                    let at = parts.firstIndex(where: { $0.key == "chunks" }), case .array(let offsets) = parts[at].value
                else { return turn }
                let fitting = offsets.filter { if case .number(let offset) = $0 { Int(offset) < text.utf8.count } else { false } }
                if fitting.isEmpty { parts.remove(at: at) } else { parts[at].value = .array(fitting) }
                return .object(parts)
            })
        return .object(members)
    }

    /// One request as a turn of the model's script.
    func turn(_ request: Request) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        let text = Data(request.pieces.flatMap(\.bytes))
        if !text.isEmpty || (request.call == nil && request.failure == nil) {
            members.append(("text", .string(String(decoding: text, as: UTF8.self))))
        }
        if request.pieces.count > 1 {
            var offsets: [JSONValue] = []
            var offset = 0
            for piece in request.pieces.dropLast() {
                offset += piece.bytes.count
                offsets.append(.number(Double(offset)))
            }
            members.append(("chunks", .array(offsets)))
        }
        if let first = request.pieces.first?.at ?? request.answeredAt {
            let latency = Self.rounded(first - request.started)
            if latency > .zero { members.append(("latency", .string(DurationText.format(latency)))) }
        }
        if request.pieces.count > 1 {
            let gaps = zip(request.pieces.dropFirst(), request.pieces).map { $0.at - $1.at }.sorted()
            let between = Self.rounded(gaps[gaps.count / 2])
            if between > .zero { members.append(("between", .string(DurationText.format(between)))) }
        }
        if let call = request.call {
            let arguments: JSONValue
            if let parsed = try? JSONParser.parse(call.arguments, file: ""), case .object = parsed.value {
                arguments = parsed.value
            } else {
                arguments = .string(call.argumentsText)
            }
            members.append(("call", .object([("name", .string(call.name)), ("arguments", arguments), ("id", .string(call.id))])))
        }
        if let failure = request.failure {
            let error: JSONValue =
                switch failure {
                case .rateLimited: .string("rateLimited")
                case .connectionLost: .string("connectionLost")
                case .serverError(let status): .object([("status", .number(Double(status)))])
                }
            members.append(("error", error))
        }
        var expect: [(key: String, value: JSONValue)] = [("tools", .array(request.tools.map(JSONValue.string)))]
        if let last = request.messages.last { expect.append(("lastMessage", ToolRig.json(last))) }
        members.append(("expect", .object(expect)))
        return .object(members)
    }

    /// A network exchange as a fixture stub, answered once, in the order they happened.
    func stub(_ exchange: Exchange) -> JSONValue {
        var match: [(key: String, value: JSONValue)] = []
        if let city = exchange.weatherCity {
            match.append(("weather", .string(city)))
        } else if let request = exchange.request {
            var components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)
            components?.queryItems = nil
            match.append(("method", .string(request.method.rawValue)))
            match.append(("url", .string(components?.url?.absoluteString ?? request.url.absoluteString)))
            if !request.query.isEmpty {
                match.append(("query", .object(request.query.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })))
            }
            if let body = request.body, let parsed = try? JSONParser.parse(body, file: "") {
                match.append(("body", parsed.value))
            }
        }
        var members: [(key: String, value: JSONValue)] = [("match", .object(match))]
        if let fault = exchange.fault {
            members.append(("fault", .string(fault)))
        } else if let weather = exchange.weather, let json = try? JSONValue(encoding: weather) {
            members.append(("response", .object([("json", json)])))
        } else if let response = exchange.response {
            var answer: [(key: String, value: JSONValue)] = []
            if response.status != 200 { answer.append(("status", .number(Double(response.status)))) }
            if !response.headers.isEmpty {
                answer.append(("headers", .object(response.headers.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })))
            }
            if let parsed = try? JSONParser.parse(response.body, file: "") {
                answer.append(("json", parsed.value))
            } else {
                answer.append(("body", .string(String(decoding: response.body, as: UTF8.self))))
            }
            members.append(("response", .object(answer)))
        }
        members.append(("times", .number(1)))
        return .object(members)
    }

    /// A real gap on the virtual clock: rounded to the nearest millisecond.
    static func rounded(_ duration: Duration) -> Duration {
        .milliseconds(Int64((Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15).rounded()))
    }

    /// `value` with every secret the scanner finds replaced by a named placeholder, and where each was.
    static func scrubbed(_ value: JSONValue, pointer: String = "", key: String = "") -> (JSONValue, [String]) {
        switch value {
        case .string(let text):
            guard case .string(let clean) = SecretScanner.redacted(value, key: key), clean != text else { return (value, []) }
            let kind = SecretScanner.kind(of: text) ?? (key.isEmpty ? "secret" : "\(key) value")
            let placeholder = clean.replacingOccurrences(of: "«redacted»", with: "«redacted: \(kind)»")
            return (.string(placeholder), ["\(pointer.isEmpty ? "/" : pointer) (\(kind))"])
        case .array(let items):
            var found: [String] = []
            let clean = items.enumerated().map { index, item in
                let (value, where_) = scrubbed(item, pointer: pointer + "/\(index)", key: key)
                found += where_
                return value
            }
            return (.array(clean), found)
        case .object(let pairs):
            var found: [String] = []
            let clean = pairs.map { pair -> (key: String, value: JSONValue) in
                let (value, where_) = scrubbed(pair.value, pointer: pointer + "/" + JSONParser.escape(pair.key), key: pair.key)
                found += where_
                return (pair.key, value)
            }
            return (.object(clean), found)
        default:
            return (value, [])
        }
    }
}
