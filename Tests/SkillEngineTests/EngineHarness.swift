import Foundation
import SkillEngine
import SkillKit
import SkillTesting

/// An engine on a virtual clock with sequential ids: each `send` runs on the clock's scheduler.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
struct EngineHarness {
    let clock: VirtualClock
    let engine: AgentEngine
    let store: InMemoryDataStore
    let network: FakeNetworkService

    init(
        clock: VirtualClock = VirtualClock(),
        policy: ConcurrencyPolicy = .cancelPrevious,
        catalog: MessageCatalog = .zhHans,
        timeout: Duration = .seconds(10),
        skills: [any AgentSkill] = []
    ) {
        self.clock = clock
        store = InMemoryDataStore(clock: clock)
        network = FakeNetworkService(clock: clock)
        engine = AgentEngine(
            context: .virtual(clock: clock, storage: store, networkService: network),
            configuration: .init(timeout: timeout, concurrencyPolicy: policy, catalog: catalog,
                                 messageIDs: .sequential())
        )
        for skill in skills { engine.register(skill) }
    }

    /// Starts a send on the scheduler and drains: it runs until it suspends.
    @discardableResult
    func start(_ text: String) -> Task<SkillOutput, Never> {
        let engine = engine
        let task = clock.scheduler.spawn("send \(text)") { await engine.send(text) }
        clock.scheduler.runUntilIdle()
        return task
    }

    /// Sends and auto-advances virtual time until the reply is in.
    @discardableResult
    func send(_ text: String) async throws -> SkillOutput {
        let task = start(text)
        try clock.run()
        return await task.value
    }

    var contents: [String] { engine.messages.map(\.content) }
}
