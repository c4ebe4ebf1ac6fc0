import Foundation
import SkillKit

@available(SkillCheckTesting, *)
extension ScriptedTurn {
    /// What a turn checks in the request it is sent, before it answers.
    ///
    /// Unset parts check nothing.
    ///
    /// ```swift
    /// ScriptedTurn.Expectation(tools: .excluding(["query_calendar"]), lastMessage: .user("明天有什么安排"))
    /// ```
    public struct Expectation: Sendable, Hashable {
        /// Which tool names the request shows the model.
        ///
        /// ```swift
        /// ScriptedTurn.text("好的").expecting(tools: .exactly(["query_weather", "query_calendar"]))   // any order
        /// ScriptedTurn.text("好的").expecting(tools: .excluding(["query_calendar"]))   // the permission is off
        /// ```
        public enum Tools: Sendable, Hashable, CustomStringConvertible {
            /// Exactly these names, in any order.
            case exactly(Set<String>)
            /// At least these names.
            case including(Set<String>)
            /// None of these names.
            case excluding(Set<String>)

            /// Whether `names` fits.
            package func matches(_ names: [String]) -> Bool {
                switch self {
                case .exactly(let expected): Set(names) == expected && names.count == expected.count
                case .including(let expected): expected.isSubset(of: names)
                case .excluding(let excluded): excluded.isDisjoint(with: names)
                }
            }

            public var description: String {
                switch self {
                case .exactly(let names): "the tools to be exactly \(ScriptedRequest.list(names.sorted()))"
                case .including(let names): "the tools to include \(ScriptedRequest.list(names.sorted()))"
                case .excluding(let names): "the tools not to include \(ScriptedRequest.list(names.sorted()))"
                }
            }
        }

        /// What the request's last message is.
        ///
        /// ```swift
        /// ScriptedTurn.text("好的").expecting(lastMessage: .user("北京天气怎么样"))
        /// ScriptedTurn.text("好的").expecting(lastMessage: .toolResult(callID: "call-1", containing: "没有名为"))   // an unknown tool's error
        /// ```
        public enum Message: Sendable, Hashable, CustomStringConvertible {
            /// The user's text, exactly.
            case user(String)
            /// The result of the call with this id, containing this text (empty: any result).
            case toolResult(callID: String, containing: String)
            /// Exactly this message.
            case exactly(LLMMessage)

            /// Whether `message` fits.
            package func matches(_ message: LLMMessage?) -> Bool {
                switch (self, message) {
                case (.user(let expected), .user(let text)?): RedactionPlaceholder.matches(expected, text)
                case (.toolResult(let id, let part), .toolResult(let call, let result)?):
                    call.id == id && (part.isEmpty || result.contains(part))
                case (.exactly(let expected), let message?): message == expected || Self.matchesRedacted(expected, message)
                default: false
                }
            }

            /// Whether `message` is `expected` where a recording redacted a secret (`«redacted: …»`
            /// stands for any text at its place).
            static func matchesRedacted(_ expected: LLMMessage, _ message: LLMMessage) -> Bool {
                let encoder = JSONEncoder()
                guard let left = try? encoder.encode(expected), RedactionPlaceholder.occurs(in: String(decoding: left, as: UTF8.self)),
                    let right = try? encoder.encode(message),
                    let one = try? JSONSerialization.jsonObject(with: left), let two = try? JSONSerialization.jsonObject(with: right)
                else { return false }
                return RedactionPlaceholder.matches(json: one, two)
            }

            public var description: String {
                switch self {
                case .user(let text): "the last message to be \(ScriptedRequest.render(.user(text)))"
                case .toolResult(let id, let part) where part.isEmpty: "the last message to be the result of call \(id)"
                case .toolResult(let id, let part):
                    "the last message to be the result of call \(id), containing \(ScriptedRequest.quote(part))"
                case .exactly(let message): "the last message to be \(ScriptedRequest.render(message))"
                }
            }
        }

        public var tools: Tools?
        public var lastMessage: Message?
        /// The tools exactly as the request describes them to the model, in order.
        ///
        /// Names, descriptions and parameter schemas: a recording keeps them, so that a changed description
        /// fails the replay.
        ///
        /// ```swift
        /// var expectation = ScriptedTurn.Expectation()
        /// expectation.toolDefinitions = [ToolSchema(name: "query_weather", description: "查询城市天气", parameters: schema)]
        /// ```
        public var toolDefinitions: [ToolSchema]?
        /// The system prompt the request begins with (`""`: none).
        public var system: String?

