/// What ``AgentEngine/send(_:)`` does when it is called while an earlier request is still running.
///
/// Under every policy, each agent reply directly follows its own user message: messages never
/// interleave and never reorder.
public enum ConcurrencyPolicy: String, Sendable, Codable, Hashable, CaseIterable {
    /// Cancel the running request and start the new one (seed 000 §5.3). The cancelled request adds
    /// no reply; the default.
    case cancelPrevious
    /// Queue the new request; requests run one at a time in the order they were sent (seed 004's
    /// `SerialExecution`). A queued request's user message appears when it starts.
    case serial
    /// Turn the new request away while one is running (seed 004's `ExclusiveExecution`): `send`
    /// returns the catalogue's busy text, and the conversation is left untouched.
    case exclusive
}
