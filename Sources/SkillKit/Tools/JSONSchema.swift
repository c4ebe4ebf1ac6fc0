import Foundation

/// The subset of JSON Schema the kit understands.
///
/// `type` (a name, or an array of names such as `["string", "null"]` for a nullable field), `properties`,
/// `required`, `enum`, `items`, `additionalProperties` (`false`, or a schema the other fields must fit), the
/// formats (`date-time`, `date`, `time`, `duration`, `email`, `hostname`, `ipv4`, `ipv6`, `uri`, `uuid`),
/// `pattern`, and the bounds (`minimum`, `maximum` and their exclusive forms, `multipleOf`, `minLength`,
/// `maxLength`, `minItems`, `maxItems`): the part that decides what a model may send.
///
/// It does three things with a schema:
/// - ``problems(in:)`` finds mistakes in the schema itself (a `required` field that is not a property,
///   a misspelt keyword), each at its JSON pointer;
/// - `validate(_:against:)` checks arguments and throws ``SkillError/invalidInput(_:)`` naming the
///   first field that does not fit;
/// - ``example(for:)`` builds arguments that fit, for conformance checks and documentation.
///
/// ```swift
/// let schema: JSON = ["type": "object", "properties": ["days": ["type": "integer"]], "required": ["days"]]
/// try JSONSchema.validate(["days": "three"], against: schema)
/// // SkillError.invalidInput("days: expected an integer, found \"three\"")
/// ```
///
/// Arguments are also checked against `anyOf`, `allOf`, `const` and a local `$ref` (`#/$defs/Unit`), as Pydantic
/// and Zod write a nullable field or a nested model, and against `oneOf` as `anyOf` is. Other keywords of JSON
/// Schema (`uniqueItems`, ...) are accepted and not checked;
/// a keyword JSON Schema does not have is a problem, since a typo such as `requird` silently makes
/// every field optional.
public enum JSONSchema {
    /// The type names the kit checks.
    package static let types = ["object", "array", "string", "integer", "number", "boolean", "null"]

    /// One mistake in a schema.
    public struct Problem: Sendable, Hashable, CustomStringConvertible {
        /// Where, as a JSON pointer into the schema: `/properties/start/format`.
        public var pointer: String
        /// What is wrong, and what to write instead.
        public var message: String
        /// The message's fix as edits a program can make; empty when it says a person must decide
        /// (``SchemaEdit/byHand``).
        package var edits: [SchemaEdit]

        package init(pointer: String, message: String, edits: [SchemaEdit] = []) {
            self.pointer = pointer
            self.message = message
            self.edits = edits
        }

        public var description: String { "\(pointer.isEmpty ? "/" : pointer): \(message)" }
    }

    /// Keywords of JSON Schema the kit accepts without checking.
    static let otherKeywords: Set<String> = [
        "$schema", "$id", "$ref", "$defs", "definitions", "$comment", "title", "description", "default",
        "examples", "const", "uniqueItems", "contains",
        "minProperties", "maxProperties", "patternProperties", "propertyNames", "dependentRequired",
        "allOf", "anyOf", "oneOf", "not", "if", "then", "else", "nullable", "readOnly", "writeOnly",
        "deprecated", "contentEncoding", "contentMediaType", "prefixItems",
    ]
    /// The bounds ``validate(_:against:)`` checks: the keywords a provider's variant may not send.
    static let boundKeywords = [
        "minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum", "multipleOf", "minLength", "maxLength", "minItems", "maxItems",
    ]
    static let checkedKeywords = Set(
        ["type", "properties", "required", "enum", "items", "format", "pattern", "additionalProperties"] + boundKeywords)
    /// Formats JSON Schema defines; ``fits(_:format:)`` says which are checked.
    static let knownFormats: Set<String> = [
        "date-time", "date", "time", "duration", "email", "idn-email", "hostname", "idn-hostname", "ipv4",
        "ipv6", "uri", "uri-reference", "iri", "iri-reference", "uuid", "uri-template", "json-pointer",
        "relative-json-pointer", "regex",
    ]