        public init(tools: Tools? = nil, lastMessage: Message? = nil) {
            self.tools = tools
            self.lastMessage = lastMessage
        }

        /// What `request` does not fit, in the words of an error message; empty when it fits.
        package func mismatches(_ request: ScriptedRequest) -> [String] {
            var expected: [String] = []
            if let tools, !tools.matches(request.toolNames) { expected.append(tools.description) }
            if let system {
                let sent: String
                if case .system(let prompt)? = request.messages.first { sent = prompt } else { sent = "" }
                if !RedactionPlaceholder.matches(system, sent) {
                    expected.append(
                        "the system prompt to be \(ScriptedRequest.quote(system)) (it differs at /system: found \(ScriptedRequest.quote(sent)))"
                    )
                }
            }
            if let toolDefinitions, toolDefinitions != request.tools {
                let places = Self.differences(toolDefinitions, request.tools)
                expected.append(
                    "the tools' definitions as recorded (they differ at " + (places.isEmpty ? "/tools" : places.joined(separator: "; "))
                        + ")")
            }
            if let lastMessage, !lastMessage.matches(request.messages.last) {
                var text = lastMessage.description
                if case .exactly(let message) = lastMessage, let arrived = request.messages.last {
                    let places = Self.differences(message, arrived)
                    if !places.isEmpty { text += " (it differs at " + places.joined(separator: "; ") + ")" }
                }
                expected.append(text)
            }
            return expected
        }

        /// Two texts that differ, each shown from a little before the first character where they part, so a
        /// long result's difference is never cut off: `"…晴，21°C"` and `"…多云，18°C"`.
        static func window(_ expected: String, _ found: String) -> (String, String) {
            let common = zip(expected, found).prefix { $0 == $1 }.count
            let start = max(0, common - 20)
            func shown(_ text: String) -> String {
                let tail = text.dropFirst(start)
                let body = tail.count > 60 ? String(tail.prefix(60)) + "…" : String(tail)
                return "\"" + (start > 0 ? "…" : "") + body.replacingOccurrences(of: "\n", with: "\\n") + "\""
            }
            return (shown(expected), shown(found))
        }

        /// Where the tools sent differ from the ones expected, by JSON pointer (`/tools/0/description`), at
        /// most five.
        package static func differences(_ expected: [ToolSchema], _ arrived: [ToolSchema]) -> [String] {
            differences(encoding: expected, arrived, under: "/tools")
        }

        /// Where `arrived` differs from `expected`, by JSON pointer into the message as a transcript writes
        /// it (`/content`, `/call/arguments/city`), at most five; key order never counts.
        package static func differences(_ expected: LLMMessage, _ arrived: LLMMessage) -> [String] {
            differences(encoding: expected, arrived, under: "")
        }

        static func differences(encoding expected: some Encodable, _ arrived: some Encodable, under root: String) -> [String] {
            let encoder = JSONEncoder()
            guard let left = try? JSON(parsing: encoder.encode(expected)), let right = try? JSON(parsing: encoder.encode(arrived)) else {
                return []
            }
            var places: [String] = []
            func walk(_ a: JSON, _ b: JSON, _ pointer: String) {
                guard a != b, places.count < 5 else { return }
                switch (a, b) {
                case (.object(let x), .object(let y)):
                    for key in Set(x.keys).union(y.keys).sorted() {
                        let child = pointer + "/" + JSONSchema.escape(key)
                        switch (x[key], y[key]) {
                        case (let l?, let r?): walk(l, r, child)
                        case (let l?, nil): if places.count < 5 { places.append("\(child): expected \(l.quoted), missing") }
                        case (nil, let r?): if places.count < 5 { places.append("\(child): not expected, found \(r.quoted)") }
                        case (nil, nil): break
                        }
                    }
                case (.array(let x), .array(let y)):
                    for (index, pair) in zip(x, y).enumerated() { walk(pair.0, pair.1, pointer + "/\(index)") }
                    for index in x.count..<max(x.count, y.count) where places.count < 5 {
                        places.append("\(pointer)/\(index): expected \(x[index].quoted), missing")
                    }
                    for index in y.count..<max(x.count, y.count) where places.count < 5 {
                        places.append("\(pointer)/\(index): not expected, found \(y[index].quoted)")
                    }
                case (.string(let x), .string(let y)):
                    let (one, two) = Self.window(x, y)
                    places.append("\(pointer.isEmpty ? "/" : pointer): expected \(one), found \(two)")
                default:
                    places.append("\(pointer.isEmpty ? "/" : pointer): expected \(a.quoted), found \(b.quoted)")
                }
            }
            walk(left, right, root)
            return places
        }
    }
}
