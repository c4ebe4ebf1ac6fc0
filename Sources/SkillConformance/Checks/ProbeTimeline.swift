import SkillCheckSupport
import SkillKit
import SkillTesting

/// The timeline of one of a check's runs (``RunTimeline``): what the check asked, what the skill did with its
/// storage, network and clock, at which instant, where the check cut or cancelled the run, and how it ended.
/// A finding that fails or warns carries it, and the HTML report draws it.
///
/// Made before the run's virtual-time scope, so that a run that never ends still has the timeline up to where
/// it stopped.
@available(SkillCheckTesting, *)
final class ProbeTimeline: Sendable {
    private let recorder = Locked<RunTimelineRecorder?>(nil)

    /// Starts recording the run on `clock`: its fakes, the check's call, and the cut after `cutAfter` if any.
    func start(
        clock: VirtualClock, stores: [InMemoryDataStore], storageLatency: Duration = .zero, networks: [FakeNetworkService],
        call: String, cutAfter: Duration? = nil
    ) {
        let recording = RunTimelineRecorder(
            clock: clock, stores: stores, storageLatency: storageLatency, networks: networks, maximumEvents: Self.maximumEvents)
        recording.observeScheduler()
        recording.add("check", call)
        if let cutAfter {
            recording.deadline(at: recording.now + cutAfter, "the check cuts the run at \(cutAfter.written), as the engine's timeout does")
        }
        recorder.withLock { $0 = recording }
    }

    /// Adds an event on `lane` at the clock's instant.
    func add(_ lane: String, _ text: String) { recorder.withLock { $0 }?.add(lane, text) }

    /// Marks the clock's instant: `the check cancelled the run`.
    func mark(_ text: String) { recorder.withLock { $0 }?.mark(text) }

    /// How the run ended, on `lane`.
    func ended(_ ending: Probe.Ending, lane: String = "skill") {
        add(lane, SkillConformance.describe(ending))
    }

    /// The timeline so far; `nil` when the run never started.
    func finish() -> RunTimeline? { recorder.withLock { $0 }?.finish() }

    /// The most events a check's run keeps: it travels with the finding from the harness to `skillcheck`.
    static let maximumEvents = 400

    /// The call as the timeline says it: `execute(input: "北京天气")`.
    static func call(_ input: SkillInput) -> String { "execute(input: \(quoted(input.rawText)))" }
}
