import Foundation
import SkillEngine
import SkillKit

/// Tool-calling transcripts: a top-level `"model"` or `"tools"` member makes one. Every other transcript
/// is read exactly as before, with the same members and the same errors.
@available(SkillCheckTesting, *)
extension TranscriptReader {
    /// The members that make a transcript a tool-calling one.
    static let toolMarkers: Set<String> = ["model", "tools"]

    static let toolMembers = [
        "schema", "name", "description", "tools", "model", "engine", "fixtures", "steps", "matchers", "exhaustive",
    ]

    func toolTranscript() throws(TranscriptError) -> Transcript {
        if case .object(let pairs) = document.value, pairs.contains(where: { $0.key == "skills" }) {
            throw fail(
                "/skills",
                expected: "\"tools\": a transcript with \"model\" or \"tools\" talks to the tool-calling "
                    + "engine, which takes tool skills; write \"tools\", or drop \"model\" and \"tools\" for the AgentEngine",
                found: "\"skills\"")
        }
        let top = try members(document.value, at: "", allowed: Self.toolMembers, required: ["schema", "tools", "model", "steps"])
        var result = Transcript(
            file: document.file, kind: .toolCalling, toolConversation: ToolConversation(), name: Self.defaultName(document.file),
            description: nil, skills: [], engine: .init(), fixtures: .init(), steps: [], matchers: [], exhaustive: true,
            document: document)
        var conversation = ToolConversation()
        for (key, value) in top {
            let pointer = "/" + key
            if try commonMember(key, value, at: pointer, into: &result) { continue }
            switch key {
            case "tools":
                for (index, item) in try array(value, at: pointer).enumerated() {
                    conversation.tools.append(try tool(item, at: pointer + "/\(index)"))
                }
            case "model":
                for (index, item) in try array(value, at: pointer).enumerated() {
                    conversation.model.append(try modelTurn(item, at: pointer + "/\(index)"))
                }
            case "engine": conversation.settings = try toolSettings(value, at: pointer)
            case "fixtures": result.fixtures = try fixtures(value, at: pointer)
            case "steps": result.steps = try steps(value, at: pointer, in: .toolCalling)
            case "matchers": result.matchers = try matchers(value, at: pointer)
            case "exhaustive": result.exhaustive = try bool(value, at: pointer)
            default: break
            }
        }
        result.toolConversation = conversation
        try checkNames(in: result.steps, against: conversation)
        return result
    }

    /// Packs a `showPacks` step shows, skills a `setPermission` step switches and skills `timeouts` name
    /// must be ones `tools` registers: a typo would otherwise silently hide everything, or do nothing.
    func checkNames(in steps: [Transcript.Step], against conversation: ToolConversation) throws(TranscriptError) {
        let ids = conversation.tools.map(\.id)
        var packs: [String] = []
        for tool in conversation.tools where !packs.contains(tool.pack) { packs.append(tool.pack) }
        func quoted(_ names: [String]) -> String { names.map { "\"\($0)\"" }.joined(separator: ", ") }
        for (index, step) in steps.enumerated() {
            switch step {
            case .showPacks(let shown):
                for (offset, pack) in shown.enumerated() where !packs.contains(pack) {
                    throw fail(
                        "/steps/\(index)/showPacks/\(offset)", expected: "a pack a tool is registered in (\(quoted(packs)))",
                        found: "\"\(pack)\"")
                }
            case .setPermission(let switches):
                for item in switches where !ids.contains(item.id) {
                    throw fail(item.pointer, expected: "the id of a tool in \"tools\" (\(quoted(ids)))", found: "\"\(item.id)\"")
                }
            default: break
            }
        }
        for item in conversation.settings.timeouts where !ids.contains(item.id) {
            throw fail(item.pointer, expected: "the id of a tool in \"tools\" (\(quoted(ids)))", found: "\"\(item.id)\"")
        }
    }

    func tool(_ value: JSONValue, at pointer: String) throws(TranscriptError) -> ToolConversation.ToolReference {
        if case .string(let id) = value { return .init(id: id, pointer: pointer) }
        let pairs = try members(value, at: pointer, allowed: ["id", "pack", "permission"], required: ["id"])
        var reference = ToolConversation.ToolReference(id: "", pointer: pointer + "/id")
        for (key, child) in pairs {
            let path = pointer + "/" + key
            switch key {
            case "id": reference.id = try string(child, at: path)
            case "pack": reference.pack = try string(child, at: path)
            default: reference.permission = try bool(child, at: path)
            }
        }
        return reference
    }

