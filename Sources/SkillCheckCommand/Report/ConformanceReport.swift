import Foundation
import SkillConformance
import SkillTesting

/// What `skillcheck check` found: one verdict per skill and rule, each stage's status, and the summary the exit status comes from.
///
/// Its JSON form (`--format json`) is the versioned schema `skillcheck.report/1`, which this type reads back.
///
/// ## The schema `skillcheck.report/1`
///
/// ```json
/// {
///   "schema": "skillcheck.report/1",
///   "package": {"path": "/home/me/NotePackage", "name": "NotePackage"},
///   "strict": false,
///   "stages": [
///     {"stage": "static", "status": "ran", "diagnostics": []},
///     {"stage": "conformance", "status": "ran", "diagnostics": []},
///     {"stage": "race", "status": "skipped", "reason": "--no-tsan", "diagnostics": []}
///   ],
///   "skills": [{
///     "type": "NoteSkill", "id": "note",
///     "results": [{
///       "rule": "CAN-2", "category": "cancellation", "level": "MUST", "outcome": "failed", "checks": 3,
///       "message": "execute cancelled after 1 s: expected ends within 5 s of virtual time, observed still running",
///       "findings": [{"outcome": "failed", "subject": "execute cancelled after 1 s",
///                     "expected": "ends within 5 s of virtual time", "observed": "still running"}],
///       "fix": "Usual cause: ... Fix: ... For example: ..."
///     }]
///   }],
///   "stale": [],
///   "summary": {"passed": 21, "failed": 1, "warnings": 0, "skipped": 0, "notApplicable": 0,
///               "baselined": 0, "stale": 0, "exitStatus": 1}
/// }
/// ```
///
/// - `package`: the checked package's absolute `path`, and its `name` when known.
/// - `stages[]`: `stage` is `static`, `conformance` or `race`; `status` is `ran`, `skipped` (with a
///   `reason`, such as `--no-tsan`), `build-failed` (with the compiler's error lines in `diagnostics`)
///   or `error` (the stage could not finish: `reason` says why). A stage that did not run proves nothing.
/// - `skills[]`: `type` is the Swift type name, `id` the skill's `id`; `problem`, when present, says why
///   the skill could not be checked at all (such as a type with no public `init()`): it fails the run.
/// - `results[]`: one per rule. `category` is one of `sendable`, `cancellation`, `errors`, `metadata`,
///   `time`, `crash`, `hang`, `tools`; `level` `MUST` or `SHOULD`; `outcome` one of `passed`, `failed` (a MUST
///   rule broken), `warning` (a SHOULD rule broken), `skipped` (not checked: `message` says why; never a
///   pass), `not-applicable`. `checks` counts the findings behind the verdict, and `findings` keeps each
///   one that was not a pass (subject, expected, observed, `seed` when randomness was used); `message`
///   sums them up in one text, and `fix` is the rule's troubleshooting when it failed or warned.
///   `baseline`, when present, is the reason a `--baseline` file gives for a known failure.
/// - `stale[]`: baseline entries whose rule no longer fails (`skill`, `rule`, `reason`, `why`): each
///   fails the run, so that a baseline only shrinks.
/// - `summary`: counts of results by outcome (`baselined` counts failures the baseline expects, left out
///   of `failed`/`warnings`) and the `exitStatus`: 0 when no MUST rule fails, 1 when one does (or a
///   SHOULD rule under `--strict`, a stale baseline entry, a skill with a `problem`), 2 when a stage
///   failed to build or could not finish, or nothing was checked (no skill, or every result `skipped`).
///
/// A new member may appear within version 1; a change of meaning gets a new schema version.
///
/// ```swift
/// // skillcheck --format json --output skillcheck.json Examples/ReferenceSkills
/// let report = try ConformanceReport.decode(Data(contentsOf: URL(fileURLWithPath: "skillcheck.json")))   // refuses another schema
/// print(report.skills.map(\.id), report.summary.failed)
/// let json = try report.json()   // the same document again
/// ```
@available(SkillCheckTesting, *)
public struct ConformanceReport: Sendable, Codable, Hashable {
    public static let format = WireFormat.report

    public var schema: String
    public var package: Package
    /// Whether SHOULD warnings fail the run (`--strict`).
    public var strict: Bool
    public var stages: [StageResult]
    public var skills: [SkillReport]
    public var stale: [StaleEntry]
    /// The share of the skills this report covers (`--shard`), or `nil` for all of them.
    package var shard: Shard?

    package init(package: Package, stages: [StageResult], skills: [SkillReport], strict: Bool = false) {
        schema = Self.format.id
        self.package = package
        self.strict = strict
        self.stages = stages
        self.skills = skills
        stale = []
    }

    /// The package a report is about.
    public struct Package: Sendable, Codable, Hashable {
        public var path: String
        public var name: String?

        package init(path: String, name: String? = nil) {
            self.path = path
            self.name = name
        }
    }

    /// A baseline entry whose failure is gone: the baseline must lose it.
    public struct StaleEntry: Sendable, Codable, Hashable {
        public var skill: String
        public var rule: String
        public var reason: String
        /// What was found instead of the expected failure.
        public var why: String

        package init(skill: String, rule: String, reason: String, why: String) {
            self.skill = skill
            self.rule = rule
            self.reason = reason
            self.why = why
        }
    }
}

@available(SkillCheckTesting, *)
extension ConformanceReport {
    /// A report in another schema than the one this kit reads.
    package struct SchemaMismatch: Error, CustomStringConvertible {
        package var found: String
        package var description: String {
            "report has schema \"\(found)\", expected \"\(ConformanceReport.format.id)\""
        }
    }

    /// The JSON form: two-space indents, sorted keys, ending with a newline.
    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
    }

    /// Reads a report back, refusing one written for another schema.
    public static func decode(_ data: Data) throws -> ConformanceReport {
        struct Header: Decodable { var schema: String }
        let header = try JSONDecoder().decode(Header.self, from: data)
        guard header.schema == format.id else { throw SchemaMismatch(found: header.schema) }
        return try JSONDecoder().decode(ConformanceReport.self, from: data)
    }

    /// The stage called `name`, if the report has it.
    public func stage(_ name: StageResult.Stage) -> StageResult? { stages.first { $0.stage == name } }
}
