import Foundation
import SkillEngine
import SkillKit

/// The reference engine wired to a ``VirtualClock``, an ``InMemoryDataStore`` and a ``FakeNetworkService``, with sequential message ids.
///
/// One type for every test, replay and check that needs an engine on virtual time.
///
/// ```swift
/// try await withVirtualTime { clock in
///     let harness = EngineHarness(clock: clock, skills: [WeatherSkill()])
///     harness.network.stubWeather(city: "北京", reply: .hang)
///     let reply = await harness.engine.send("北京天气")      // time moves by itself to the timeout
///     #expect(reply.summary == "技能执行失败：技能执行超时")
/// }
/// ```
///
/// Outside a virtual-time scope, ``start(_:)`` and ``send(_:)`` drive the clock themselves.
@available(SkillCheckTesting, *)
public struct EngineHarness: Sendable {
    public let clock: VirtualClock
    public let engine: AgentEngine
    public let store: InMemoryDataStore
    public let network: FakeNetworkService

    /// An engine on `clock`, over fakes, with `skills` registered in order.
    ///
    /// The engine has `configuration` (give it `messageIDs: .sequential()` for ids 1, 2, 3, …), over `store`
    /// and `network` (fresh fakes on `clock` by default), with `skills` registered in order.
    public init(
        clock: VirtualClock = VirtualClock(),
        store: InMemoryDataStore? = nil,
        network: FakeNetworkService? = nil,
        configuration: AgentEngine.Configuration,
        skills: [any AgentSkill] = []
    ) {
        self.clock = clock
        self.store = store ?? InMemoryDataStore(clock: clock)
        self.network = network ?? FakeNetworkService(clock: clock)
        engine = AgentEngine(
            context: .virtual(clock: clock, storage: self.store, networkService: self.network),
            configuration: configuration
        )
        for skill in skills { engine.register(skill) }
    }

    /// The same, with the engine settings tests vary most.
    public init(
        clock: VirtualClock = VirtualClock(),
        policy: ConcurrencyPolicy = .cancelPrevious,
        catalog: MessageCatalog = .zhHans,
        timeout: Duration = .seconds(10),
        skills: [any AgentSkill] = []
    ) {
        self.init(
            clock: clock,
            configuration: .init(timeout: timeout, concurrencyPolicy: policy, catalog: catalog, messageIDs: .sequential()),
            skills: skills
        )
    }

    /// Starts a send on the clock's scheduler and runs it until it suspends; time does not move.
    @discardableResult
    public func start(_ text: String) -> Task<SkillOutput, Never> {
        let engine = engine
        let task = clock.scheduler.spawn("send \(text)") { await engine.send(text) }
        clock.scheduler.runUntilIdle()
        return task
    }

    /// Sends, and moves virtual time until every task on the clock has finished.
    ///
    /// - Throws: ``VirtualClockError`` when the send can never finish, or work left the scheduler.
    @discardableResult
    public func send(_ text: String) async throws -> SkillOutput {
        let task = start(text)
        try clock.run()
        return await task.value
    }

    /// The text of every message so far.
    public var contents: [String] { engine.messages.map(\.content) }
}
