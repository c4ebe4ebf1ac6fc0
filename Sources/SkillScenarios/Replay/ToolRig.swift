import Foundation
import SkillCheckSupport
import SkillEngine
import SkillKit
import SkillTesting

/// A tool-calling transcript's engine: `ToolCallingEngine` over a ``SkillKit/SkillRegistry`` of the
/// transcript's tool skills and a ``SkillTesting/ScriptedLLMClient`` playing its `"model"` script, on the
/// replay's clock and fakes, with one conversation.
@available(SkillCheckTesting, *)
final class ToolRig: Sendable {
    let engine: ToolCallingEngine
    let registry: SkillRegistry
    let model: ScriptedLLMClient
    /// The transcript's conversation: the one `history` shows.
    let session: ConversationSession
    /// Conversations that runs name with `"session"`, each begun with the same system prompt.
    let sessions: Locked<[String: ConversationSession]> = Locked([:])
    let runs = RunLog()
    let system: String?

    init(_ conversation: ToolConversation, transcript: Transcript, replayer: Replayer, harness: EngineHarness) throws(TranscriptError) {
        let context = SkillContext.virtual(clock: harness.clock, storage: harness.store, networkService: harness.network)
        registry = SkillRegistry()
        for reference in conversation.tools {
            let tool = try replayer.resolve(reference, in: transcript, context: context)
            registry.register(tool, in: SkillPack(reference.pack))
            if let permission = reference.permission {
                try Self.requirePermissionSwitch(
                    tool, at: reference.pointer.replacingOccurrences(of: "/id", with: "") + "/permission",
                    in: transcript)
                registry.setPermission(permission, for: tool.id)
            }
        }
        for step in transcript.steps {
            guard case .setPermission(let switches) = step else { continue }
            for item in switches {
                guard let tool = registry.skills.first(where: { $0.id == item.id }) else { continue }
                try Self.requirePermissionSwitch(tool, at: item.pointer, in: transcript)
            }
        }
        model = ScriptedLLMClient(clock: harness.clock, turns: conversation.model.map(Self.scripted))
        var retried: [Int: Duration] = [:]
        for (index, turn) in conversation.model.enumerated() where turn.retriedByClient { retried[index + 1] = turn.retryAfter }
        let retrying: any LLMClient = retried.isEmpty ? model : ClientRetries(base: model, retried: retried, clock: harness.clock)
        let client: any LLMClient =
            conversation.settings.dialect == .jsonSchema
            ? retrying : DialectClient(base: retrying, schemaDialect: conversation.settings.dialect)
        let settings = conversation.settings
        var configuration = ToolCallingEngine.Configuration()
        configuration.maxIterations = settings.maxIterations
        configuration.timeout = settings.timeout
        configuration.timeouts = Dictionary(settings.timeouts.map { ($0.id, $0.timeout) }, uniquingKeysWith: { $1 })
        configuration.resultLimit = settings.resultLimit
        configuration.concurrencyPolicy = settings.policy
        configuration.catalog = settings.catalog ?? .builtIn(settings.language)
        configuration.streaming = settings.streaming
        configuration.modelRetry = settings.modelRetry
        var system = settings.system
        if let setup = replayer.setup {
            // The app as its code sets it up now: a difference from the recording is reported beside.
            configuration = setup.configuration
            system = setup.system
        }
        engine = ToolCallingEngine(model: client, registry: registry, clock: harness.clock, configuration: configuration)
        self.system = system
        session = ConversationSession(system: system)
    }

    static func requirePermissionSwitch(_ tool: any ToolSkill, at pointer: String, in transcript: Transcript) throws(TranscriptError) {
        guard !tool.requiresPermission else { return }
        throw TranscriptError(
            file: transcript.file, pointer: pointer, location: transcript.document.location(of: pointer),
            expected: "a tool that requires permission: only those have a switch the user can turn off",
            found: "\"\(tool.id)\", which does not require permission")
    }

