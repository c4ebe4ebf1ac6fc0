import Foundation

/// What one run did and when, on its virtual clock: each event at its instant, in a lane per actor, with each
/// timeout's deadline, the instant each step began, and the marks a reader should look at first (the step a
/// replay departed at, the instant a check cancelled the run). The HTML reports draw it (``html(id:departed:caption:)``).
///
/// A replay records one (`skillcheck scenarios --format html`), and so does each run of a conformance check
/// whose finding is a failure or a warning; it travels with the finding from the harness to `skillcheck`.
@available(SkillCheckTesting, *)
package struct RunTimeline: Sendable, Hashable, Codable {
    /// One thing that happened.
    package struct Event: Sendable, Hashable, Codable {
        /// When, from the start of the run.
        package var at: Duration
        /// How long it took, when the fake knows: a sleep, a storage operation's latency.
        package var duration: Duration?
        /// Who did it: `user`, `agent`, `check`, `engine`, `skill`, `request 1`, `storage`, `network`, `clock`,
        /// `model`, or `tool NAME` for each tool.
        package var lane: String
        package var text: String
        /// The step it happened during.
        package var step: Int?

        package init(at: Duration, duration: Duration? = nil, lane: String, text: String, step: Int? = nil) {
            self.at = at
            self.duration = duration
            self.lane = lane
            self.text = text
            self.step = step
        }
    }

    /// An instant drawn across the lanes with its words: a timeout's deadline, a check's cancellation.
    package struct Marker: Sendable, Hashable, Codable {
        package var at: Duration
        package var text: String

        package init(at: Duration, text: String) {
            self.at = at
            self.text = text
        }
    }

    /// A step of the run and the instant it began.
    package struct Step: Sendable, Hashable, Codable {
        package var index: Int
        package var at: Duration
        package var text: String

        package init(index: Int, at: Duration, text: String) {
            self.index = index
            self.at = at
            self.text = text
        }
    }

    package var events: [Event] = []
    /// The instants a timeout fires.
    package var deadlines: [Marker] = []
    package var steps: [Step] = []
    /// Where the reader should look first: drawn thick, with a ◆ and the words.
    package var marks: [Marker] = []
    /// Virtual time when the run ended.
    package var end: Duration = .zero
    /// Events the recorder did not keep, past its maximum: a loop that polls storage thousands of times is
    /// drawn by its first few hundred.
    package var omitted = 0

    package init() {}

    /// The lanes that have an event, in the order a reader follows a run: who asked, who answered, then the
    /// check, the engine, the skill or each of its requests, and what it used.
    package var lanes: [String] {
        let order = ["user", "agent", "check", "engine", "skill"]
        let present = Set(events.map(\.lane))
        func numbered(_ prefix: String) -> [String] {
            present.filter { $0.hasPrefix(prefix) }.sorted { $0.count != $1.count ? $0.count < $1.count : $0 < $1 }
        }
        return order.filter(present.contains) + numbered("request ") + ["model"].filter(present.contains) + numbered("tool ")
            + ["storage", "network", "clock"].filter(present.contains)
    }
}
