import Foundation
import SkillCheckSupport
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
        /// Each retry the recorder saw, whose it was, and how it is written.
        ///
        /// Such as `model turn 2 sends turn 1's request again after …: a retry by a layer between the
        /// engine and the recorder (the app's client); …`.
        public var retries: [String] = []
    }

    /// Why a recording was not kept.
    public struct RecordingError: Error, Sendable, CustomStringConvertible {
        public var file: String
        public var reason: String
        public var description: String { "\(file): not recorded: \(reason)" }
    }

    /// Writes the session as a transcript at `url`, once it replays green through a replayer of the
    /// recorder's ``setup``.
    ///
    /// - Parameters:
    ///   - url: where the transcript goes.
    ///   - mode: `never` writes nothing; `missing` (the default off CI) writes a new file only; `failed`
    ///     and `all` may replace one.
    @discardableResult
    public func write(to url: URL, mode: RecordMode = .default(environment: ProcessInfo.processInfo.environment)) throws -> Recording {
        guard let setup else {
            throw RecordingError(
                file: url.path,
                reason: "this recorder was made without a setup, so it has no tools to replay with: "
                    + "make it with SessionRecorder(name:setup:), or call write(to:replayer:mode:)")
        }
        return try write(to: url, replayer: Replayer(setup), mode: mode)
    }

    /// Writes the session as a transcript at `url`, once it replays green through `replayer`.
    ///
    /// The one replay fills in the runs and the conversation each run left. A session that does not
    /// replay green is an error, the target is not touched, and the draft is kept beside it
    /// (`name.draft.json`, the reason in its `description`) for you to read or fix.
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
        let (skeleton, redacted, guesses, retries) = recorded()
        // Filled in beside the target, then written over it whole: the target changes only when the
        // recording replays green. A refused draft stays, with the reason, for the user to read.
        let draft = Self.draft(for: url)
        var notes = guesses
        let text: String
        do {
            text = try filled(skeleton, draft: draft, replayer: replayer, target: path, retries: retries)
        } catch {
            let reason = (error as? RecordingError)?.reason ?? "\(error)"
            let kept = Self.keep(draft, skeleton: skeleton, reason: reason)
            throw RecordingError(file: path, reason: reason + "\n" + kept)
        }
        if let leftover = Self.remove(draft) { notes.append(leftover) }
        try FileWriter.write(text, to: path)
        let runs = skeletonRuns(skeleton)
        return Recording(
            file: path, turns: state.withLock { $0.requests.count }, runs: runs, redacted: redacted, notes: notes, retries: retries)
    }

    /// `weather.json` → `weather.draft.json`, beside it.
    static func draft(for url: URL) -> URL {
        let base = url.deletingPathExtension().lastPathComponent
        return url.deletingLastPathComponent().appendingPathComponent(base + ".draft.json")
    }

    /// The draft kept with the whole reason in its description; what to tell the user.
    static func keep(_ draft: URL, skeleton: JSONValue, reason: String) -> String {
        var text = (try? String(contentsOf: draft, encoding: .utf8)) ?? ""
        if var document = try? JSONParser.parse(Data(text.utf8), file: draft.path).value, case .object(var members) = document {
            let note = "NOT RECORDED: " + reason
            if let index = members.firstIndex(where: { $0.key == "description" }) {
                members[index].value = .string(note)
            } else {
                members.insert(("description", .string(note)), at: min(2, members.count))
            }
            document = .object(members)
            text = document.pretty + "\n"
        } else if case .object(var members) = skeleton {
            if let index = members.firstIndex(where: { $0.key == "description" }) {
                members[index].value = .string("NOT RECORDED: " + reason)
            }
            text = JSONValue.object(members).pretty + "\n"
        }
        do {
            try FileWriter.write(text, to: draft.path)
            return "the draft is kept at \(draft.path), the reason in its \"description\": fix it there and rename it, or record again"
        } catch {
            return "the draft could not be kept at \(draft.path) (\(error))"
        }
    }

    /// The skeleton written to `draft`, replayed once, with what the replay observed filled in.
    func filled(_ skeleton: JSONValue, draft: URL, replayer: Replayer, target path: String, retries: [String]) throws -> String {
        try FileWriter.write(skeleton.pretty + "\n", to: draft.path)
        let transcript = try Transcript.load(contentsOf: draft)
        let result = try replayer.replay(transcript, recordMode: .missing)
        guard result.passed else {
            let seen = retries.isEmpty ? "" : "\nretries the recorder saw:\n" + retries.map { "  \($0)" }.joined(separator: "\n")
            throw RecordingError(
                file: path,
                reason: "the session does not replay green, so it was not written:\n"
                    + result.differences.map { "  \($0)" }.joined(separator: "\n") + seen)
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
        let (value, redacted, notes, _) = recorded()
        return (value, redacted, notes)
    }

    /// Which turn starts which run, and which failed turns the app's client retried below the engine.
    struct Runs {
        /// Per request: the input of the run it starts, if it starts one.
        var starts: [String?]
        /// Per request: the wait before the client sent it again, if it was retried below the engine.
        var retriedAfter: [Duration?]
        var notes: [String] = []
    }

    /// Runs as they happened: a run starts with the engine's run (its tag), or, for a client that is not
    /// the kit's engine, with a request whose last message is the user's that is not a failed one sent again.
    static func runs(_ requests: [Request]) -> Runs {
        var runs = Runs(starts: Array(repeating: nil, count: requests.count), retriedAfter: Array(repeating: nil, count: requests.count))
        var seen: Set<String> = []
        var lastInput: (run: Int, input: String)?
        var runCount = 0
        for (index, request) in requests.enumerated() {
            let previous = index > 0 ? requests[index - 1] : nil
            var retried = false
            if let previous, previous.failure != nil {
                let why = previous.failure.map { "\($0)" } ?? "a failure"
                if let tag = request.tag, let before = previous.tag, tag.engine == before.engine, tag.run == before.run,
                    tag.request == before.request
                {
                    if tag.attempt == before.attempt {
                        retried = true
                        runs.notes.append(
                            "model turn \(index + 1) sends turn \(index)'s request again after \(why): a retry by a layer between the "
                                + "engine and the recorder (the app's client); both turns are written, turn \(index) marked "
                                + "\"retriedBy\": \"client\", so the replay retries it the same way")
                    } else {
                        runs.notes.append(
                            "model turn \(index + 1) sends turn \(index)'s request again after \(why): a retry by the engine "
                                + "(configuration.modelRetry); both turns are written, in one run")
                    }
                } else if request.tag == nil, previous.tag == nil, request.messages == previous.messages {
                    retried = true
                    runs.notes.append(
                        "model turn \(index + 1) sends turn \(index)'s request again after \(why): a retry below whatever runs the "
                            + "session; both turns are written, turn \(index) marked \"retriedBy\": \"client\"")
                }
            }
            if retried, let previous {
                runs.retriedAfter[index - 1] = rounded(max(.zero, request.started - (previous.answeredAt ?? previous.started)))
                continue
            }
            let input = request.messages.last { if case .user = $0 { true } else { false } }.flatMap { message -> String? in
                if case .user(let text) = message { text } else { nil }
            }
            let starts: Bool
            if let tag = request.tag {
                starts = seen.insert("\(tag.engine.hashValue)#\(tag.run)").inserted
            } else if case .user? = request.messages.last {
                starts = true
            } else {
                starts = false
            }
            guard starts, let input else { continue }
            runCount += 1
            if let lastInput, lastInput.input == input, index > 0, requests[index - 1].failure != nil {
                runs.notes.append(
                    "run \(runCount) sends run \(lastInput.run)'s input again after it failed: a retry around the engine; both runs are "
                        + "written, as the engine ran them")
            }
            runs.starts[index] = input
            lastInput = (runCount, input)
        }
        return runs
    }

    /// The transcript, where secrets were, what was guessed, and the retries seen.
    func recorded() -> (value: JSONValue, redacted: [String], notes: [String], retries: [String]) {
        let (requests, exchanges) = state.withLock { ($0.requests, $0.exchanges) }
        var notes: [String] = []
        var redacted: [String] = []
        var turns: [JSONValue] = []
        var steps: [JSONValue] = []
        let check: JSONValue = .object([("runs", .null), ("history", .null)])
        let runs = Self.runs(requests)
        for (index, request) in requests.enumerated() {
            if let input = runs.starts[index] {
                if !steps.isEmpty { steps.append(.object([("expect", check)])) }
                steps.append(.object([("run", .string(input))]))
            }
            let showsDefinitions = index == 0 || requests[index - 1].tools != request.tools
            let (value, kinds) = turn(
                request, definitions: showsDefinitions, system: runs.starts[index] != nil, retriedAfter: runs.retriedAfter[index])
            turns.append(value)
            redacted += kinds.map { "/model/\(index)/text (\($0))" }
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
        var system: String?
        if case .system(let prompt)? = requests.first?.messages.first { system = prompt }
        let dialect = state.withLock { $0.dialect }
        if let setup {
            var settings = ToolConversation.Settings(setup.configuration, system: system ?? setup.system)
            settings.dialect = dialect
            members.append(("engine", settings.json))
            notes += ToolConversation.Settings.unrecordable(setup.configuration)
        } else {
            var engine: [(key: String, value: JSONValue)] = []
            if requests.contains(where: { !$0.streamed }) { engine.append(("streaming", .bool(false))) }
            if let system { engine.append(("system", .string(system))) }
            if dialect != .jsonSchema { engine.append(("dialect", .string(dialect.rawValue))) }
            if !engine.isEmpty { members.append(("engine", .object(engine))) }
        }
        if !exchanges.isEmpty { members.append(("fixtures", .object([("network", .array(exchanges.map(stub)))]))) }
        members.append(("model", .array(turns)))
        members.append(("steps", .array(steps)))
        let (scrubbed, found) = Self.scrubbed(.object(members))
        return (scrubbed, redacted + found, notes, runs.notes)
    }

    /// One request as a turn of the model's script, and the kinds of secret its text had (redacted here,
    /// so that the pieces' offsets move with the placeholders).
    func turn(_ request: Request, definitions: Bool, system: Bool, retriedAfter: Duration?) -> (JSONValue, [String]) {
        var members: [(key: String, value: JSONValue)] = []
        let raw = String(decoding: Data(request.pieces.flatMap(\.bytes)), as: UTF8.self)
        var cuts: [Int] = []
        var offset = 0
        for piece in request.pieces.dropLast() {
            offset += piece.bytes.count
            cuts.append(offset)
        }
        let (text, kinds, offsets) = SecretScanner.labelled(raw, offsets: cuts)
        if !text.isEmpty || (request.call == nil && request.failure == nil) {
            members.append(("text", .string(text)))
        }
        let fitting = offsets.filter { $0 > 0 && $0 < text.utf8.count }.reduce(into: [Int]()) { if $0.last != $1 { $0.append($1) } }
        if !fitting.isEmpty { members.append(("chunks", .array(fitting.map { .number(Double($0)) }))) }
        if let first = request.pieces.first?.at ?? request.answeredAt {
            let latency = Self.rounded(first - request.started)
            if latency > .zero { members.append(("latency", .string(latency.written))) }
        }
        if request.pieces.count > 1 {
            let gaps = zip(request.pieces.dropFirst(), request.pieces).map { $0.at - $1.at }.sorted()
            let between = Self.rounded(gaps[gaps.count / 2])
            if between > .zero { members.append(("between", .string(between.written))) }
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
            if let retriedAfter {
                members.append(("retriedBy", .string("client")))
                if retriedAfter > .zero { members.append(("retryAfter", .string(retriedAfter.written))) }
            }
        }
        var expect: [(key: String, value: JSONValue)] = []
        if definitions {
            // Name, description, parameters: in the order people read a tool.
            let described = request.tools.map { tool -> JSONValue in
                let parameters = (try? JSONValue(encoding: tool.parameters)) ?? .object([])
                return .object([("name", .string(tool.name)), ("description", .string(tool.description)), ("parameters", parameters)])
            }
            expect.append(("tools", .array(described)))
        } else {
            expect.append(("tools", .array(request.tools.map { .string($0.name) })))
        }
        if system {
            if case .system(let prompt)? = request.messages.first {
                expect.append(("system", .string(prompt)))
            } else {
                expect.append(("system", .string("")))
            }
        }
        if let last = request.messages.last { expect.append(("lastMessage", ToolRig.json(last))) }
        members.append(("expect", .object(expect)))
        return (.object(members), kinds)
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
            // As JSON, to read and edit, unless the text has escapes a replay would write otherwise (`\/`,
            // `\u…`): then as the text that came, so the tool reads what it read live.
            let text = String(decoding: response.body, as: UTF8.self)
            if let parsed = try? JSONParser.parse(response.body, file: ""),
                Data(parsed.value.canonical.utf8) == response.body || (!text.contains("\\/") && !text.contains("\\u"))
            {
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

    /// `value` with every secret the scanner finds replaced by a placeholder naming its kind, and where
    /// each was. A member named like a secret (`Authorization`, `password`) is a secret whole; a member of a
    /// `query` object is a URL parameter, judged by its name (`appid`, `sig`) or its shape.
    static func scrubbed(_ value: JSONValue, pointer: String = "", key: String = "", parent: String = "") -> (JSONValue, [String]) {
        switch value {
        case .string(let text):
            let named = parent == "query" ? SecretScanner.kind(ofParameter: key, text) : SecretScanner.kind(ofNamed: key, text)
            if let named {
                return (.string("«redacted: \(named)»"), ["\(pointer.isEmpty ? "/" : pointer) (\(named))"])
            }
            let (clean, kinds, _) = SecretScanner.labelled(text)
            guard !kinds.isEmpty else { return (value, []) }
            return (.string(clean), ["\(pointer.isEmpty ? "/" : pointer) (\(kinds.joined(separator: ", ")))"])
        case .array(let items):
            var found: [String] = []
            let clean = items.enumerated().map { index, item in
                let (value, where_) = scrubbed(item, pointer: pointer + "/\(index)", key: key, parent: parent)
                found += where_
                return value
            }
            return (.array(clean), found)
        case .object(let pairs):
            var found: [String] = []
            let clean = pairs.map { pair -> (key: String, value: JSONValue) in
                let (value, where_) = scrubbed(
                    pair.value, pointer: pointer + "/" + JSONParser.escape(pair.key), key: pair.key, parent: key)
                found += where_
                return (pair.key, value)
            }
            return (.object(clean), found)
        default:
            return (value, [])
        }
    }
}