    /// The schema's mistakes, in document order; empty for a schema the kit can check arguments against.
    ///
    /// A tool's schema must also describe an object, since a model sends arguments as one.
    public static func problems(in schema: JSON) -> [Problem] {
        var problems: [Problem] = []
        if case .object = schema, schema["type"] != nil, schema["type"] != "object" {
            problems.append(
                Problem(
                    pointer: "/type",
                    message: "a tool's arguments are an object: write \"type\": \"object\", found \(schema["type"]!.quoted)",
                    edits: [.set("type", to: "object", at: "")]))
        }
        check(schema, at: "", into: &problems)
        return problems
    }

    /// Checks `arguments` against `schema`.
    ///
    /// Throws ``SkillError/invalidInput(_:)`` naming the first field that does not fit, such as `start:
    /// expected a date-time such as "2025-04-09T00:00:00Z", found "明天"`.
    public static func validate(_ arguments: JSON, against schema: JSON) throws(SkillError) {
        if let violation = firstViolation(arguments, schema, field: "") {
            throw SkillError.invalidInput(violation)
        }
    }

    /// Parses `arguments` as JSON and checks it against `schema`; text that is not JSON is
    /// ``SkillError/invalidInput(_:)`` too.
    @discardableResult
    public static func validate(_ arguments: Data, against schema: JSON) throws(SkillError) -> JSON {
        let value: JSON
        do {
            value = try JSON(parsing: arguments)
        } catch {
            // Cut by characters, not bytes: a byte cut can end inside a character and show U+FFFD.
            let text = String(String(decoding: arguments, as: UTF8.self).prefix(60))
            throw SkillError.invalidInput("arguments are not JSON: \(text.isEmpty ? "(empty)" : text)")
        }
        try validate(value, against: schema)
        return value
    }

    /// Arguments that fit `schema`.
    ///
    /// Every required property, with its first `enum` value, a date-time for the `date-time` format,
    /// `"example"` for other strings, `1` for numbers, `true`, one item per array. A local `$ref` is followed, an
    /// `anyOf` or `oneOf` gives its first choice that is not `null`, and a recursive schema (a UI tree whose
    /// `children` are `{"$ref": "#"}`) ends in empty lists.
    public static func example(for schema: JSON) -> JSON {
        example(for: schema, root: schema, depth: 0)
    }

    private static func example(for schema: JSON, root: JSON, depth: Int) -> JSON {
        let schema = referenced(schema, in: root)
        if let values = schema["enum"], case .array(let choices) = values, let first = choices.first { return first }
        if let constant = schema["const"] { return constant }
        if schema["type"] == nil {
            for keyword in ["anyOf", "oneOf", "allOf"] {
                guard case .array(let choices)? = schema[keyword],
                    let choice = choices.first(where: { !allowsNull(referenced($0, in: root)) }) ?? choices.first
                else { continue }
                return example(for: choice, root: root, depth: depth)
            }
        }
        let deeper = depth < 6
        // Gemini's own schema writes its types in capitals (`"OBJECT"`, `"STRING"`).
        let names = typeNames(schema["type"])?.map { $0.lowercased() }
        let type = names?.first { $0 != "null" } ?? names?.first ?? (schema["properties"] != nil ? "object" : nil)
        switch type {
        case "object"?:
            var members: [String: JSON] = [:]
            let required = schema["required"].flatMap(strings) ?? []
            if case .object(let properties)? = schema["properties"] {
                for name in required { members[name] = example(for: properties[name] ?? [:], root: root, depth: depth + 1) }
            }
            return .object(members)
        case "array"?: return .array(deeper ? [example(for: schema["items"] ?? ["type": "string"], root: root, depth: depth + 1)] : [])
        case "string"?: return schema["format"] == "date-time" ? "2025-04-09T00:00:00Z" : "example"
        case "integer"?, "number"?: return 1
        case "boolean"?: return true
        case "null"?: return .null
        default: return .object([:])
        }
    }

    static func strings(_ value: JSON) -> [String]? {
        guard case .array(let items) = value else { return nil }
        let names = items.compactMap(\.stringValue)
        return names.count == items.count ? names : nil
    }
}
