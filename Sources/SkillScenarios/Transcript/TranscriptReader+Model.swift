import Foundation
import SkillKit

/// The scripted model's turns: `{"text", "call", "error", "chunks", "latency", "between", "expect"}`.
@available(SkillCheckTesting, *)
extension TranscriptReader {
    static let turnMembers = ["text", "call", "error", "chunks", "latency", "between", "retriedBy", "retryAfter", "expect"]

    func modelTurn(_ value: JSONValue, at pointer: String) throws(TranscriptError) -> ToolConversation.ModelTurn {
        let pairs = try members(value, at: pointer, allowed: Self.turnMembers)
        guard pairs.contains(where: { ["text", "call", "error"].contains($0.key) }) else {
            throw fail(
                pointer,
                expected: "a model turn: an object with \"text\", \"call\" or \"error\" "
                    + "(such as {\"text\": \"好的\"} or {\"call\": {\"name\": \"query_weather\", \"arguments\": {\"city\": \"北京\"}}})",
                found: value.kind == "an object" ? "none of them" : value.kind)
        }
        var turn = ToolConversation.ModelTurn(pointer: pointer)
        var chunks: (value: JSONValue, pointer: String)?
        for (key, child) in pairs {
            let path = pointer + "/" + key
            switch key {
            case "text": turn.text = try string(child, at: path)
            case "call": turn.call = try modelCall(child, at: path)
            case "error": turn.failure = try modelFailure(child, at: path)
            case "chunks": chunks = (child, path)
            case "latency": turn.latency.first = try duration(child, at: path)
            case "between": turn.latency.between = try duration(child, at: path)
            case "retriedBy":
                guard case .string("client") = child else {
                    throw fail(
                        path, expected: "\"client\": the app's client sent the request again, below the engine",
                        found: describe(child))
                }
                turn.retriedByClient = true
            case "retryAfter": turn.retryAfter = try duration(child, at: path)
            default: try turnExpectation(child, at: path, into: &turn)
            }
        }
        if !turn.retriedByClient, pairs.contains(where: { $0.key == "retryAfter" }) {
            throw fail(pointer + "/retryAfter", expected: "\"retryAfter\" only beside \"retriedBy\": \"client\"", found: "it alone")
        }
        if turn.retriedByClient, turn.failure == nil {
            throw fail(
                pointer + "/retriedBy", expected: "\"retriedBy\" only on a turn with an \"error\"", found: "a turn that does not fail")
        }
        if let chunks { turn.chunks = try self.chunks(chunks.value, at: chunks.pointer, text: turn.text) }
        return turn
    }

    func modelCall(_ value: JSONValue, at pointer: String) throws(TranscriptError) -> (name: String, arguments: String, id: String?) {
        let pairs = try members(value, at: pointer, allowed: ["name", "arguments", "id"], required: ["name"])
        var call: (name: String, arguments: String, id: String?) = ("", "{}", nil)
        for (key, child) in pairs {
            let path = pointer + "/" + key
            switch key {
            case "name": call.name = try string(child, at: path)
            case "id": call.id = try string(child, at: path)
            default:
                switch child {
                // A string is the arguments' text, sent byte for byte: broken JSON, as a model can send.
                case .string(let text): call.arguments = text
                case .object, .array: call.arguments = child.canonical
                default:
                    throw fail(
                        path, expected: "the arguments as a JSON object, or as text (a string) to send them as written",
                        found: describe(child))
                }
            }
        }
        return call
    }

    func modelFailure(_ value: JSONValue, at pointer: String) throws(TranscriptError) -> ToolConversation.ModelTurn.Failure {
        switch value {
        case .string("rateLimited"): return .rateLimited
        case .string("connectionLost"): return .connectionLost
        case .object(let pairs) where pairs.count == 1 && pairs[0].key == "status":
            return .status(try integer(pairs[0].value, at: pointer + "/status", minimum: 400, maximum: 599))
        default:
            throw fail(pointer, expected: "\"rateLimited\", \"connectionLost\" or {\"status\": 503}", found: describe(value))
        }
    }

    /// A number of bytes a piece, byte offsets to cut at (inside the text, increasing), or `"whole"`.
    func chunks(_ value: JSONValue, at pointer: String, text: String) throws(TranscriptError) -> ToolConversation.ModelTurn.Chunks {
        let count = text.utf8.count
        guard count > 1 else {
            throw fail(
                pointer, expected: "no \"chunks\": they cut the turn's text, and it has \(count) byte\(count == 1 ? "" : "s")",
                found: describe(value))
        }
        switch value {
        case .string("whole"): return .whole
        case .number: return .bytes(try integer(value, at: pointer, minimum: 1, maximum: count))
        case .array(let items):
            var offsets: [Int] = []
            for (index, item) in items.enumerated() {
                let minimum = (offsets.last ?? 0) + 1
                guard minimum < count else {
                    throw fail(
                        pointer + "/\(index)", expected: "no more offsets: the text's \(count) bytes end at \(count)",
                        found: describe(item))
                }
                guard case .number(let offset) = item, offset == offset.rounded(), offset >= Double(minimum), offset < Double(count) else {
                    throw fail(
                        pointer + "/\(index)",
                        expected: "a byte offset inside the text's \(count) bytes"
                            + (offsets.isEmpty ? "" : ", after \(offsets.last!)") + ": a whole number from \(minimum) to \(count - 1)",
                        found: describe(item))
                }
                offsets.append(Int(offset))
            }
            return .offsets(offsets)
        default:
            throw fail(
                pointer, expected: "a number of bytes a piece (such as 2), byte offsets to cut at (such as [1, 4]), or \"whole\"",
                found: describe(value))
        }
    }

