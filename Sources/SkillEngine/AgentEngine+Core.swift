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
        var activityLog: [AgentActivity] = []
        var subscribers: [Int: AsyncStream<AgentEvent>.Continuation] = [:]
        var nextSubscriber = 0

        mutating func emit(_ event: AgentEvent) {
            eventLog.append(event)
            for subscriber in subscribers.values { subscriber.yield(event) }
        }

        mutating func record(_ activity: AgentActivity...) {
            activityLog.append(contentsOf: activity)
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

    static func route(_ text: String, in core: Core) -> (skill: (any AgentSkill)?, route: AgentEvent.Route) {
        if let skill = core.skills.first(where: { $0.canHandle(text) }) { return (skill, .skill) }
        if let fallback = core.fallbackSkill { return (fallback, .fallback) }
        return (nil, .none)
    }
}