    static func scripted(_ turn: ToolConversation.ModelTurn) -> ScriptedTurn {
        let chunks: ScriptedTurn.Chunking =
            switch turn.chunks {
            case .whole: .whole
            case .bytes(let size): .bytes(size)
            case .offsets(let offsets): .offsets(offsets)
            }
        let failure: (any Error)? =
            switch turn.failure {
            case .rateLimited?: ScriptedModelError.rateLimited
            case .connectionLost?: ScriptedModelError.connectionLost
            case .status(let status)?: ScriptedModelError.serverError(status: status)
            case nil: nil
            }
        let tools: ScriptedTurn.Expectation.Tools? =
            switch turn.tools {
            case .exactly(let names)?: .exactly(Set(names))
            case .including(let names)?: .including(Set(names))
            case .excluding(let names)?: .excluding(Set(names))
            case nil: nil
            }
        let message: ScriptedTurn.Expectation.Message? =
            switch turn.lastMessage {
            case .user(let text)?: .user(text)
            case .toolResult(let id, let part)?: .toolResult(callID: id, containing: part)
            case .exactly(let message)?: .exactly(message)
            case nil: nil
            }
        var expectation = ScriptedTurn.Expectation(tools: tools, lastMessage: message)
        expectation.toolDefinitions = turn.definitions
        expectation.system = turn.system
        return ScriptedTurn(
            text: turn.text, toolCall: turn.call.map { ScriptedTurn.Call($0.name, rawArguments: $0.arguments, id: $0.id) },
            failure: failure, chunks: chunks, latency: .init(first: turn.latency.first, between: turn.latency.between),
            expecting: expectation)
    }

    /// Starts run `number` (from 0) of `input` on the scheduler: its stream is consumed to the end.
    func start(
        _ input: String, label: String?, session name: String?, number: Int, scheduler: DeterministicScheduler,
        sends: SendLog
    ) -> Task<Void, Never> {
        runs.start(input: input, label: label, session: name)
        let system = system
        let session =
            name.map { name in
                sessions.withLock { sessions in
                    if let session = sessions[name] { return session }
                    let session = ConversationSession(system: system)
                    sessions[name] = session
                    return session
                }
            } ?? session
        let engine = engine, runs = runs
        return scheduler.spawn("run #\(number + 1)") {
            var outcome = RunLog.Outcome.finished
            do {
                for try await _ in engine.run(input: input, in: session) {}
                if Task.isCancelled { outcome = .cancelled }
            } catch is CancellationError {
                outcome = .cancelled
            } catch {
                outcome = .threw("\(error)")
            }
            runs.finish(number, outcome)
            sends.finish(number)
        }
    }

    // MARK: Observing

    func events() -> [ToolCallingEngine.LoggedEvent] { engine.eventLog }

    /// `{"run": 1, "kind": "skillSelected", "call": {...}}`: the run, the kind, then the event's members.
    static func json(_ logged: ToolCallingEngine.LoggedEvent) -> JSONValue {
        guard case .object(let pairs)? = try? JSONValue(encoding: logged.event) else { return .null }
        return .object([("run", .number(Double(logged.run)))] + leading("kind", in: pairs))
    }

    /// `{"role": "user", "content": "..."}`: the role first, as people write it.
    static func json(_ message: LLMMessage) -> JSONValue {
        guard case .object(let pairs)? = try? JSONValue(encoding: message) else { return .null }
        return .object(leading("role", in: pairs))
    }

    static func leading(_ key: String, in pairs: [(key: String, value: JSONValue)]) -> [(key: String, value: JSONValue)] {
        pairs.filter { $0.key == key } + pairs.filter { $0.key != key }
    }

    static func json(_ request: ScriptedRequest) -> JSONValue {
        .object([
            ("turn", .number(Double(request.turn))),
            ("tools", .array(request.toolNames.map(JSONValue.string))),
            ("lastMessage", request.lastMessage.map(json) ?? .null),
        ])
    }

    /// Script departures not yet reported, and how many there are in all.
    func scriptErrors(after reported: Int) -> [ScriptError] {
        Array(model.scriptErrors.dropFirst(reported))
    }

    /// The turns never played, each with its pointer in the transcript; empty when the script was played through.
    func unplayed(_ conversation: ToolConversation) -> String? {
        let unplayed = model.unplayedTurns
        guard !unplayed.isEmpty else { return nil }
        let count = conversation.model.count
        return "the model's script has \(count) turn\(count == 1 ? "" : "s") but only \(count - unplayed.count) "
            + "\(count - unplayed.count == 1 ? "was" : "were") played; never reached: "
            + unplayed.map { "turn \($0) (/model/\($0 - 1)): \(model.turns[$0 - 1])" }.joined(separator: "; ")
            + "; remove the turns, or add the steps that reach them"
    }
}
