import Foundation
import Observation
import SkillKit

/// The reference engine: routes each user text to one skill, runs it under a timeout, and turns its
/// result or error into a message.
///
/// Routing is deterministic: the first skill, in registration order, whose `canHandle` says yes; then
/// the fallback skill; then the catalogue's "no skill" answer. Time comes from the context's clock, ids
/// from ``Configuration/messageIDs``, timestamps from the context's `now`: the same inputs give
/// byte-identical messages.
///
/// ```swift
/// let engine = AgentEngine(context: SkillContext(storage: store, networkService: network))
/// engine.register(NoteSkill())
/// await engine.send("记一下明天下午三点开会")
/// engine.messages.last?.content   // "已记录：明天下午三点开会"
/// ```
///
/// The engine is `Sendable` and `Observable`: a SwiftUI view can hold it in `@State` and read
/// ``messages`` and ``state`` on the main actor, while a test harness drives it from any executor.
/// ``send(_:)`` runs on its caller's actor; the skill runs in a child task. Routing calls each skill's
/// `canHandle` while the engine holds its lock, so that a request's message, route and events change
/// together: `canHandle` must be quick and must not call back into the engine.
public final class AgentEngine: Observable, Sendable {
    /// How an engine behaves; every field has the seed's default.
    public struct Configuration: Sendable {
        /// How long a skill may run before it is cancelled (seed: 10 s), on the context's clock.
        public var timeout: Duration
        /// What a `send` does while another is running.
        public var concurrencyPolicy: ConcurrencyPolicy
        /// The texts the engine answers with.
        public var catalog: MessageCatalog
        /// Where message ids come from.
        public var messageIDs: IdentifierSource

        public init(
            timeout: Duration = .seconds(10),
            concurrencyPolicy: ConcurrencyPolicy = .cancelPrevious,
            catalog: MessageCatalog = .zhHans,
            messageIDs: IdentifierSource = .random
        ) {
            self.timeout = timeout
            self.concurrencyPolicy = concurrencyPolicy
            self.catalog = catalog
            self.messageIDs = messageIDs
        }
    }

    /// What skills receive.
    package let context: SkillContext
    public let configuration: Configuration

    /// The request lifecycle shared with ``ToolCallingEngine``; it holds the lock that guards ``Core``.
    let lifecycle: RequestLifecycle<Core, String, Turn>
    private let registrar = ObservationRegistrar()

    /// The seed's initializer.
    public init(context: SkillContext, configuration: Configuration = Configuration()) {
        self.context = context
        self.configuration = configuration
        self.lifecycle = RequestLifecycle(Core(), policy: configuration.concurrencyPolicy)
    }

    /// Reads or changes the engine's state under its lock.
    func withCore<Result>(_ body: (inout Core) -> Result) -> Result {
        lifecycle.withLock { body(&$0.core) }
    }

    // MARK: Observed state

    /// Registered skills, in registration order.
    public var skills: [any AgentSkill] {
        registrar.access(self, keyPath: \.skills)
        return withCore { $0.skills }
    }

    /// The conversation so far.
    public var messages: [AgentMessage] {
        registrar.access(self, keyPath: \.messages)
        return withCore { $0.messages }
    }

    public var state: AgentState {
        registrar.access(self, keyPath: \.state)
        return withCore { $0.state }
    }

    /// The skill that takes texts no registered skill can handle.
    public var fallbackSkill: (any AgentSkill)? {
        get {
            registrar.access(self, keyPath: \.fallbackSkill)
            return withCore { $0.fallbackSkill }
        }
        set {
            mutate(\.fallbackSkill) { $0.fallbackSkill = newValue }
        }
    }

    /// Every event so far, in order.
    ///
    /// ``events()`` delivers the ones still to come.
    public var eventLog: [AgentEvent] {
        withCore { $0.eventLog }
    }

    /// Every phase change and skill lifecycle state so far, in order (seeds 003 and 004).
    ///
    /// Kept apart from ``eventLog`` so that what transcripts recorded before phases existed still matches.
    public var activityLog: [AgentActivity] {
        withCore { $0.activityLog }
    }

    // MARK: Registry

    /// Adds `skill` at the end of the routing order; a skill with the same id is replaced in place.
    public func register(_ skill: any AgentSkill) {
        mutate(\.skills) { core in
            if let index = core.skills.firstIndex(where: { $0.id == skill.id }) {
                core.skills[index] = skill
            } else {
                core.skills.append(skill)
            }
        }
    }

    /// Removes the skill with this id; returns whether there was one.
    @discardableResult
    public func unregister(id: String) -> Bool {
        mutate(\.skills) { core in
            guard let index = core.skills.firstIndex(where: { $0.id == id }) else { return false }
            core.skills.remove(at: index)
            return true
        }
    }

    /// The skill that would take `text` now: first match in registration order, then the fallback.
    public func route(for text: String) -> (any AgentSkill)? {
        withCore { Self.route(text, in: $0).skill }
    }

    // MARK: Events

    /// A stream of the events from now on.
    ///
    /// Each call returns a new stream; it ends when the engine does.
    public func events() -> AsyncStream<AgentEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: AgentEvent.self)
        let key = withCore { core in
            defer { core.nextSubscriber += 1 }
            core.subscribers[core.nextSubscriber] = continuation
            return core.nextSubscriber
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.withCore { $0.subscribers.removeValue(forKey: key) }
        }
        return stream
    }

    deinit {
        for subscriber in withCore({ $0.subscribers.values }) { subscriber.finish() }
    }

    // MARK: Observation plumbing

    /// Mutates the core under the lock, telling observers of `keyPath` (and of messages and state,
    /// which most mutations touch) outside it, so that an observer that reads the engine never deadlocks.
    func mutate<Member, Result>(_ keyPath: KeyPath<AgentEngine, Member>, _ body: (inout Core) -> Result) -> Result {
        registrar.willSet(self, keyPath: keyPath)
        defer { registrar.didSet(self, keyPath: keyPath) }
        return withCore(body)
    }

    /// Runs `body`, which changes the conversation (messages and state) under the lock, telling
    /// observers of both outside it.
    func observingConversation<Result>(_ body: () -> Result) -> Result {
        registrar.willSet(self, keyPath: \.messages)
        registrar.willSet(self, keyPath: \.state)
        defer {
            registrar.didSet(self, keyPath: \.state)
            registrar.didSet(self, keyPath: \.messages)
        }
        return body()
    }
}