    func toolSettings(_ value: JSONValue, at pointer: String) throws(TranscriptError) -> ToolConversation.Settings {
        var settings = ToolConversation.Settings()
        let allowed = [
            "maxIterations", "timeout", "timeouts", "resultLimit", "policy", "locale", "catalog", "streaming", "system", "modelRetry",
            "dialect",
        ]
        for (key, child) in try members(value, at: pointer, allowed: allowed) {
            let path = pointer + "/" + key
            switch key {
            case "maxIterations": settings.maxIterations = try integer(child, at: path, minimum: 1, maximum: 1000)
            case "timeout": settings.timeout = try duration(child, at: path)
            case "timeouts":
                guard case .object(let pairs) = child else {
                    throw fail(path, expected: "an object of durations by tool skill id, such as {\"slow\": \"2s\"}", found: child.kind)
                }
                for (id, limit) in pairs {
                    let idPath = path + "/" + JSONParser.escape(id)
                    settings.timeouts.append((id, try duration(limit, at: idPath), idPath))
                }
            case "resultLimit": settings.resultLimit = try integer(child, at: path, minimum: 1, maximum: 100_000_000)
            case "policy": settings.policy = try policy(child, at: path)
            case "locale": settings.language = try locale(child, at: path)
            case "streaming": settings.streaming = try bool(child, at: path)
            case "catalog": settings.catalog = try catalog(child, at: path)
            case "modelRetry": settings.modelRetry = try retry(child, at: path)
            case "dialect": settings.dialect = try choice(child, at: path, SchemaDialect.allCases.map { ($0.rawValue, $0) })
            default: settings.system = try string(child, at: path)
            }
        }
        return settings
    }

    /// A built-in catalogue's language: `"zh-Hans"` or `"en"`.
    func locale(_ value: JSONValue, at pointer: String) throws(TranscriptError) -> SkillLanguage {
        try choice(value, at: pointer, SkillLanguage.allCases.map { ($0.rawValue, $0) })
    }

    /// The app's own catalogue: `{"locale", "noSkill", "failurePrefix", "busy", "cancelled"}`.
    func catalog(_ value: JSONValue, at pointer: String) throws(TranscriptError) -> MessageCatalog {
        let names = ["locale", "noSkill", "failurePrefix", "busy", "cancelled"]
        var catalog = MessageCatalog.zhHans
        for (key, child) in try members(value, at: pointer, allowed: names, required: names) {
            let path = pointer + "/" + key
            switch key {
            case "locale": catalog.language = try locale(child, at: path)
            case "noSkill": catalog.noSkill = try string(child, at: path)
            case "failurePrefix": catalog.failurePrefix = try string(child, at: path)
            case "busy": catalog.busy = try string(child, at: path)
            default: catalog.cancelled = try string(child, at: path)
            }
        }
        return catalog
    }

    // MARK: Steps

    /// `run`, `showPacks` and `setPermission`.
    func toolStep(
        _ kind: (key: String, value: JSONValue), of value: JSONValue, at pointer: String, labels: inout [String]
    )
        throws(TranscriptError) -> Transcript.Step
    {
        let path = pointer + "/" + kind.key
        switch kind.key {
        case "run":
            var input = "", label: String?, session: String?, wait = true
            for (key, child) in try members(value, at: pointer, allowed: ["run", "label", "session", "wait"]) {
                switch key {
                case "run": input = try string(child, at: path)
                case "wait": wait = try bool(child, at: pointer + "/wait")
                case "session": session = try string(child, at: pointer + "/session")
                default:
                    let name = try string(child, at: pointer + "/label")
                    guard name != "last", !labels.contains(name) else {
                        throw fail(
                            pointer + "/label", expected: "a label no earlier run has, other than \"last\"",
                            found: "\"\(name)\"")
                    }
                    label = name
                }
            }
            if let label { labels.append(label) }
            return .run(input, label: label, session: session, wait: wait)
        case "showPacks":
            _ = try members(value, at: pointer, allowed: ["showPacks"])
            var packs: [String] = []
            for (index, item) in try array(kind.value, at: path).enumerated() {
                packs.append(try string(item, at: path + "/\(index)"))
            }
            return .showPacks(packs)
        default:
            _ = try members(value, at: pointer, allowed: ["setPermission"])
            guard case .object(let pairs) = kind.value, !pairs.isEmpty else {
                throw fail(
                    path, expected: "an object of tool skill ids and true or false, such as {\"calendar\": false}",
                    found: describe(kind.value))
            }
            var switches: [(id: String, granted: Bool, pointer: String)] = []
            for (id, flag) in pairs {
                let idPath = path + "/" + JSONParser.escape(id)
                switches.append((id, try bool(flag, at: idPath), idPath))
            }
            return .setPermission(switches)
        }
    }

    /// A tool-calling `cancel`: `"last"`, a run's index among the runs, or an earlier run's label.
    func runReference(_ value: JSONValue, at pointer: String, labels: [String]) throws(TranscriptError) -> Transcript.SendReference {
        switch value {
        case .number: return .index(try integer(value, at: pointer))
        case .string(let label) where labels.contains(label): return .label(label)
        default:
            let known = labels.isEmpty ? "" : " (" + labels.map { "\"\($0)\"" }.joined(separator: ", ") + ")"
            throw fail(
                pointer,
                expected: "\"last\", the index of a run among the runs (0 for the first), or the label of an earlier run"
                    + known, found: describe(value))
        }
    }
}
