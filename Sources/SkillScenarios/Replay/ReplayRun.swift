import Foundation
import SkillCheckSupport
import SkillEngine
import SkillKit
import SkillTesting

/// One replay in progress: the engine and fakes, where each field was last checked, what differed.
@available(SkillCheckTesting, *)
struct ReplayRun {
    let transcript: Transcript
    let replayer: Replayer
    /// Under `.never`, an expectation never recorded is a difference.
    let recordMode: RecordMode
    /// The engine on virtual time, with the transcript's fixtures. Its scheduler reports unstructured
    /// tasks: nothing outside the replay consumes what the engine produces.
    let harness: EngineHarness
    var clock: VirtualClock { harness.clock }
    var store: InMemoryDataStore { harness.store }
    var network: FakeNetworkService { harness.network }
    var engine: AgentEngine { harness.engine }
    /// The tool-calling engine, its registry and scripted model, for a tool-calling transcript.
    var tooling: ToolRig?
    /// Whether each send (or run) has finished.
    let sends = SendLog()
    /// Cancels each send's (or run's) task, in order.
    var cancellers: [() -> Void] = []
    /// Each run's label, in order.
    var labels: [String?] = []
    /// How many of the scripted model's departures were reported.
    var reportedScriptErrors = 0

    /// How many entries of each log field (messages, events, requests) earlier `expect` steps covered.
    var checked: [ObservedField: Int] = [:]
    /// The entries of each log field observed so far, as JSON.
    var log = ObservationLog()
    /// The log fields some `expect` step checked: in an exhaustive transcript, each must be covered to the end.
    var everChecked: Set<ObservedField> = []
    var differences: [Difference] = []
    var observed: [Int: [(field: ObservedField, value: JSONValue)]] = [:]
    /// Expectations left `null`, to be recorded.
    var unrecorded: [Difference] = []
    /// For each of the transcript's matchers: whether it named a value in some step, or else the most
    /// telling reason it did not.
    var transcriptMatchers: [(used: Bool, miss: (depth: Int, text: String)?)]
    /// Step matchers that named nothing in their step.
    var matcherErrors: [TranscriptError] = []
    /// What the replay did and when, when the replayer records it.
    var timeline: TimelineRecorder?

    init(transcript: Transcript, replayer: Replayer, recordMode: RecordMode = .never) throws(TranscriptError) {
        self.transcript = transcript
        self.replayer = replayer
        self.recordMode = recordMode
        transcriptMatchers = Array(repeating: (false, nil), count: transcript.matchers.count)
        let fixtures = transcript.fixtures
        let clock = VirtualClock(scheduler: DeterministicScheduler(reportsUnstructuredTasks: true))
        let store = InMemoryDataStore(clock: clock, latency: fixtures.storageLatency)
        for (collection, documents) in fixtures.storage {
            for document in documents { store.seed(Data(document.value.canonical.utf8), id: document.id, in: collection) }
        }
        for fault in fixtures.storageFaults {
            switch fault {
            case .failNext(let count, let message):
                store.failNext(count, with: StorageError.unavailable(message))
            case .failWhen(let operation, let collection, let message):
                store.fail(with: StorageError.unavailable(message)) { candidate in
                    (collection == nil || candidate.collection == collection)
                        && (operation == nil || candidate.kind == operation)
                }
            }
        }
        let settings = transcript.engine
        harness = EngineHarness(
            clock: clock, store: store, network: FakeNetworkService(clock: clock, stubs: fixtures.network),
            configuration: .init(
                timeout: settings.timeout, concurrencyPolicy: settings.policy,
                catalog: .builtIn(settings.language), messageIDs: .sequential())
        )
        if let conversation = transcript.toolConversation {
            tooling = try ToolRig(conversation, transcript: transcript, replayer: replayer, harness: harness)
            for change in replayer.setup?.differences(from: transcript) ?? [] {
                differences.append(
                    Difference(
                        kind: .replay, step: nil, path: "engine › " + change.pointer.dropFirst("/engine".count), expected: change.recorded,
                        actual: change.now,
                        note:
                            "the app's setup differs from the one the transcript recorded at \(change.pointer): record the session again, or set it back"
                    ))
            }
        }
        for reference in transcript.skills { engine.register(try replayer.resolve(reference, in: transcript)) }
        if let fallback = settings.fallback { engine.fallbackSkill = try replayer.resolve(fallback, in: transcript) }
        if replayer.recordsTimeline {
            let recorder = TimelineRecorder(run: self)
            clock.scheduler.observeIdle { [weak recorder] in recorder?.sample() } // the run keeps it
            timeline = recorder
        }
    }

