import Foundation
import SkillKit

extension AgentEngine {
    /// Everything mutable, behind one lock, so that a reply, its state and its events change together.
    struct Core {
        var skills: [any AgentSkill] = []
        var fallbackSkill: (any AgentSkill)?
        var messages: [AgentMessage] = []
        var state: AgentState = .idle
        var eventLog: [AgentEvent] = []
        var subscribers: [Int: AsyncStream<AgentEvent>.Continuation] = [:]
        var nextSubscriber = 0

        /// The request whose reply the conversation waits for.
        var current: Turn?
        var nextTurn = 0
        /// Requests queued under the serial policy, oldest first.
        var queue: [QueuedRequest] = []

        mutating func emit(_ event: AgentEvent) {
            eventLog.append(event)
            for subscriber in subscribers.values { subscriber.yield(event) }
        }
    }

    /// One request that has started.
    struct Turn: Sendable {
        let number: Int
        let text: String
        /// The routed skill, or `nil` for the no-skill answer.
        let skill: (any AgentSkill)?
        /// Set under the cancel-previous policy, so that the next request can end this one.
        let signal: SupersedeSignal?
    }

    /// A request waiting for its turn under the serial policy.
    struct QueuedRequest {
        let number: Int
        let text: String
        var waiter: UnsafeContinuation<Turn?, Never>?
        /// The turn, when it was granted before the waiter arrived.
        var granted: Turn?
        var cancelled = false
    }

    static func route(_ text: String, in core: Core) -> (skill: (any AgentSkill)?, route: AgentEvent.Route) {
        if let skill = core.skills.first(where: { $0.canHandle(text) }) { return (skill, .skill) }
        if let fallback = core.fallbackSkill { return (fallback, .fallback) }
        return (nil, .none)
    }
}
