import Foundation
import SkillCheckSupport

/// Builds a ``RunTimeline`` as a run goes: it looks at the fakes each time the run's scheduler goes idle, and
/// stamps what is new in their logs (a storage operation, a request, a sleeper) with the clock's instant.
///
/// Instants are exact: time moves only between two idle moments, so what is new was done at the instant the
/// clock reads. Whoever drives the run adds its own events (``add(_:_:at:duration:)``), deadlines and marks.
///
/// ```swift
/// let recorder = RunTimelineRecorder(clock: clock, stores: [store], networks: [network])
/// recorder.observeScheduler()              // or call sample() from an observer of your own
/// recorder.add("skill", "execute(input: \"北京天气\")")
/// … run the skill …
/// let timeline = recorder.finish()
/// ```
@available(SkillCheckTesting, *)
package final class RunTimelineRecorder: Sendable {
    private struct State {
        var timeline = RunTimeline()
        var step: Int?
        var storage: [Int]
        var network: [Int]
        /// Each pending sleeper's event, by the sleeper's sequence: one that leaves early was cancelled.
        var sleepers: [Int: (event: Int, deadline: Duration)] = [:]
        var sleepersSeen: Set<Int> = []
        /// ``VirtualClock/sleepersVersion`` when the sleepers were last looked at.
        var sleepersVersion = (pending: -1, slept: -1)

        /// The most events the timeline keeps; the check's own (its call, how the run ended) are always kept.
        var maximumEvents: Int

        /// Appends `event` unless the timeline is full; returns whether it did.
        @discardableResult
        mutating func append(_ event: RunTimeline.Event) -> Bool {
            guard timeline.events.count < maximumEvents || event.lane == "check" else {
                timeline.omitted += 1
                return false
            }
            timeline.events.append(event)
            return true
        }
    }

    private let clock: VirtualClock
    private let stores: [(store: InMemoryDataStore, latency: Duration)]
    private let networks: [FakeNetworkService]
    private let state: Locked<State>

    /// A recorder of `clock`'s sleepers and of what `stores` and `networks` log; `storageLatency` is drawn as
    /// each storage operation's duration. Past `maximumEvents`, events are counted (``RunTimeline/omitted``),
    /// not kept: a loop that polls storage thousands of times is drawn by its first few hundred.
    package init(
        clock: VirtualClock, stores: [InMemoryDataStore] = [], storageLatency: Duration = .zero, networks: [FakeNetworkService] = [],
        maximumEvents: Int = .max
    ) {
        self.clock = clock
        self.stores = stores.map { ($0, storageLatency) }
        self.networks = networks
        state = Locked(State(storage: stores.map { _ in 0 }, network: networks.map { _ in 0 }, maximumEvents: maximumEvents))
    }

    /// Samples each time the clock's scheduler goes idle (``DeterministicScheduler/observeIdle(_:)``), for
    /// as long as whoever made the recorder keeps it (the scheduler holds it weakly: the recorder holds the clock).
    package func observeScheduler() {
        clock.scheduler.observeIdle { [weak self] in self?.sample() }
    }

    /// The clock's instant, from the start of the run.
    package var now: Duration { clock.now.offset }

    /// Adds an event on `lane`, at `at` (the clock's instant unless given), during the current step.
    package func add(_ lane: String, _ text: String, at: Duration? = nil, duration: Duration? = nil) {
        let at = at ?? now
        state.withLock { _ = $0.append(RunTimeline.Event(at: at, duration: duration, lane: lane, text: text, step: $0.step)) }
    }

    /// Adds a timeout's deadline at `at`.
    package func deadline(at: Duration, _ text: String) {
        state.withLock { $0.timeline.deadlines.append(RunTimeline.Marker(at: at, text: text)) }
    }

    /// Marks the clock's instant as the one a reader should look at first, on `lane` too, where it happened:
    /// `the check cancelled the run`.
    package func mark(_ text: String, lane: String = "check") {
        let at = now
        state.withLock {
            $0.timeline.marks.append(RunTimeline.Marker(at: at, text: text))
            _ = $0.append(RunTimeline.Event(at: at, lane: lane, text: "◆ " + text, step: $0.step))
        }
    }

    /// Marks the start of step `index`, after stamping what came before it.
    package func begin(step index: Int, _ text: String) {
        sample()
        let at = now
        state.withLock {
            $0.step = index
            $0.timeline.steps.append(RunTimeline.Step(index: index, at: at, text: text))
        }
    }

    /// The timeline, after a last sample, ended at the clock's instant.
    package func finish() -> RunTimeline {
        sample()
        let end = now
        return state.withLock {
            $0.timeline.end = end
            return $0.timeline
        }
    }

    /// Stamps everything new in the fakes' logs and among the clock's sleepers with the clock's instant.
    package func sample() {
        let now = now
        // Only what is new is read: each idle moment of a long run would otherwise copy every log again.
        let seen = state.withLock { ($0.storage, $0.network, $0.sleepersVersion) }
        let operations = stores.enumerated().map { $1.store.log(from: seen.0[$0]) }
        let requests = networks.enumerated().map { $1.requests(from: seen.1[$0]) }
        let version = clock.sleepersVersion
        let sleepers = version == seen.2 ? nil : clock.pendingSleepers
        state.withLock { state in
            @discardableResult
            func add(_ lane: String, _ text: String, duration: Duration? = nil) -> Bool {
                state.append(RunTimeline.Event(at: now, duration: duration, lane: lane, text: text, step: state.step))
            }
            for (index, log) in operations.enumerated() {
                let latency = stores[index].latency
                for operation in log.dropFirst(max(0, state.storage[index] - log.startIndex)) {
                    add("storage", operation.description, duration: latency > .zero ? latency : nil)
                }
                state.storage[index] = max(state.storage[index], log.endIndex)
            }
            for (index, sent) in requests.enumerated() {
                for request in sent.dropFirst(max(0, state.network[index] - sent.startIndex)) {
                    add("network", "\(request.method.rawValue) \(request.url.absoluteString)")
                }
                state.network[index] = max(state.network[index], sent.endIndex)
            }
            guard let sleepers else { return }
            state.sleepersVersion = version
            // A sleep is drawn as long as it lasted: one cancelled before its deadline (a timeout that won) ends there.
            let pending = Set(sleepers.map(\.sequence))
            for (sequence, sleep) in state.sleepers where !pending.contains(sequence) {
                state.sleepers[sequence] = nil
                guard now < sleep.deadline else { continue }
                let start = state.timeline.events[sleep.event].at
                state.timeline.events[sleep.event].duration = now - start
                state.timeline.events[sleep.event].text += ", cancelled after \((now - start).written)"
            }
            for sleeper in sleepers where state.sleepersSeen.insert(sleeper.sequence).inserted {
                let event = state.timeline.events.count
                if add("clock", "\(sleeper.label ?? "a task") sleeps \(sleeper.duration.written)", duration: sleeper.duration) {
                    state.sleepers[sleeper.sequence] = (event, sleeper.deadline.offset)
                }
            }
        }
    }
}