    mutating func replay() throws(TranscriptError) -> ReplayResult {
        // Files and sockets the skills use outside their context: a replay that depends on them passes or fails
        // with what is on the disk or the network, so each is a difference, never a pass; so is a real sleep. The wall clock and
        // randomness are the transcript's to judge: a matcher accepts an id or a date that changes run to run,
        // and record mode refuses a value that two replays disagree on.
        let observation = RealWorldObservation()
        observation.synchronously {
            for (index, step) in transcript.steps.enumerated() {
                timeline?.begin(step: index, step)
                perform(step, index: index)
                noteScriptErrors(step: index)
            }
            finish()
        }
        for read in observation.finish() where !read.kind.isTime || read.kind == .realSleep {
            // A real sleep ran on the virtual clock, so the replay went on as it would, but the app would wait for real.
            let made = read.kind == .realSleep ? "made" : "read"
            differences.append(
                Difference(
                    kind: .replay, step: nil, path: "", expected: nil, actual: nil,
                    note: "the replay \(made) \(read); the transcript cannot pin that down: instead, \(read.fix)"))
        }
        if let error = unusedMatcher() { throw error }
        if !transcript.steps.contains(where: { if case .expect = $0 { true } else { false } }) {
            // Record mode fills in expect steps; it cannot add one, so this fails in every mode.
            differences.append(
                Difference(
                    kind: .unrecorded, step: nil, path: "", expected: nil, actual: nil,
                    note: "the transcript has no expect step, so it checks nothing; add {\"expect\": {}} after the sends, "
                        + "then run `swift run skillcheck scenarios --record missing \(transcript.file)`"))
        }
        return ReplayResult(
            name: transcript.name, file: transcript.file, differences: differences,
            hasMissingExpectations: !unrecorded.isEmpty, unrecorded: unrecorded,
            virtualSeconds: clock.now.offset.inSeconds, steps: transcript.steps.count, timeline: timeline?.timeline,
            observationWork: log.conversions, transcript: transcript, observations: observed, differencesAtEnd: differences)
    }

