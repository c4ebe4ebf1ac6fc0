import SkillCheckSupport
import SkillTesting

/// What replaying one transcript found.
@available(SkillCheckTesting, *)
public struct ReplayResult: Sendable {
    public var name: String
    public var file: String
    /// Every difference, in step order; empty when the transcript passed.
    public var differences: [Difference]
    /// The transcript as it was observed: each `expect` value that differs replaced by what the replay saw.
    ///
    /// Values a matcher accepts stay as written; a value under a matcher that fails shows what was observed.
    ///
    /// A failing run writes it to the artifacts folder; record mode writes the same changes, as minimal edits
    /// of the file. It is built when asked for, from what the replay observed: most replays never need it.
    public var actual: JSONValue {
        RecordingPlan(transcript: transcript, observations: observations, differences: differencesAtEnd, fillOnly: false)
            .applied(to: transcript.document.value)
    }
    /// Whether some `expect` step left a field `null` (or was empty), to be recorded.
    public var hasMissingExpectations: Bool
    /// Each field the transcript left unrecorded, as a difference that says how to record it.
    ///
    /// A field left `null` (or an empty `expect` step's messages and state) is a difference of kind
    /// ``Difference/Kind/unrecorded``.
    ///
    /// Under record mode `never` these are in ``differences`` too, so the result does not pass; in the other
    /// modes record mode fills them in, and a runner that did not write them turns them into failures.
    public var unrecorded: [Difference] = []
    /// Virtual time at the end.
    public var virtualSeconds: Double
    /// How many steps ran.
    public var steps: Int
    /// What the replay did and when, when the replayer recorded it.
    package var timeline: RunTimeline?
    /// How many messages, events and requests the replay converted to JSON in all: proportional to
    /// how many it observed, never to steps × entries.
    var observationWork = 0

    /// The transcript replayed, and what each `expect` step (by index) observed: for record mode.
    var transcript: Transcript
    var observations: [Int: [(field: ObservedField, value: JSONValue)]]
    /// The differences as the replay ended, before a runner adds anything: what ``actual`` is built from.
    var differencesAtEnd: [Difference]

    /// Whether everything was checked and matched.
    ///
    /// Under record mode `never` an expectation that was never recorded is a difference, so a transcript of
    /// empty `expect` steps does not pass.
    public var passed: Bool { differences.isEmpty }

    /// The observed transcript as a failing case's artifact holds it: pretty JSON, secrets redacted.
    package var actualTranscriptText: String { SecretScanner.redacted(actual).pretty + "\n" }

    /// The failure report: one block per difference.
    public var report: String {
        differences.map(\.description).joined(separator: "\n")
    }
}
