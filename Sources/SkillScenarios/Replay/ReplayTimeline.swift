import Foundation
import SkillCheckSupport
import SkillEngine
import SkillKit
import SkillTesting

/// What a replay did and when, on its virtual clock: each message, engine event, storage operation, network
/// request, sleep and model turn at its instant, in a lane per actor, with each timeout's deadline and the
/// instant each step began. The HTML report draws it.
///
/// Instants are exact: the recorder looks at every log each time the replay's scheduler goes idle, and time
/// moves only between two such moments, so what is new was done at the instant the clock reads.
@available(SkillCheckTesting, *)
package struct ReplayTimeline: Sendable, Hashable {
    /// One thing that happened.
    package struct Event: Sendable, Hashable {
        /// When, from the start of the replay.
        package var at: Duration
        /// How long it took, when the fake knows: a sleep, a storage operation's latency.
        package var duration: Duration?
        /// Who did it: `user`, `agent`, `engine`, `skill`, `storage`, `network`, `clock`, `model`, or
        /// `tool NAME` for each tool.
        package var lane: String
        package var text: String
        /// The step it happened during.
        package var step: Int?
    }

    /// The instant a timeout fires, drawn across the lanes.
    package struct Deadline: Sendable, Hashable {
        package var at: Duration
        package var text: String
    }

    /// A transcript step and the instant it began.
    package struct Step: Sendable, Hashable {
        package var index: Int
        package var at: Duration
        package var text: String
    }

    package var events: [Event] = []
    package var deadlines: [Deadline] = []
    package var steps: [Step] = []
    /// Virtual time when the replay ended.
    package var end: Duration = .zero

    /// The lanes that have an event, in the order a reader follows a run: who asked, who answered, then the
    /// engine, the skill and what it used.
    package var lanes: [String] {
        let order = ["user", "agent", "engine", "skill", "model"]
        let present = Set(events.map(\.lane))
        let tools = present.filter { $0.hasPrefix("tool ") }.sorted()
        return order.filter(present.contains) + tools + ["storage", "network", "clock"].filter(present.contains)
    }
}

/// Builds a ``ReplayTimeline`` as the replay runs: called by the scheduler each time it goes idle, and by
/// the replay at each step.
@available(SkillCheckTesting, *)
final class TimelineRecorder: Sendable {
    private struct Seen {
        var messages = 0
        var events = 0
        var toolEvents = 0
        var storage = 0
        var network = 0
        var modelTurns = 0
        /// Each pending sleeper's event, by the sleeper's sequence: one that leaves early was cancelled.
        var sleepers: [Int: (event: Int, deadline: Duration)] = [:]
        var sleepersSeen: Set<Int> = []
        var step: Int?
        var timeline = ReplayTimeline()
    }

    private let clock: VirtualClock
    private let engine: AgentEngine
    private let store: InMemoryDataStore
    private let network: FakeNetworkService
    private let tooling: (engine: ToolCallingEngine, model: ScriptedLLMClient, registry: SkillRegistry)?
    private let engineTimeout: Duration
    private let toolTimeout: @Sendable (String) -> Duration
    private let storageLatency: Duration
    private let seen = Locked(Seen())

    init(run: ReplayRun) {
        clock = run.clock
        engine = run.engine
        store = run.store
        network = run.network
        tooling = run.tooling.map { ($0.engine, $0.model, $0.registry) }
        engineTimeout = run.transcript.engine.timeout
        let configuration = run.tooling?.engine.configuration
        toolTimeout = { configuration?.timeout(for: $0) ?? .seconds(10) }
        storageLatency = run.transcript.fixtures.storageLatency
    }

    /// Marks the start of step `index`, after looking at what came before it; a tool-calling run's input is
    /// the user's.
    func begin(step index: Int, _ step: Transcript.Step) {
        sample()
        let now = clock.now.offset
        seen.withLock {
            $0.step = index
            $0.timeline.steps.append(ReplayTimeline.Step(index: index, at: now, text: step.summary))
            if case .run(let input, let label, _, _) = step {
                $0.timeline.events.append(
                    ReplayTimeline.Event(
                        at: now, duration: nil, lane: "user", text: SecretScanner.redacted(label.map { "\(input) (\($0))" } ?? input),
                        step: index))
            }
        }
    }

