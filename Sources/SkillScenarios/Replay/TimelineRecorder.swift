import Foundation
import SkillCheckSupport
import SkillEngine
import SkillKit
import SkillTesting

/// Builds the ``RunTimeline`` of a replay as it runs, its engine's side here and its fakes' in a
/// ``RunTimelineRecorder``: called by the scheduler each time it goes idle, and by the replay at each step.
@available(SkillCheckTesting, *)
final class TimelineRecorder: Sendable {
    private struct Seen {
        var messages = 0
        var events = 0
        var toolEvents = 0
        var modelTurns = 0
    }

    private let clock: VirtualClock
    private let engine: AgentEngine
    private let tooling: (engine: ToolCallingEngine, model: ScriptedLLMClient, registry: SkillRegistry)?
    private let engineTimeout: Duration
    private let toolTimeout: @Sendable (String) -> Duration
    /// The fakes' side: storage, network and the clock's sleepers.
    private let fakes: RunTimelineRecorder
    private let seen = Locked(Seen())

    init(run: ReplayRun) {
        clock = run.clock
        engine = run.engine
        tooling = run.tooling.map { ($0.engine, $0.model, $0.registry) }
        engineTimeout = run.transcript.engine.timeout
        let configuration = run.tooling?.engine.configuration
        toolTimeout = { configuration?.timeout(for: $0) ?? .seconds(10) }
        fakes = RunTimelineRecorder(
            clock: run.clock, stores: [run.store], storageLatency: run.transcript.fixtures.storageLatency, networks: [run.network])
    }

    /// Marks the start of step `index`, after looking at what came before it; a tool-calling run's input is
    /// the user's.
    func begin(step index: Int, _ step: Transcript.Step) {
        sampleEngine()
        fakes.begin(step: index, step.summary) // which stamps what is new in the fakes first
        if case .run(let input, let label, _, _) = step {
            fakes.add("user", label.map { "\(input) (\($0))" } ?? input)
        }
    }

    /// The timeline so far, ended at the clock's instant, with every secret redacted: a message, a URL or a
    /// tool's arguments may carry one, and the timeline shows it as every artifact does.
    var timeline: RunTimeline {
        sample()
        return fakes.finish().mappingTexts(SecretScanner.redacted)
    }

    /// Stamps everything new in every log with the clock's instant.
    func sample() {
        sampleEngine()
        fakes.sample()
    }

    /// Stamps what is new in the engine's logs (messages, events, tool events, model turns).
    private func sampleEngine() {
        let now = clock.now.offset
        let messages = engine.messages
        let events = engine.eventLog
        let toolEvents = tooling?.engine.eventLog ?? []
        let turns = tooling?.model.requests ?? []
        let registry = tooling?.registry
        // A call names a tool; its lane and its timeout are its skill's, as the engine's own events name it.
        let skillID: (ToolCall) -> String = { call in (try? registry?.resolve(call).get())?.id ?? call.name }
        let fakes = fakes
        func add(_ lane: String, _ text: String, at: Duration = now) { fakes.add(lane, text, at: at) }
        seen.withLock { seen in
            for message in messages.dropFirst(seen.messages) {
                let at = Duration.seconds(message.timestamp.timeIntervalSince(clock.origin))
                add(message.role == .user ? "user" : "agent", message.content, at: at)
            }
            seen.messages = messages.count
            for event in events.dropFirst(seen.events) {
                let (lane, text) = Self.describe(event)
                add(lane, text)
                if case .skillStarted(let skillID) = event {
                    fakes.deadline(at: now + engineTimeout, "\(skillID)'s \(engineTimeout.written) timeout")
                }
            }
            seen.events = events.count
            for logged in toolEvents.dropFirst(seen.toolEvents) {
                let (lane, text) = Self.describe(logged.event, skillID: skillID)
                add(lane, "run \(logged.run): \(text)")
                if case .skillSelected(let call) = logged.event {
                    let id = skillID(call)
                    let limit = toolTimeout(id)
                    fakes.deadline(at: now + limit, "\(id)'s \(limit.written) timeout")
                }
            }
            seen.toolEvents = toolEvents.count
            for turn in turns.dropFirst(seen.modelTurns) {
                let messages = "\(turn.messages.count) message\(turn.messages.count == 1 ? "" : "s")"
                let tools = "\(turn.tools.count) tool\(turn.tools.count == 1 ? "" : "s")"
                add("model", "turn \(turn.turn) asked: \(messages), \(tools)\(turn.streamed ? ", streamed" : "")")
            }
            seen.modelTurns = turns.count
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
        case .timedOut(let skillID, let seconds): ("engine", "\(skillID) timed out after \(Duration.seconds(seconds).written)")
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
        case .timedOut(let call, let seconds): ("tool \(skillID(call))", "timed out after \(Duration.seconds(seconds).written)")
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
        case .advance(let duration): "advance \(duration.written)"
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
