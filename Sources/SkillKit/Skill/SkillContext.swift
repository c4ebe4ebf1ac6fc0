import Foundation

/// Everything a skill may touch outside itself, handed to it by the engine on each call.
///
/// Skills read time from ``clock`` and ``now`` rather than `Date()` or a real sleep, so that a test can
/// run them on a virtual clock:
///
/// ```swift
/// func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
///     try await context.clock.sleep(for: .seconds(1))          // virtual in tests
///     let note = NoteItem(content: input.rawText, createdAt: context.now)
///     try await context.storage.save(note)
///     return SkillOutput(summary: "saved")
/// }
/// ```
public struct SkillContext: Sendable {
    /// Persistent storage.
    public var storage: any DataStoring
    /// The network.
    public var networkService: any NetworkServing
    /// Facts about the current user.
    public var userInfo: [String: String]
    /// The clock to sleep and measure on.
    ///
    /// Production: `ContinuousClock()`.
    public var clock: any Clock<Duration>
    /// Where ``now`` comes from.
    ///
    /// Production: `Date()`.
    public var dateSource: @Sendable () -> Date

    /// Where new identifiers come from.
    ///
    /// Production: `UUID()`.
    public var idSource: @Sendable () -> UUID

    /// The current date, from ``dateSource``.
    public var now: Date { dateSource() }

    /// A new identifier, from ``idSource``: use it instead of `UUID()`, so that a replay gives the same
    /// ids every run.
    ///
    /// ```swift
    /// let note = NoteItem(id: context.newID(), content: text, createdAt: context.now)
    /// ```
    public func newID() -> UUID { idSource() }

    /// The seed architecture's initializer: real time.
    public init(storage: any DataStoring, networkService: any NetworkServing, userInfo: [String: String] = [:]) {
        self.init(
            storage: storage,
            networkService: networkService,
            userInfo: userInfo,
            clock: ContinuousClock(),
            dateSource: { Date() },
            idSource: { UUID() }
        )
    }

    /// A context with injected time, for tests and replays.
    public init(
        storage: any DataStoring,
        networkService: any NetworkServing,
        userInfo: [String: String] = [:],
        clock: any Clock<Duration>,
        dateSource: @escaping @Sendable () -> Date,
        idSource: @escaping @Sendable () -> UUID = { UUID() }
    ) {
        self.storage = storage
        self.networkService = networkService
        self.userInfo = userInfo
        self.clock = clock
        self.dateSource = dateSource
        self.idSource = idSource
    }
}