    /// The timeline so far, ended at the clock's instant.
    var timeline: ReplayTimeline {
        sample()
        let now = clock.now.offset
        return seen.withLock {
            $0.timeline.end = now
            return $0.timeline
        }
    }

    /// Stamps everything new in every log with the clock's instant.
    func sample() {
        let now = clock.now.offset
        let messages = engine.messages
        let events = engine.eventLog
        let storage = store.log
        let requests = network.requests
        let sleepers = clock.pendingSleepers
        let toolEvents = tooling?.engine.eventLog ?? []
        let turns = tooling?.model.requests ?? []
        let registry = tooling?.registry
        // A call names a tool; its lane and its timeout are its skill's, as the engine's own events name it.
        let skillID: (ToolCall) -> String = { call in (try? registry?.resolve(call).get())?.id ?? call.name }
        seen.withLock { seen in
            // A message, a URL or a tool's arguments may carry a secret: the timeline shows it redacted, as
            // every artifact does.
            func add(_ lane: String, _ text: String, at: Duration = now, duration: Duration? = nil) {
                seen.timeline.events.append(
                    ReplayTimeline.Event(at: at, duration: duration, lane: lane, text: SecretScanner.redacted(text), step: seen.step))
            }
            for message in messages.dropFirst(seen.messages) {
                let at = Duration.seconds(message.timestamp.timeIntervalSince(clock.origin))
                add(message.role == .user ? "user" : "agent", message.content, at: at)
            }
            seen.messages = messages.count
            for event in events.dropFirst(seen.events) {
                let (lane, text) = Self.describe(event)
                add(lane, text)
                if case .skillStarted(let skillID) = event {
                    seen.timeline.deadlines.append(
                        .init(at: now + engineTimeout, text: "\(skillID)'s \(DurationText.format(engineTimeout)) timeout"))
                }
            }
            seen.events = events.count
            for logged in toolEvents.dropFirst(seen.toolEvents) {
                let (lane, text) = Self.describe(logged.event, skillID: skillID)
                add(lane, "run \(logged.run): \(text)")
                if case .skillSelected(let call) = logged.event {
                    let id = skillID(call)
                    let limit = toolTimeout(id)
                    seen.timeline.deadlines.append(.init(at: now + limit, text: "\(id)'s \(DurationText.format(limit)) timeout"))
                }
            }
            seen.toolEvents = toolEvents.count
            for operation in storage.dropFirst(seen.storage) {
                add("storage", operation.description, duration: storageLatency > .zero ? storageLatency : nil)
            }
            seen.storage = storage.count
            for request in requests.dropFirst(seen.network) {
                add("network", "\(request.method.rawValue) \(request.url.absoluteString)")
            }
            seen.network = requests.count
            for turn in turns.dropFirst(seen.modelTurns) {
                let messages = "\(turn.messages.count) message\(turn.messages.count == 1 ? "" : "s")"
                let tools = "\(turn.tools.count) tool\(turn.tools.count == 1 ? "" : "s")"
                add("model", "turn \(turn.turn) asked: \(messages), \(tools)\(turn.streamed ? ", streamed" : "")")
            }
            seen.modelTurns = turns.count
            // A sleep is drawn as long as it lasted: one cancelled before its deadline (a timeout that won) ends there.
            let pending = Set(sleepers.map(\.sequence))
            for (sequence, sleep) in seen.sleepers where !pending.contains(sequence) {
                seen.sleepers[sequence] = nil
                guard now < sleep.deadline else { continue }
                let start = seen.timeline.events[sleep.event].at
                seen.timeline.events[sleep.event].duration = now - start
                seen.timeline.events[sleep.event].text += ", cancelled after \(DurationText.format(now - start))"
            }
            for sleeper in sleepers where seen.sleepersSeen.insert(sleeper.sequence).inserted {
                seen.sleepers[sleeper.sequence] = (seen.timeline.events.count, sleeper.deadline.offset)
                add("clock", "\(sleeper.label ?? "a task") sleeps \(DurationText.format(sleeper.duration))", duration: sleeper.duration)
            }
        }
    }

