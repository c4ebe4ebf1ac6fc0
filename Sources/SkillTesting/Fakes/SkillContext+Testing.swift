import SkillKit

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
extension SkillContext {
    /// A context on virtual time: `clock` for sleeps and timeouts, its date for `now`, and fresh fakes
    /// unless you pass your own.
    ///
    /// ```swift
    /// let store = InMemoryDataStore(clock: clock)
    /// let engine = AgentEngine(context: .virtual(clock: clock, storage: store))
    /// ```
    public static func virtual(
        clock: VirtualClock,
        storage: any DataStoring = InMemoryDataStore(),
        networkService: any NetworkServing = FakeNetworkService(),
        userInfo: [String: String] = [:]
    ) -> SkillContext {
        SkillContext(
            storage: storage,
            networkService: networkService,
            userInfo: userInfo,
            clock: clock,
            dateSource: clock.dateSource
        )
    }
}
