import Foundation
import SkillKit
import SkillTesting

/// Arguments that violate a tool's input schema, generated from the schema (TOOL-4): text that is not
/// JSON, and, starting from arguments that fit, each required field removed, each field given a value of
/// the wrong type, a value outside an enum, a date-time that is not one, an item of the wrong type, and
/// an unknown field where `additionalProperties` is false, inside nested objects too. Only cases the schema itself rejects
/// (``JSONSchema/validate(_:against:)``) are kept, so a tool is never asked to refuse what it allows.
///
/// ```swift
/// let cases = InvalidArguments.cases(schema: tool.inputSchema, fitting: tool.sampleArguments)
/// cases.map(\.name)   // ["not JSON", "city missing", "city of the wrong type", ...]
/// ```
@available(SkillCheckTesting, *)
struct InvalidArguments: Sendable {
    /// What is wrong with them, such as `days of the wrong type`.
    var name: String
    /// The field the rejection must name; `nil` when no one field is wrong (text that is not JSON).
    var field: String?
    /// The arguments, as the text the tool receives.
    var text: String

    /// The cases for `schema`, starting from the first of `samples` that fits it (else the schema's example).
    static func cases(schema: JSON, fitting samples: [JSON]) -> [InvalidArguments] {
        let base = samples.first { (try? JSONSchema.validate($0, against: schema)) != nil } ?? JSONSchema.example(for: schema)
        guard case .object(let members) = base else {
            return [InvalidArguments(name: "not JSON", field: nil, text: "{\"")]
        }
        let text = base.text
        var cases = [InvalidArguments(name: "not JSON", field: nil, text: String(text.dropLast()))]
        let candidates = violations(of: schema, in: members, prefix: "", depth: 0) { .object($0) }
        for (name, field, arguments) in candidates where (try? JSONSchema.validate(arguments, against: schema)) == nil {
            cases.append(InvalidArguments(name: name, field: field, text: arguments.text))
        }
        return cases
    }

    /// The ways to break `members`, an object `schema` describes, as (case name, field, whole arguments):
    /// `rebuild` puts a changed object back where it sits in the arguments. Fields that are objects with
    /// fields of their own are broken inside too, named by their path (`filter.tags`), as
    /// ``JSONSchema/validate(_:against:)`` names them.
    private static func violations(
        of schema: JSON, in members: [String: JSON], prefix: String, depth: Int,
        rebuild: ([String: JSON]) -> JSON
    ) -> [(String, String, JSON)] {
        let properties: [(String, JSON)] =
            if case .object(let map)? = schema["properties"] {
                map.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
            } else { [] }
        func with(_ name: String, _ value: JSON?) -> JSON {
            var changed = members
            changed[name] = value
            return rebuild(changed)
        }
        var candidates: [(String, String, JSON)] = []
        let required: [String] = if case .array(let names)? = schema["required"] { names.compactMap(\.stringValue) } else { [] }
        for name in required {
            candidates.append(("\(prefix)\(name) missing", prefix + name, with(name, nil)))
        }
        for (name, property) in properties {
            let field = prefix + name
            if let type = property["type"]?.stringValue, let wrong = wrongValue(for: type) {
                candidates.append(("\(field) of the wrong type", field, with(name, wrong)))
            }
            if case .array(let choices)? = property["enum"] {
                let outside: JSON = choices.allSatisfy { $0.stringValue != nil } ? "zq-skillcheck-not-an-option" : 987_654_321
                candidates.append(("\(field) outside its enum", field, with(name, outside)))
            }
            if property["format"] == "date-time" {
                candidates.append(("\(field) not a date-time", field, with(name, "明天下午三点")))
            }
            if property["type"] == "array", let itemType = property["items"]?["type"]?.stringValue, let wrong = wrongValue(for: itemType) {
                candidates.append(("\(field) with an item of the wrong type", field, with(name, [wrong])))
            }
            // A nested object: broken inside, starting from the sample's value, else one that fits.
            if property["type"] == "object", property["properties"] != nil, depth < maxDepth {
                let nested: [String: JSON]? =
                    if case .object(let inner)? = members[name] {
                        inner
                    } else if case .object(let inner) = JSONSchema.example(for: property) {
                        inner
                    } else { nil }
                if let nested {
                    candidates += violations(of: property, in: nested, prefix: field + ".", depth: depth + 1) { with(name, .object($0)) }
                }
            }
        }
        if schema["additionalProperties"] == false {
            let field = prefix + "zq_skillcheck_unknown"
            candidates.append(
                (
                    prefix.isEmpty ? "an unknown field" : "an unknown field in \(prefix.dropLast())", field,
                    with("zq_skillcheck_unknown", 1)
                ))
        }
        return candidates
    }

    /// How deep into nested objects the cases go.
    static let maxDepth = 4

    /// A value that is not of `type`.
    static func wrongValue(for type: String) -> JSON? {
        switch type {
        case "string": 42
        case "integer", "number": "three"
        case "boolean": "yes"
        case "array": "not a list"
        case "object": "not an object"
        case "null": 1
        default: nil
        }
    }
}

@available(SkillCheckTesting, *)
extension SkillConformance {
    /// TOOL-4: each case of ``InvalidArguments`` with working fakes. Also returns the SkillErrors seen, for ERR-3.
    static func invalidArgumentFindings(_ input: ConformanceCheck.Input) async -> (findings: [Finding], errors: [(String, SkillError)]) {
        guard let tool = input.skill.tool(in: .virtual(clock: VirtualClock())) else { return (notATool(input, rule: "TOOL-4"), []) }
        var findings: [Finding] = []
        var errors: [(String, SkillError)] = []
        for invalid in InvalidArguments.cases(schema: tool.inputSchema, fitting: tool.sampleArguments) {
            let subject = "\(invalid.name): arguments \(quoted(invalid.text))"
            let expected = "SkillError.invalidInput" + (invalid.field.map { " naming \(quoted($0))" } ?? "")
            switch await Probe.run(
                input.skill, input: SkillInput(rawText: invalid.text), limits: input.limits, setUp: InjectedFault.healthy)
            {
            case .failure(let failure):
                findings.append(input.unended("TOOL-4", subject: subject, expected: expected, failure))
            case .success(let probe):
                var outcome = Finding.Outcome.failed
                var observed = describe(probe)
                if case .threw(let thrown) = probe.ending, let error = thrown.skillError {
                    errors.append((subject, error))
                    if case .invalidInput(let reason) = error {
                        if let field = invalid.field, !reason.contains(field) {
                            observed += ", whose reason does not name \(quoted(field))"
                        } else {
                            outcome = .passed
                        }
                    }
                }
                findings.append(
                    input.finding("TOOL-4", outcome, subject: subject, expected: expected, observed: observed, run: probe.timeline))
            }
        }
        return (findings, errors)
    }
}
