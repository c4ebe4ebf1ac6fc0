import Foundation
import SkillCheckSupport
import SkillConformance
import SkillScenarios
import SkillTesting

/// Reading a ``ConformanceBaseline`` from its file (`skillcheck check --baseline FILE`).
///
/// A baselined failure (or warning) does not fail the run; a baselined rule that no longer fails does
/// ("stale"), so a baseline only shrinks. The file, `skillcheck.baseline/1`:
///
/// ```json
/// {
///   "schema": "skillcheck.baseline/1",
///   "expectedFailures": [
///     {"skill": "WeatherSkill", "rule": "ERR-1", "reason": "rethrows NetworkError until #42 lands"}
///   ]
/// }
/// ```
///
/// `skill` is a skill's type name or its id; `rule` a rule id of the catalogue (`skillcheck rules`);
/// `reason` says why the failure is accepted (required, not empty). Each skill and rule appears once.
/// Any other member, a missing one, or a wrong type is an error naming the file, the JSON pointer,
/// line:column, and what was expected.
///
/// ```swift
/// let baseline = try ConformanceBaseline.read("skillcheck-baseline.json")
/// let judged = report.judged(strict: false, baseline: baseline)
/// ```
@available(SkillCheckTesting, *)
extension ConformanceBaseline {
    /// The version of the baseline file this kit reads.
    package static let format = WireFormat.baseline

    /// Reads and checks the baseline file at `path`.
    package static func read(_ path: String, catalog: RuleCatalog = .standard) throws(UsageError) -> ConformanceBaseline {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw UsageError("cannot read the baseline \(path): \(Self.reason(error, path: path))")
        }
        do throws(TranscriptError) {
            return try parse(data, file: path, catalog: catalog)
        } catch {
            throw UsageError("baseline \(error)")
        }
    }

    /// Why `path` could not be read, in the system's words where it has some.
    static func reason(_ error: any Error, path: String) -> String {
        var info = stat()
        if stat(path, &info) != 0 { return String(cString: strerror(errno)) }
        if info.st_mode & S_IFMT == S_IFDIR { return "it is a folder, not a file" }
        if access(path, R_OK) != 0 { return String(cString: strerror(errno)) }
        return error.localizedDescription
    }

    /// Parses a baseline document; every mistake is located (file, JSON pointer, line:column).
    package static func parse(_ data: Data, file: String, catalog: RuleCatalog = .standard) throws(TranscriptError) -> ConformanceBaseline {
        let document = try JSONParser.parse(data, file: file)
        let reader = BaselineReader(document: document, catalog: catalog)
        return ConformanceBaseline(try reader.entries(), file: file)
    }
}

/// Reads a parsed baseline document, rejecting anything unknown with a located error.
@available(SkillCheckTesting, *)
struct BaselineReader {
    let document: JSONDocument
    let catalog: RuleCatalog

    func fail(_ pointer: String, expected: String, found: String) -> TranscriptError {
        TranscriptError(
            file: document.file, pointer: pointer, location: document.location(of: pointer),
            expected: expected, found: found)
    }

    func members(_ value: JSONValue, at pointer: String, allowed: [String]) throws(TranscriptError) -> [String: JSONValue] {
        guard case .object(let pairs) = value else { throw fail(pointer, expected: "an object", found: value.kind) }
        var result: [String: JSONValue] = [:]
        for (key, member) in pairs {
            guard allowed.contains(key) else {
                let near = Suggestion.nearest(to: key, among: allowed).map { " (did you mean \"\($0)\"?)" } ?? ""
                throw fail(
                    pointer + "/" + JSONParser.escape(key),
                    expected: "one of the members " + allowed.map { "\"\($0)\"" }.joined(separator: ", ") + near,
                    found: "\"\(key)\"")
            }
            result[key] = member
        }
        for key in allowed where result[key] == nil {
            throw fail(pointer, expected: "a member \"\(key)\"", found: "an object without it")
        }
        return result
    }

    func text(_ value: JSONValue?, at pointer: String, what: String) throws(TranscriptError) -> String {
        guard case .string(let text)? = value, !text.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw fail(pointer, expected: what, found: value.map { $0 == .string("") ? "an empty string" : $0.kind } ?? "nothing")
        }
        return text
    }

    func entries() throws(TranscriptError) -> [ConformanceBaseline.Entry] {
        let top = try members(document.value, at: "", allowed: ["schema", "expectedFailures"])
        guard top["schema"] == .string(ConformanceBaseline.format.id) else {
            throw fail("/schema", expected: "\"\(ConformanceBaseline.format.id)\"", found: top["schema"]?.canonical ?? "nothing")
        }
        guard case .array(let items)? = top["expectedFailures"] else {
            throw fail(
                "/expectedFailures", expected: "an array of {\"skill\", \"rule\", \"reason\"}",
                found: top["expectedFailures"]?.kind ?? "nothing")
        }
        var entries: [ConformanceBaseline.Entry] = []
        var firstIndex: [String: Int] = [:]
        for (index, item) in items.enumerated() {
            let pointer = "/expectedFailures/\(index)"
            let entry = try entry(item, at: pointer)
            let key = entry.skill + "\u{0}" + entry.rule
            if let first = firstIndex[key] {
                throw fail(
                    pointer, expected: "each skill and rule once",
                    found: "a second entry for \(entry.skill) \(entry.rule) (the first is /expectedFailures/\(first))")
            }
            firstIndex[key] = index
            entries.append(entry)
        }
        return entries
    }

    func entry(_ value: JSONValue, at pointer: String) throws(TranscriptError) -> ConformanceBaseline.Entry {
        let fields = try members(value, at: pointer, allowed: ["skill", "rule", "reason"])
        let skill = try text(fields["skill"], at: pointer + "/skill", what: "a skill's type name or id")
        let rule = try text(fields["rule"], at: pointer + "/rule", what: "a rule id such as \"CAN-2\"")
        guard catalog[rule] != nil else {
            let near = Suggestion.nearest(to: rule, among: catalog.rules.map(\.id))
            throw fail(
                pointer + "/rule",
                expected: near.map { "a rule id of the catalogue (did you mean \"\($0)\"?)" }
                    ?? "a rule id of the catalogue (see `skillcheck rules`)", found: "\"\(rule)\"")
        }
        let reason = try text(fields["reason"], at: pointer + "/reason", what: "a reason that says why this failure is accepted")
        return .init(skill: skill, rule: rule, reason: reason)
    }
}
