import Foundation
import SkillCheckSupport
import SkillEngine
import SkillKit

@available(SkillCheckTesting, *)
extension SkillContext {
    /// A context on virtual time, with sequential ids and fresh fakes.
    ///
    /// It uses `clock` for sleeps and timeouts, its date for `now`, ids 1, 2, 3, … for `newID()`
    /// (`00000000-0000-0000-0000-000000000001`), and fresh fakes unless you pass your own.
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
            dateSource: clock.dateSource,
            idSource: sequentialIDs()
        )
    }
}

/// 1, 2, 3, … in the last bytes of a UUID, counted per context.
@available(SkillCheckTesting, *)
func sequentialIDs() -> @Sendable () -> UUID {
    let counter = Locked<UInt64>(0)
    return {
        let value = counter.withLock { value in
            value &+= 1
            return value
        }
        let b = withUnsafeBytes(of: value.bigEndian) { Array($0) }
        return UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]))
    }
}
