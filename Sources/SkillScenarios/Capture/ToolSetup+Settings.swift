import Foundation
import SkillEngine
import SkillKit
import SkillTesting

@available(SkillCheckTesting, *)
extension ToolConversation.Settings {
    /// The settings of an engine with `configuration`, in a conversation begun with `system`.
    init(_ configuration: ToolCallingEngine.Configuration, system: String?) {
        self.init()
        maxIterations = configuration.maxIterations
        timeout = configuration.timeout
        timeouts = configuration.timeouts.sorted { $0.key < $1.key }.map { ($0.key, $0.value, "") }
        resultLimit = configuration.resultLimit
        policy = configuration.concurrencyPolicy
        language = configuration.catalog.language
        if configuration.catalog != .builtIn(configuration.catalog.language) { catalog = configuration.catalog }
        streaming = configuration.streaming
        self.system = system
        modelRetry = configuration.modelRetry
    }

    /// The transcript's `"engine"` member that says these settings, every one written.
    var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("maxIterations", .number(Double(maxIterations))),
            ("timeout", .string(timeout.written)),
        ]
        if !timeouts.isEmpty {
            members.append(("timeouts", .object(timeouts.map { ($0.id, .string($0.timeout.written)) })))
        }
        members.append(("resultLimit", .number(Double(resultLimit))))
        switch policy {
        case .concurrent(let limit):
            members.append(("policy", .object([("concurrent", .object([("maxConcurrent", .number(Double(limit)))]))])))
        default: members.append(("policy", .string(policy.name)))
        }
        if let catalog {
            members.append(
                (
                    "catalog",
                    .object([
                        ("locale", .string(catalog.language.rawValue)), ("noSkill", .string(catalog.noSkill)),
                        ("failurePrefix", .string(catalog.failurePrefix)), ("busy", .string(catalog.busy)),
                        ("cancelled", .string(catalog.cancelled)),
                    ])
                ))
        } else {
            members.append(("locale", .string(language.rawValue)))
        }
        members.append(("streaming", .bool(streaming)))
        if let modelRetry {
            var retry: [(key: String, value: JSONValue)] = [
                ("maxRetries", .number(Double(modelRetry.maxRetries))), ("baseDelay", .string(modelRetry.baseDelay.written)),
                ("factor", .number(modelRetry.factor)),
            ]
            if let maxDelay = modelRetry.maxDelay { retry.append(("maxDelay", .string(maxDelay.written))) }
            if case .full(let seed) = modelRetry.jitter { retry.append(("jitterSeed", .number(Double(seed)))) }
            members.append(("modelRetry", .object(retry)))
        }
        if let system { members.append(("system", .string(system))) }
        if dialect != .jsonSchema { members.append(("dialect", .string(dialect.rawValue))) }
        return .object(members)
    }

    /// What a configuration has that a transcript cannot say, for the recording's notes.
    static func unrecordable(_ configuration: ToolCallingEngine.Configuration) -> [String] {
        var notes: [String] = []
        if let retry = configuration.modelRetry, case .proportional = retry.jitter {
            notes.append("configuration.modelRetry's proportional jitter cannot be written: the transcript's retries wait without it")
        }
        return notes
    }
}

@available(SkillCheckTesting, *)
extension ToolSetup {
    /// Where the app's setup now differs from the one `transcript` recorded: each member of `"engine"`
    /// by pointer, the recorded value, and the app's.
    func differences(from transcript: Transcript) -> [(pointer: String, recorded: JSONValue, now: JSONValue)] {
        guard let conversation = transcript.toolConversation else { return [] }
        let recorded = conversation.settings.json
        var current = ToolConversation.Settings(configuration, system: system)
        // The dialect is the model client's, not the app's setup: the recording's stands.
        current.dialect = conversation.settings.dialect
        let now = current.json
        guard case .object(let old) = recorded, case .object(let new) = now else { return [] }
        var found: [(pointer: String, recorded: JSONValue, now: JSONValue)] = []
        var keys = old.map(\.key)
        for pair in new where !keys.contains(pair.key) { keys.append(pair.key) }
        for key in keys {
            let before = old.first { $0.key == key }?.value ?? .null
            let after = new.first { $0.key == key }?.value ?? .null
            if before != after { found.append(("/engine/" + JSONParser.escape(key), before, after)) }
        }
        return found
    }
}
