/// What replaying one transcript found.
public struct ReplayResult: Sendable {
    public var name: String
    public var file: String
    /// Every difference, in step order; empty when the transcript passed.
    public var differences: [Difference]
    /// The transcript as it was observed: each `expect` step's values replaced by what the replay saw.
    /// Record mode writes this; a failing run writes it to the artifacts folder.
    public var actual: JSONValue
    /// Whether some `expect` step left a field `null` (or was empty), to be recorded.
    public var hasMissingExpectations: Bool
    /// Virtual time at the end.
    public var virtualSeconds: Double
    /// How many steps ran.
    public var steps: Int
    /// How many messages, events and requests the replay converted to JSON in all: proportional to
    /// how many it observed, never to steps × entries.
    var observationWork = 0

    public var passed: Bool { differences.isEmpty }

    /// The failure report: one block per difference.
    public var report: String {
        differences.map(\.description).joined(separator: "\n")
    }
}
