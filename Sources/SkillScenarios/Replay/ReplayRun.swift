import Foundation
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
    let sends = SendLog()
    var tasks: [Task<SkillOutput, Never>] = []

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

    init(transcript: Transcript, replayer: Replayer, recordMode: RecordMode = .never) throws(TranscriptError) {
        self.transcript = transcript
        self.replayer = replayer
        self.recordMode = recordMode
        if transcript.kind == .toolCalling { // PENDING: ToolCallingEngine
            throw TranscriptError(file: transcript.file, pointer: "/model", location: transcript.document.location(of: "/model"),
                                  expected: "an AgentEngine transcript (tool-calling transcripts need ToolCallingEngine)", found: "a model script")
        }
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
            configuration: .init(timeout: settings.timeout, concurrencyPolicy: settings.policy,
                                 catalog: .builtIn(settings.language), messageIDs: .sequential())
        )
        for reference in transcript.skills { engine.register(try replayer.resolve(reference, in: transcript)) }
        if let fallback = settings.fallback { engine.fallbackSkill = try replayer.resolve(fallback, in: transcript) }
    }

    mutating func replay() throws(TranscriptError) -> ReplayResult {
        for (index, step) in transcript.steps.enumerated() {
            perform(step, index: index)
        }
        finish()
        if let error = unusedMatcher() { throw error }
        if !transcript.steps.contains(where: { if case .expect = $0 { true } else { false } }) {
            // Record mode fills in expect steps; it cannot add one, so this fails in every mode.
            differences.append(Difference(
                kind: .unrecorded, step: nil, path: "", expected: nil, actual: nil,
                note: "the transcript has no expect step, so it checks nothing; add {\"expect\": {}} after the sends, "
                    + "then run `swift run skillcheck scenarios --record missing \(transcript.file)`"))
        }
        return ReplayResult(
            name: transcript.name, file: transcript.file, differences: differences, actual: actualTranscript(),
            hasMissingExpectations: !unrecorded.isEmpty, unrecorded: unrecorded,
            virtualSeconds: DurationText.seconds(clock.now.offset), steps: transcript.steps.count,
            observationWork: log.conversions, transcript: transcript, observations: observed)
    }

    mutating func perform(_ step: Transcript.Step, index: Int) {
        switch step {
        case .send(let text, let wait):
            let number = sends.add()
            let engine = engine, sends = sends
            tasks.append(clock.scheduler.spawn("send #\(number)") {
                let output = await engine.send(text)
                sends.finish(number)
                return output
            })
            if wait { drive(until: { sends.isFinished(number) }, step: index, what: "send #\(number) (\"\(text)\")") }
            else { clock.scheduler.runUntilIdle() }
        case .advance(let duration):
            do {
                try clock.advance(by: duration, maxWakes: replayer.maxWakes)
            } catch {
                differences.append(Difference(kind: .replay, step: index, path: "advance", expected: nil, actual: nil,
                                              note: "\(error)"))
            }
        case .cancel(let reference):
            let target: Int?
            switch reference {
            case .last: target = tasks.indices.last
            case .index(let index): target = tasks.indices.contains(index) ? index : nil
            case .label: target = nil
            }
            guard let target else {
                differences.append(Difference(kind: .replay, step: index, path: "cancel", expected: nil, actual: nil,
                                              note: "there is no such send (\(tasks.count) so far)"))
                return
            }
            clock.scheduler.cancel(tasks[target])
            clock.scheduler.runUntilIdle()
        case .settle:
            let sends = sends
            drive(until: { sends.allFinished }, step: index, what: "every send")
        case .expect(let expectation):
            check(expectation, step: index)
        case .run, .showPacks, .setPermission:
            break // PENDING: ToolCallingEngine
        }
    }

    /// Auto-advances until `condition` holds; a replay that cannot get there is a difference.
    mutating func drive(until condition: () -> Bool, step: Int?, what: String) {
        do {
            if try clock.run(until: condition, horizon: replayer.horizon, maxWakes: replayer.maxWakes) { return }
            differences.append(Difference(kind: .replay, step: step, path: "", expected: nil, actual: nil,
                                          note: "\(what) never finished: nothing is runnable and nothing sleeps"))
        } catch {
            differences.append(Difference(kind: .replay, step: step, path: "", expected: nil, actual: nil,
                                          note: "\(what) never finished: \(error)"))
        }
    }

    mutating func finish() {
        let sends = sends
        if !sends.allFinished { drive(until: { sends.allFinished }, step: nil, what: "a send still running at the end") }
        let reported = differences.contains { $0.note?.contains("left the scheduler") == true }
        for escape in clock.scheduler.escapes where !reported {
            // A skill that leaves the scheduler replays differently from run to run: never a pass.
            differences.append(Difference(kind: .replay, step: nil, path: "", expected: nil, actual: nil,
                                          note: "work left the scheduler: \(escape)"))
        }
        guard transcript.exhaustive else { return }
        for field in ObservedField.allCases where field.isLog && everChecked.contains(field) {
            let remaining = entries(of: field)[checked[field, default: 0]...]
            for (index, value) in zip(remaining.indices, remaining) {
                differences.append(Difference(kind: .unchecked, step: nil, path: "\(field)[\(index)]",
                                              expected: nil, actual: value, note: "never expected"))
            }
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