    static func describe(_ event: AgentEvent) -> (lane: String, text: String) {
        switch event {
        case .received(let text): ("engine", "received \"\(text)\"")
        case .queued(let text): ("engine", "queued \"\(text)\"")
        case .rejected(let text): ("engine", "rejected \"\(text)\"")
        case .routed(let route, let skillID): ("engine", "routed (\(route.rawValue)) to \(skillID ?? "no skill")")
        case .skillStarted(let skillID): ("skill", "\(skillID) started")
        case .skillFinished(let skillID, let summary): ("skill", "\(skillID) finished: \(summary)")
        case .skillFailed(let skillID, let error): ("skill", "\(skillID) failed: \(error)")
        case .timedOut(let skillID, let seconds): ("engine", "\(skillID) timed out after \(DurationText.format(.seconds(seconds)))")
        case .cancelled(let skillID, let reason): ("engine", "cancelled \(skillID ?? "the send") (\(reason.rawValue))")
        }
    }

    /// A phase as the timeline says it: `thinking`, `executing slow`.
    static func words(_ phase: AgentPhase) -> String {
        switch phase {
        case .idle: "idle"
        case .thinking: "thinking"
        case .executing(let skillID): "executing \(skillID)"
        case .responding: "responding"
        }
    }

    /// A tool's state as the timeline says it: `starting`, `executing (40%)`, `failed: 技能执行超时`.
    static func words(_ state: SkillLifecycleState) -> String {
        switch state {
        case .starting: "starting"
        case .executing(let progress): "executing" + (progress.map { " (\(Int(($0 * 100).rounded()))%)" } ?? "")
        case .completed: "completed"
        case .failed(let reason): "failed: \(reason)"
        case .cancelled: "cancelled"
        }
    }

    static func describe(_ event: ToolCallingEvent, skillID: (ToolCall) -> String) -> (lane: String, text: String) {
        switch event {
        case .queued: ("engine", "queued")
        case .rejected(let text): ("engine", "rejected: \(text)")
        case .phase(let phase): ("engine", Self.words(phase))
        case .textChunk(let text): ("model", "streamed \"\(text)\"")
        case .skillSelected(let call): ("tool \(skillID(call))", "\(call.name) called with \(call.argumentsText)")
        case .skillState(let skillID, let state): ("tool \(skillID)", Self.words(state))
        case .skillResult(let call, let text): ("tool \(skillID(call))", "returned \(text)")
        case .resultSummarized(let call, let bytes): ("tool \(skillID(call))", "result summarized from \(bytes) bytes")
        case .skillFailed(let call, let error): ("tool \(skillID(call))", "failed: \(error)")
        case .timedOut(let call, let seconds): ("tool \(skillID(call))", "timed out after \(DurationText.format(.seconds(seconds)))")
        case .lateResultDropped(let call): ("tool \(skillID(call))", "late result dropped")
        case .completed(let text): ("agent", text)
        case .cancelled(let reason): ("engine", "cancelled (\(reason.rawValue))")
        case .failed(let error): ("engine", "failed: \(error)")
        }
    }
}

@available(SkillCheckTesting, *)
extension Transcript.Step {
    /// The step in a few words, as the timeline labels it: `send "北京天气"`, `advance 12s`, `expect`.
    var summary: String {
        switch self {
        case .send(let text, let wait): "send \"\(text)\"" + (wait ? "" : " (no wait)")
        case .advance(let duration): "advance \(DurationText.format(duration))"
        case .cancel(let reference):
            switch reference {
            case .last: "cancel the last"
            case .index(let index): "cancel #\(index + 1)"
            case .label(let label): "cancel \"\(label)\""
            }
        case .settle: "settle"
        case .expect: "expect"
        case .run(let input, let label, _, let wait): "run \"\(input)\"" + (label.map { " as \($0)" } ?? "") + (wait ? "" : " (no wait)")
        case .showPacks(let packs): "show packs \(packs.joined(separator: ", "))"
        case .setPermission(let switches): "permissions " + switches.map { "\($0.id) \($0.granted ? "on" : "off")" }.joined(separator: ", ")
        }
    }
}