    mutating func perform(_ step: Transcript.Step, index: Int) {
        switch step {
        case .send(let text, let wait):
            let number = sends.add()
            let engine = engine, sends = sends, scheduler = clock.scheduler
            let task = scheduler.spawn("send #\(number)") {
                let output = await engine.send(text)
                sends.finish(number)
                return output
            }
            cancellers.append { scheduler.cancel(task) }
            labels.append(nil)
            if wait {
                drive(until: { sends.isFinished(number) }, step: index, what: "send #\(number) (\"\(text)\")")
            } else {
                clock.scheduler.runUntilIdle()
            }
        case .advance(let duration):
            do {
                try clock.advance(by: duration, maxWakes: replayer.maxWakes)
            } catch {
                differences.append(
                    Difference(
                        kind: .replay, step: index, path: "advance", expected: nil, actual: nil,
                        note: "\(error)"))
            }
        case .cancel(let reference):
            let target: Int?
            switch reference {
            case .last: target = cancellers.indices.last
            case .index(let index): target = cancellers.indices.contains(index) ? index : nil
            case .label(let label): target = labels.firstIndex(of: label)
            }
            guard let target else {
                let what = transcript.kind == .agent ? "send" : "run"
                differences.append(
                    Difference(
                        kind: .replay, step: index, path: "cancel", expected: nil, actual: nil,
                        note: "there is no such \(what) (\(cancellers.count) so far)"))
                return
            }
            cancellers[target]()
            clock.scheduler.runUntilIdle()
        case .settle:
            let sends = sends
            drive(until: { sends.allFinished }, step: index, what: "every send")
        case .expect(let expectation):
            check(expectation, step: index)
        case .run(let input, let label, let session, let wait):
            guard let tooling else { return }
            let number = sends.add()
            let scheduler = clock.scheduler
            let task = tooling.start(input, label: label, session: session, number: number, scheduler: scheduler, sends: sends)
            cancellers.append { scheduler.cancel(task) }
            labels.append(label)
            if wait {
                drive(until: { [sends] in sends.isFinished(number) }, step: index, what: "run #\(number + 1) (\"\(input)\")")
            } else {
                scheduler.runUntilIdle()
            }
        case .showPacks(let packs):
            tooling?.registry.showPacks(Set(packs.map { SkillPack($0) }))
        case .setPermission(let switches):
            for item in switches { tooling?.registry.setPermission(item.granted, for: item.id) }
        }
    }

    /// Auto-advances until `condition` holds; a replay that cannot get there is a difference.
    mutating func drive(until condition: () -> Bool, step: Int?, what: String) {
        do {
            if try clock.run(until: condition, horizon: replayer.horizon, maxWakes: replayer.maxWakes) { return }
            differences.append(
                Difference(
                    kind: .replay, step: step, path: "", expected: nil, actual: nil,
                    note: "\(what) never finished: nothing is runnable and nothing sleeps"))
        } catch {
            differences.append(
                Difference(
                    kind: .replay, step: step, path: "", expected: nil, actual: nil,
                    note: "\(what) never finished: \(error)"))
        }
    }

    mutating func finish() {
        let sends = sends
        if !sends.allFinished { drive(until: { sends.allFinished }, step: nil, what: "a send still running at the end") }
        noteScriptErrors(step: nil)
        if let tooling, let conversation = transcript.toolConversation, let unplayed = tooling.unplayed(conversation) {
            differences.append(Difference(kind: .replay, step: nil, path: "model", expected: nil, actual: nil, note: unplayed))
        }
        let reported = differences.contains { $0.note?.contains("left the scheduler") == true }
        for escape in clock.scheduler.escapesSeen where !reported {
            // A skill that leaves the scheduler replays differently from run to run: never a pass.
            differences.append(
                Difference(
                    kind: .replay, step: nil, path: "", expected: nil, actual: nil,
                    note: "work left the scheduler: \(escape)"))
        }
        guard transcript.exhaustive else { return }
        for field in ObservedField.allCases where field.isLog && everChecked.contains(field) {
            let remaining = entries(of: field)[checked[field, default: 0]...]
            for (index, value) in zip(remaining.indices, remaining) {
                differences.append(
                    Difference(
                        kind: .unchecked, step: nil, path: "\(field)[\(index)]",
                        expected: nil, actual: value, note: "never expected"))
            }
        }
    }
}

@available(SkillCheckTesting, *)
extension ReplayRun {
    /// A request that departed from the model's script is a difference of the step it happened in: the
    /// conversation did not go as the transcript says.
    mutating func noteScriptErrors(step: Int?) {
        guard let tooling else { return }
        for error in tooling.scriptErrors(after: reportedScriptErrors) {
            differences.append(Difference(kind: .replay, step: step, path: "model", expected: nil, actual: nil, note: "\(error)"))
            reportedScriptErrors += 1
        }
    }
}

@available(SkillCheckTesting, *)
extension InMemoryDataStore.Operation {
    /// `save`, `read`, `list` or `delete`.
    var kind: String {
        switch self {
        case .save: "save"
        case .read: "read"
        case .list: "list"
        case .delete: "delete"
        }
    }
}
