import Foundation
import SkillKit
import SkillTesting

/// Arguments that violate a tool's input schema, generated from the schema (TOOL-4): text that is not
/// JSON, and, starting from arguments that fit, each required field removed, each field given a value of
/// the wrong type, a value outside an enum, a date-time that is not one, an item of the wrong type, and
/// an unknown field where `additionalProperties` is false. Only cases the schema itself rejects
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
        let properties: [(String, JSON)] = if case .object(let map)? = schema["properties"] {
            map.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        } else { [] }
        func with(_ name: String, _ value: JSON?) -> JSON {
            var changed = members
            changed[name] = value
            return .object(changed)
        }
        var candidates: [(String, String, JSON)] = []
        let required: [String] = if case .array(let names)? = schema["required"] { names.compactMap(\.stringValue) } else { [] }
        for name in required {
            candidates.append(("\(name) missing", name, with(name, nil)))
        }
        for (name, property) in properties {
            if let type = property["type"]?.stringValue, let wrong = wrongValue(for: type) {
                candidates.append(("\(name) of the wrong type", name, with(name, wrong)))
            }
            if case .array(let choices)? = property["enum"] {
                let outside: JSON = choices.allSatisfy { $0.stringValue != nil } ? "zq-skillcheck-not-an-option" : 987_654_321
                candidates.append(("\(name) outside its enum", name, with(name, outside)))
            }
            if property["format"] == "date-time" {
                candidates.append(("\(name) not a date-time", name, with(name, "明天下午三点")))
            }
            if property["type"] == "array", let itemType = property["items"]?["type"]?.stringValue, let wrong = wrongValue(for: itemType) {
                candidates.append(("\(name) with an item of the wrong type", name, with(name, [wrong])))
            }
        }
        if schema["additionalProperties"] == false {
            candidates.append(("an unknown field", "zq_skillcheck_unknown", with("zq_skillcheck_unknown", 1)))
        }
        for (name, field, arguments) in candidates where (try? JSONSchema.validate(arguments, against: schema)) == nil {
            cases.append(InvalidArguments(name: name, field: field, text: arguments.text))
        }
        return cases
    }

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
            switch await Probe.run(input.skill, input: SkillInput(rawText: invalid.text), limits: input.limits, setUp: InjectedFault.healthy) {
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
                findings.append(input.finding("TOOL-4", outcome, subject: subject, expected: expected, observed: observed))
            }
        }
        return (findings, errors)
    }
}
