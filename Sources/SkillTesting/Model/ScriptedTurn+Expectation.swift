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
        /// .expecting(tools: .exactly(["query_weather", "query_calendar"]))   // any order
        /// .expecting(tools: .excluding(["query_calendar"]))                  // the permission is off
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
        /// .expecting(lastMessage: .user("北京天气怎么样"))
        /// .expecting(lastMessage: .toolResult(callID: "call-1", containing: "没有名为"))   // an unknown tool's error
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
                case (.user(let expected), .user(let text)?): text == expected
                case (.toolResult(let id, let part), .toolResult(let call, let result)?):
                    call.id == id && (part.isEmpty || result.contains(part))
                case (.exactly(let expected), let message?): message == expected
                default: false
                }
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

        public init(tools: Tools? = nil, lastMessage: Message? = nil) {
            self.tools = tools
            self.lastMessage = lastMessage
        }

        /// What `request` does not fit, in the words of an error message; empty when it fits.
        package func mismatches(_ request: ScriptedRequest) -> [String] {
            var expected: [String] = []
            if let tools, !tools.matches(request.toolNames) { expected.append(tools.description) }
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

        /// Where `arrived` differs from `expected`, by JSON pointer into the message as a transcript writes
        /// it (`/content`, `/call/arguments/city`), at most five; key order never counts.
        package static func differences(_ expected: LLMMessage, _ arrived: LLMMessage) -> [String] {
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
                case (.array(let x), .array(let y)) where x.count == y.count:
                    for (index, pair) in zip(x, y).enumerated() { walk(pair.0, pair.1, pointer + "/\(index)") }
                default:
                    places.append("\(pointer.isEmpty ? "/" : pointer): expected \(a.quoted), found \(b.quoted)")
                }
            }
            walk(left, right, "")
            return places
        }
    }
}
