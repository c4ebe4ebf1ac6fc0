import Foundation
import SkillEngine
import SkillKit
import SkillTesting

/// A conversation to replay through the reference engine, and what it must produce.
///
/// Format `skillcheck.transcript/1`, documented in `Scenarios/README.md`:
///
/// ```json
/// {
///   "schema": "skillcheck.transcript/1",
///   "name": "note: records a note",
///   "skills": ["note"],
///   "steps": [
///     {"send": "记一下明天下午三点开会"},
///     {"expect": {"messages": [
///       {"role": "user", "content": "记一下明天下午三点开会", "at": 0},
///       {"role": "agent", "content": "已记录：明天下午三点开会", "skillID": "note", "at": 0}
///     ], "state": "idle"}}
///   ]
/// }
/// ```
@available(SkillCheckTesting, *)
public struct Transcript: Sendable {
    /// The one schema this version reads.
    public static let format = WireFormat.transcript

    /// A skill to register, by catalogue id, optionally wrapped in a retry or a timeout.
    package struct SkillReference: Sendable {
        package var id: String
        package var retry: RetryPolicy?
        package var timeout: Duration?
        package var pointer: String
    }

    /// Engine settings; each has the seed's default.
    package struct EngineSettings: Sendable {
        package var timeout: Duration = .seconds(10)
        package var language: SkillLanguage = .zhHans
        package var policy: ConcurrencyPolicy = .cancelPrevious
        package var fallback: SkillReference?
    }

    /// A storage fault to inject.
    package enum StorageFault: Sendable {
        case failNext(Int, message: String)
        case failWhen(operation: String?, collection: String?, message: String)
    }

    /// What the fakes hold before the first step.
    package struct Fixtures: Sendable {
        package var storage: [(collection: String, documents: [(id: String, value: JSONValue)])] = []
        package var storageLatency: Duration = .zero
        package var storageFaults: [StorageFault] = []
        package var network: [NetworkStub] = []
    }

    /// Which send (or run) a `cancel` step cancels.
    package enum SendReference: Sendable, Hashable {
        case last
        case index(Int)
        /// The run with this `label` (tool-calling transcripts).
        case label(String)
    }

    /// Which engine a transcript talks to: `AgentEngine` (`"skills"`), or `ToolCallingEngine` with a
    /// scripted model (`"tools"` and `"model"`).
    package enum Kind: Sendable, Hashable {
        case agent
        case toolCalling
    }

    package enum Step: Sendable {
        /// Sends a text; with `wait`, time auto-advances until its reply is in.
        case send(String, wait: Bool)
        /// Moves virtual time forward.
        case advance(Duration)
        /// Cancels the task of a send that is still running.
        case cancel(SendReference)
        /// Auto-advances until every send has finished.
        case settle
        /// Compares what was observed with what is expected.
        case expect(Expectation)
        /// Tool-calling: starts a run of the input in the conversation (or in the named `session`); with
        /// `wait`, time auto-advances until its stream has ended.
        case run(String, label: String?, session: String?, wait: Bool)
        /// Tool-calling: shows only these skill packs from now on.
        case showPacks([String])
        /// Tool-calling: switches skills' permissions on or off, by skill id.
        case setPermission([(id: String, granted: Bool, pointer: String)])
    }

    /// What one `expect` step checks. Each field is `nil` when the step does not check it.
    package struct Expectation: Sendable {
        /// The names of the fields a step of an `AgentEngine` transcript may check, in the order error
        /// messages list them.
        package static let fields = ObservedField.agentFields.map(\.rawValue)
        /// The expected values, by field, as written (`null` for a field to be recorded).
        package var values: [(field: ObservedField, value: JSONValue)]
        package var matchers: [Matcher]
        package var pointer: String

        package func value(of field: ObservedField) -> JSONValue? {
            values.first { $0.field == field }?.value
        }
    }

    public var file: String
    package var kind: Kind = .agent
    /// The model's script, the tool skills and the engine settings of a tool-calling transcript.
    package var toolConversation: ToolConversation?
    /// The `name` member, or the file name without `.json` when there is none.
    public var name: String
    public var description: String?
    package var skills: [SkillReference]
    package var engine: EngineSettings
    package var fixtures: Fixtures
    package var steps: [Step]
    /// Matchers that apply to every `expect` step.
    package var matchers: [Matcher]
    /// Whether every message, event and request must be expected (the default).
    package var exhaustive: Bool
    /// The parsed file, for locations and for record mode.
    package var document: JSONDocument

    /// The `name` member as written, or `nil` when the transcript has none: the title reports show.
    public var title: String? {
        if case .string(let text)? = document.value["name"] { text } else { nil }
    }

    /// Reads and validates a transcript file.
    ///
    /// ```swift
    /// let transcript = try Transcript.load(contentsOf: URL(fileURLWithPath: "Scenarios/note/basic.json"))
    /// ```
    public static func load(contentsOf url: URL, displayPath: String? = nil) throws(TranscriptError) -> Transcript {
        let path = displayPath ?? url.path
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw TranscriptError(
                file: path, pointer: "", location: SourceLocation(line: 1, column: 1),
                expected: "a readable file", found: "\(error.localizedDescription)")
        }
        return try parse(data, file: path)
    }

    /// Parses and validates transcript text.
    public static func parse(_ data: Data, file: String) throws(TranscriptError) -> Transcript {
        let document = try JSONParser.parse(data, file: file)
        return try TranscriptReader(document: document).transcript()
    }
}