    func turnExpectation(_ value: JSONValue, at pointer: String, into turn: inout ToolConversation.ModelTurn) throws(TranscriptError) {
        for (key, child) in try members(value, at: pointer, allowed: ["tools", "lastMessage", "system"]) {
            let path = pointer + "/" + key
            switch key {
            case "tools":
                if case .array(let items) = child, items.contains(where: { if case .object = $0 { true } else { false } }) {
                    let definitions = try toolDefinitions(items, at: path)
                    turn.definitions = definitions
                    turn.tools = .exactly(definitions.map(\.name))
                } else {
                    turn.tools = try toolsCheck(child, at: path)
                }
            case "system": turn.system = try string(child, at: path)
            default: turn.lastMessage = try messageCheck(child, at: path)
            }
        }
    }

    /// The tools as a request describes them: `[{"name", "description", "parameters"}]`.
    func toolDefinitions(_ items: [JSONValue], at pointer: String) throws(TranscriptError) -> [ToolSchema] {
        var definitions: [ToolSchema] = []
        for (index, item) in items.enumerated() {
            let path = pointer + "/\(index)"
            var definition = ToolSchema(name: "", description: "", parameters: .object([:]))
            for (key, child) in try members(
                item, at: path, allowed: ["name", "description", "parameters"], required: ["name", "description"])
            {
                switch key {
                case "name": definition.name = try string(child, at: path + "/name")
                case "description": definition.description = try string(child, at: path + "/description")
                default:
                    guard let schema = try? JSONDecoder().decode(JSON.self, from: Data(child.canonical.utf8)) else {
                        throw fail(path + "/parameters", expected: "a JSON Schema", found: describe(child))
                    }
                    definition.parameters = schema
                }
            }
            definitions.append(definition)
        }
        return definitions
    }

    func toolsCheck(_ value: JSONValue, at pointer: String) throws(TranscriptError) -> ToolConversation.ModelTurn.ToolsCheck {
        func names(_ value: JSONValue, at pointer: String) throws(TranscriptError) -> [String] {
            var names: [String] = []
            for (index, item) in try array(value, at: pointer).enumerated() { names.append(try string(item, at: pointer + "/\(index)")) }
            return names
        }
        if case .array = value { return .exactly(try names(value, at: pointer)) }
        guard case .object(let pairs) = value, pairs.count == 1, ["including", "excluding"].contains(pairs[0].key) else {
            throw fail(
                pointer, expected: "the tool names shown, such as [\"query_weather\"], or {\"including\": [...]} or {\"excluding\": [...]}",
                found: describe(value))
        }
        let list = try names(pairs[0].value, at: pointer + "/" + pairs[0].key)
        return pairs[0].key == "including" ? .including(list) : .excluding(list)
    }

    func messageCheck(_ value: JSONValue, at pointer: String) throws(TranscriptError) -> ToolConversation.ModelTurn.MessageCheck {
        let example =
            "a message such as {\"role\": \"user\", \"content\": \"北京天气\"} or "
            + "{\"role\": \"toolResult\", \"callID\": \"call-1\", \"containing\": \"晴\"}"
        guard case .object(let pairs) = value else { throw fail(pointer, expected: example, found: value.kind) }
        if pairs.contains(where: { $0.key == "callID" }) {
            let members = try members(value, at: pointer, allowed: ["role", "callID", "containing"], required: ["role", "callID"])
            var id = "", part = ""
            for (key, child) in members {
                switch key {
                case "role":
                    guard case .string("toolResult") = child else {
                        throw fail(pointer + "/role", expected: "\"toolResult\" beside \"callID\"", found: describe(child))
                    }
                case "callID": id = try string(child, at: pointer + "/callID")
                default: part = try string(child, at: pointer + "/containing")
                }
            }
            return .toolResult(callID: id, containing: part)
        }
        guard let message = try? JSONDecoder().decode(LLMMessage.self, from: Data(value.canonical.utf8)) else {
            throw fail(pointer, expected: example, found: "an object that is not one")
        }
        if case .user(let text) = message { return .user(text) }
        return .exactly(message)
    }
}
