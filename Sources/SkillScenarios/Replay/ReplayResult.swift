/// What replaying one transcript found.
public struct ReplayResult: Sendable {
    public var name: String
    public var file: String
    /// Every difference, in step order; empty when the transcript passed.
    public var differences: [Difference]
    /// The transcript as it was observed: each `expect` value that differs replaced by what the replay
    /// saw (values a matcher accepts stay as written). A failing run writes it to the artifacts folder;
    /// record mode writes the same changes, as minimal edits of the file.
    public var actual: JSONValue
    /// Whether some `expect` step left a field `null` (or was empty), to be recorded.
    public var hasMissingExpectations: Bool
    /// Virtual time at the end.
    public var virtualSeconds: Double
    /// How many steps ran.
    public var steps: Int

    /// The transcript replayed, and what each `expect` step (by index) observed: for record mode.
    var transcript: Transcript
    var observations: [Int: [(field: String, value: JSONValue)]]

    public var passed: Bool { differences.isEmpty }

    /// The failure report: one block per difference.
    public var report: String {
        differences.map(\.description).joined(separator: "\n")
    }
}
