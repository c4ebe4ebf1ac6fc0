import Foundation
import SkillKit
import SkillTesting

/// Arguments that violate a tool's input schema, generated from the schema (TOOL-4): text that is not
/// JSON, and, starting from arguments that fit, each required field removed, each field given a value of
/// the wrong type, a value outside an enum, a date-time that is not one, an item of the wrong type, and
/// an unknown field where `additionalProperties` is false, a value just outside each stated bound (the bounds a strict
/// provider's variant does not send, so a model may send such a value), inside nested objects too. Only cases the
/// schema itself rejects (``JSONSchema/validate(_:against:)``) are kept, so a tool is never asked to refuse what it allows.
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
    /// Whether the one thing wrong is a value just outside a stated bound (`days below its minimum 1`), a
    /// `pattern` or a format other than `date-time` (what a provider's variant may not send): a tool may answer
    /// it with a result (clamping, say) as well as refuse it, but must not trap or throw another error.
    var outsideConstraint = false

    /// The cases for `schema`, starting from the first of `samples` that fits it (else the schema's example).
    static func cases(schema: JSON, fitting samples: [JSON]) -> [InvalidArguments] {
        let base = samples.first { (try? JSONSchema.validate($0, against: schema)) != nil } ?? JSONSchema.example(for: schema)
        guard case .object(let members) = base else {
            return [InvalidArguments(name: "not JSON", field: nil, text: "{\"")]
        }
        let text = base.text
        var cases = [InvalidArguments(name: "not JSON", field: nil, text: String(text.dropLast()))]
        let candidates = violations(of: schema, in: members, prefix: "", depth: 0, root: schema) { .object($0) }
        for (name, field, arguments, outsideConstraint) in candidates where (try? JSONSchema.validate(arguments, against: schema)) == nil {
            cases.append(InvalidArguments(name: name, field: field, text: arguments.text, outsideConstraint: outsideConstraint))
        }
        return cases
    }

    /// Values just outside the bounds `property` states, or outside its `pattern` or format, each with its case name
    /// (`below its minimum 1`, `not a uri`), starting from `value`, the sample's (or an example that fits).
    static func outsideConstraints(of property: JSON, value: JSON) -> [(String, JSON)] {
        guard case .object(let members) = property else { return [] }
        func number(_ keyword: String) -> Double? {
            if case .number(let number)? = members[keyword] { number } else { nil }
        }
        func count(_ keyword: String) -> Int? {
            ValidArguments.Generator.count(members[keyword]).flatMap { $0 <= ValidArguments.longest ? $0 : nil }
        }
        let types = ValidArguments.Generator.types(members)
        var cases: [(String, JSON)] = []
        if types.contains("integer") || types.contains("number") {
            let integer = !types.contains("number")
            let show = { (bound: Double) in JSON.number(bound).text }
            if let least = number("minimum") {
                if members["exclusiveMinimum"] == .bool(true) {
                    cases.append(("at its exclusive minimum \(show(least))", .number(integer ? least.rounded(.down) : least)))
                } else {
                    cases.append(("below its minimum \(show(least))", .number(integer ? least.rounded(.up) - 1 : least - 1)))
                }
            }
            if let least = number("exclusiveMinimum") {
                cases.append(("at its exclusive minimum \(show(least))", .number(integer ? least.rounded(.down) : least)))
            }
            if let most = number("maximum") {
                if members["exclusiveMaximum"] == .bool(true) {
                    cases.append(("at its exclusive maximum \(show(most))", .number(integer ? most.rounded(.up) : most)))
                } else {
                    cases.append(("above its maximum \(show(most))", .number(integer ? most.rounded(.down) + 1 : most + 1)))
                }
            }
            if let most = number("exclusiveMaximum") {
                cases.append(("at its exclusive maximum \(show(most))", .number(integer ? most.rounded(.up) : most)))
            }
        }
        if types.contains("string") {
            if let format = members["format"]?.stringValue, format != "date-time",
                JSONSchema.fits("not a \(format)", format: format) == false
            {
                cases.append(("not a \(format)", .string("not a \(format)")))
            }
            if let pattern = members["pattern"]?.stringValue,
                let outside = ["", "zq skillcheck 0", "0", "zq"].first(where: { JSONSchema.matches($0, pattern) == false })
            {
                cases.append(("not matching its pattern", .string(outside)))
            }
            func text(_ length: Int) -> JSON { .string(ValidArguments.Generator.text(from: value.stringValue ?? "", length: length)) }
            if let least = count("minLength"), least > 0 { cases.append(("shorter than its least length \(least)", text(least - 1))) }
            if let most = count("maxLength") { cases.append(("longer than its most length \(most)", text(most + 1))) }
        }
        if types.contains("array") {
            let items: [JSON] = if case .array(let items) = value { items } else { [] }
            let first = items.first ?? JSONSchema.example(for: members["items"] ?? ["type": "string"])
            if let least = count("minItems"), least > 0 {
                cases.append(
                    (
                        "with fewer than its least \(least) items",
                        .array(Array(items.prefix(least - 1)) + Array(repeating: first, count: max(0, least - 1 - items.count)))
                    ))
            }
            if let most = count("maxItems") {
                cases.append(
                    (
                        "with more than its most \(most) items",
                        .array(items + Array(repeating: first, count: max(0, most + 1 - items.count)))
                    ))
            }
        }
        return cases
    }

    /// The ways to break `members`, an object `schema` describes, as (case name, field, whole arguments):
    /// `rebuild` puts a changed object back where it sits in the arguments. Fields that are objects with
    /// fields of their own are broken inside too, named by their path (`filter.tags`), as
    /// ``JSONSchema/validate(_:against:)`` names them.
    private static func violations(
        of schema: JSON, in members: [String: JSON], prefix: String, depth: Int, root: JSON,
        rebuild: ([String: JSON]) -> JSON
    ) -> [(String, String, JSON, Bool)] {
        let properties: [(String, JSON)] =
            if case .object(let map)? = schema["properties"] {
                map.sorted { $0.key < $1.key }.map { ($0.key, effective($0.value, root: root)) }
            } else { [] }
        func with(_ name: String, _ value: JSON?) -> JSON {
            var changed = members
            changed[name] = value
            return rebuild(changed)
        }
        var candidates: [(String, String, JSON, Bool)] = []
        let required: [String] = if case .array(let names)? = schema["required"] { names.compactMap(\.stringValue) } else { [] }
        for name in required {
            candidates.append(("\(prefix)\(name) missing", prefix + name, with(name, nil), false))
        }
        for (name, property) in properties {
            let field = prefix + name
            if let type = property["type"]?.stringValue, let wrong = wrongValue(for: type) {
                candidates.append(("\(field) of the wrong type", field, with(name, wrong), false))
            }
            if case .array(let choices)? = property["enum"] {
                let outside: JSON = choices.allSatisfy { $0.stringValue != nil } ? "zq-skillcheck-not-an-option" : 987_654_321
                candidates.append(("\(field) outside its enum", field, with(name, outside), false))
            }
            if property["format"] == "date-time" {
                candidates.append(("\(field) not a date-time", field, with(name, "明天下午三点"), false))
            }
            if property["type"] == "array", let itemType = property["items"]?["type"]?.stringValue, let wrong = wrongValue(for: itemType) {
                candidates.append(("\(field) with an item of the wrong type", field, with(name, [wrong]), false))
            }
            let value = members[name].flatMap { $0 == .null ? nil : $0 } ?? JSONSchema.example(for: property)
            for (what, outside) in outsideConstraints(of: property, value: value) {
                candidates.append(("\(field) \(what)", field, with(name, outside), true))
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
                    candidates += violations(of: property, in: nested, prefix: field + ".", depth: depth + 1, root: root) {
                        with(name, .object($0))
                    }
                }
            }
        }
        if schema["additionalProperties"] == false {
            let field = prefix + "zq_skillcheck_unknown"
            candidates.append(
                (
                    prefix.isEmpty ? "an unknown field" : "an unknown field in \(prefix.dropLast())", field,
                    with("zq_skillcheck_unknown", 1), false
                ))
        }
        return candidates
    }

    /// `property` as the cases break it: a local `$ref` followed, and a nullable union of one type (Pydantic's
    /// `Optional[X]`, `"anyOf": [X, {"type": "null"}]`) read as X, so that X's enum, type and bounds are broken too.
    static func effective(_ property: JSON, root: JSON) -> JSON {
        guard case .object(var members) = JSONSchema.referenced(property, in: root) else { return property }
        for keyword in ["anyOf", "oneOf"] {
            guard case .array(let choices)? = members[keyword] else { continue }
            let kept = choices.filter { $0 != ["type": "null"] }
            guard kept.count == 1, case .object(let choice) = JSONSchema.referenced(kept[0], in: root) else { continue }
            members[keyword] = nil
            members.merge(choice) { $1 }
        }
        return .object(members)
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
        // Asked once, and only of a constraint case that failed after reaching the fakes.
        var unfit: String?? = nil
        for invalid in InvalidArguments.cases(schema: tool.inputSchema, fitting: tool.sampleArguments) {
            let subject = "\(invalid.name): arguments \(quoted(invalid.text))"
            let expected =
                "SkillError.invalidInput" + (invalid.field.map { " naming \(quoted($0))" } ?? "")
                + (invalid.outsideConstraint ? ", or a result (a SHOULD: refusing is better); never another error or a trap" : "")
            switch await Probe.run(
                input.skill, input: SkillInput(rawText: invalid.text), limits: input.limits, setUp: nil)
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
                if invalid.outsideConstraint, outcome == .failed {
                    if case .output = probe.ending {
                        outcome = .warning
                        observed +=
                            "; the schema says this value is invalid, and a provider's variant may not send this constraint, so a "
                            + "model may send it: refuse it with SkillError.invalidInput\(invalid.field.map { " naming \(quoted($0))" } ?? "") "
                            + "(decodeArguments does), or drop the constraint if the tool means to take the value"
                    } else if probe.requestCount > 0 || !probe.storeLog.isEmpty {
                        if unfit == nil { unfit = .some(await fakesUnfit(input, sample: tool.sampleArguments.first?.text)) }
                        if let reason = unfit ?? nil {
                            outcome = .skipped(reason: reason)
                            observed += "; " + reason
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
