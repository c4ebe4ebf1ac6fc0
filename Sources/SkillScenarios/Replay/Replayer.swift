import Foundation
import SkillCheckSupport
import SkillEngine
import SkillKit
import SkillTesting

/// Replays transcripts through the reference engine on virtual time and compares what it observes.
///
/// Each replay builds an `AgentEngine` over `InMemoryDataStore`,
/// `FakeNetworkService` and a fresh `VirtualClock`, and drives it
/// synchronously on the clock's deterministic scheduler: the same transcript gives the same result
/// every run, in microseconds.
///
/// ```swift
/// let replayer = Replayer(skills: MySkills.skills)
/// let result = try replayer.replay(try Transcript.load(contentsOf: url))
/// #expect(result.passed, "\(result.report)")
/// ```
@available(SkillCheckTesting, *)
public struct Replayer: Sendable {
    /// The skills a transcript can name, by id.
    package let skills: [String: any AgentSkill]
    /// How far virtual time may move in one replay, and how many sleepers may wake: bounds on a
    /// transcript that never ends.
    public var horizon: Duration = .seconds(86_400 * 365)
    public var maxWakes = 200_000
    /// Whether each replay records its ``ReplayResult/timeline`` (the HTML report draws it).
    package var recordsTimeline = false

    /// Each id that skills of different types share, with their types' names: a transcript that names
    /// one cannot say which skill it means, so it is an error (the skills break META-2).
    package let sharedIDs: [String: [String]]

    /// The tool skills a tool-calling transcript can name, by id: each made for a replay's context.
    package let tools: [String: @Sendable (SkillContext) -> any ToolSkill]

    /// The app's tool-calling setup, when the replayer was given one: a replay runs the engine as the app
    /// configures it now, and a difference from what the transcript recorded fails it.
    package private(set) var setup: ToolSetup?

    /// A replayer for the tool-calling transcripts of an app set up as `setup`.
    ///
    /// Give it the setup the transcripts were recorded with (``SessionRecorder``), and `skills` for
    /// transcripts that name skills.
    ///
    /// ```swift
    /// let result = try Replayer(setup).replay(try Transcript.load(contentsOf: url))
    /// #expect(result.passed, "\(result.report)")
    /// ```
    public init(_ setup: ToolSetup, skills: [any AgentSkill] = []) {
        self.init(skills: skills, tools: setup.tools)
        self.setup = setup
    }

    /// A replayer for transcripts that name `skills`, and tool-calling transcripts that name `tools`
    /// (by default this kit's `ScenarioTools`).
    public init(skills: [any AgentSkill], tools: [@Sendable (SkillContext) -> any ToolSkill] = ScenarioTools.all) {
        var makers: [String: @Sendable (SkillContext) -> any ToolSkill] = [:]
        let probe = SkillContext.virtual(clock: VirtualClock())
        for make in tools {
            let id = make(probe).id
            if makers[id] == nil { makers[id] = make }
        }
        self.tools = makers
        var byID: [String: any AgentSkill] = [:]
        var types: [String: [String]] = [:]
        for skill in skills {
            if byID[skill.id] == nil { byID[skill.id] = skill }
            let type = String(reflecting: Swift.type(of: skill))
            if types[skill.id]?.contains(type) != true { types[skill.id, default: []].append(type) }
        }
        self.skills = byID
        sharedIDs = types.filter { $0.value.count > 1 }
    }

    /// Replays `transcript`.
    ///
    /// Throws only for a transcript that names something the replayer does not have (an unknown skill id) or a
    /// matcher whose pointer names no value (a typo, an index out of range); every behavioural difference is in
    /// the result.
    ///
    /// Under `recordMode` `.never` (the default, as in CI) an expectation left `null` or an empty
    /// `expect` step is a difference of kind ``Difference/Kind/unrecorded``: nothing was checked there.
    /// Under the other modes it is listed in ``ReplayResult/unrecorded`` for record mode to fill in.
    ///
    /// ```swift
    /// let result = try Replayer(skills: MySkills.skills).replay(transcript, recordMode: .missing)
    /// if result.passed && result.hasMissingExpectations { /* write result.actual */ }
    /// ```
    public func replay(_ transcript: Transcript, recordMode: RecordMode = .never) throws(TranscriptError) -> ReplayResult {
        var run = try ReplayRun(transcript: transcript, replayer: self, recordMode: recordMode)
        return try run.replay()
    }

    func resolve(_ reference: Transcript.SkillReference, in transcript: Transcript) throws(TranscriptError) -> any AgentSkill {
        guard let skill = skills[reference.id] else {
            let known = skills.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
            throw TranscriptError(
                file: transcript.file, pointer: reference.pointer,
                location: transcript.document.location(of: reference.pointer),
                expected: "a skill id the catalogue has (\(known))", found: "\"\(reference.id)\"")
        }
        if let types = sharedIDs[reference.id] {
            throw TranscriptError(
                file: transcript.file, pointer: reference.pointer,
                location: transcript.document.location(of: reference.pointer),
                expected: "a skill id that one skill has",
                found: "\"\(reference.id)\", the id of \(types.count) skills (\(types.joined(separator: ", "))); "
                    + "give each its own id (META-2)")
        }
        var resolved: any AgentSkill = skill
        if let retry = reference.retry { resolved = Self.retrying(resolved, retry) }
        if let timeout = reference.timeout { resolved = Self.timed(resolved, timeout) }
        return resolved
    }

    /// Makes the tool skill a tool-calling transcript names, for the replay's context.
    func resolve(
        _ reference: ToolConversation.ToolReference, in transcript: Transcript, context: SkillContext
    )
        throws(TranscriptError) -> any ToolSkill
    {
        guard let make = tools[reference.id] else {
            let known = tools.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
            let guess = Suggestion.nearest(to: reference.id, among: tools.keys.sorted()).map { "; did you mean \"\($0)\"?" } ?? ""
            throw TranscriptError(
                file: transcript.file, pointer: reference.pointer,
                location: transcript.document.location(of: reference.pointer),
                expected: "a tool skill id the catalogue has (\(known))", found: "\"\(reference.id)\"\(guess)")
        }
        return make(context)
    }

    static func retrying(_ skill: some AgentSkill, _ policy: RetryPolicy) -> any AgentSkill {
        RetryingSkill(skill, policy: policy)
    }

    static func timed(_ skill: some AgentSkill, _ limit: Duration) -> any AgentSkill {
        TimeoutSkill(skill, limit: limit)
    }
}

/// Whether each send has finished, shared with the send tasks. Every question is answered in
/// constant time: a replay asks after each scheduler step.
@available(SkillCheckTesting, *)
final class SendLog: Sendable {
    private let state = Locked<(finished: [Bool], running: Int)>(([], 0))

    func add() -> Int {
        state.withLock { state in
            state.finished.append(false)
            state.running += 1
            return state.finished.count - 1
        }
    }

    func finish(_ index: Int) {
        state.withLock { state in
            guard !state.finished[index] else { return }
            state.finished[index] = true
            state.running -= 1
        }
    }

    func isFinished(_ index: Int) -> Bool { state.withLock { $0.finished[index] } }
    var allFinished: Bool { state.withLock { $0.running == 0 } }
}
