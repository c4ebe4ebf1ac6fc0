/// A sleeper waiting on a ``VirtualClock``, as a test inspects it.
@available(SkillCheckTesting, *)
public struct PendingSleeper: Sendable, Hashable, CustomStringConvertible {
    /// When it wakes.
    public var deadline: VirtualClock.Instant
    /// How long it asked to sleep, from the instant it started sleeping.
    public var duration: Duration
    /// Its place in the registration order: among equal deadlines, the lower wakes first.
    package var sequence: Int
    /// The label of the spawned task it belongs to, if any.
    public var label: String?

    public var description: String {
        "\(label ?? "unlabelled sleeper") #\(sequence) sleeping \(duration) until \(deadline)"
    }
}
