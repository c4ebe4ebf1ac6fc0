import Foundation

extension JSONSchema {
    /// `schema` as `dialect` takes it, and what that costs.
    ///
    /// - `jsonSchema`: as written.
    /// - `openAIStrict`, `anthropicStrict`: every object gets `"additionalProperties": false` and all its
    ///   properties in `required`; a property that was optional becomes nullable (`"type": [T, "null"]`,
    ///   `null` added to its `enum`, or `anyOf` with `{"type": "null"}`), so the model sends `null` for
    ///   "not given". `oneOf` becomes `anyOf`; keywords the mode refuses are dropped, each a loss.
    /// - `geminiParameters`: `"type": [T, "null"]` becomes `"type": T, "nullable": true`;
    ///   `additionalProperties`, `$schema`, `$id` go; local `$ref`s are inlined; `const` becomes a one-value
    ///   `enum`; `oneOf` becomes `anyOf`; keywords it refuses are dropped, each a loss.
    ///
    /// ```swift
    /// let schema: JSON = ["type": "object", "properties": ["unit": ["type": "string", "enum": ["c", "f"]]]]
    /// JSONSchema.variant(of: schema, for: .openAIStrict).schema
    /// // {"type": "object", "properties": {"unit": {"type": ["string", "null"], "enum": ["c", "f", null]}},
    /// //  "required": ["unit"], "additionalProperties": false}
    /// ```
    public static func variant(of schema: JSON, for dialect: SchemaDialect) -> SchemaVariant {
        switch dialect {
        case .jsonSchema:
            return SchemaVariant(dialect: dialect, schema: schema)
        case .openAIStrict, .anthropicStrict, .geminiParameters:
            var deriving = VariantDerivation(dialect: dialect, root: schema)
            let derived = deriving.convert(schema, at: "")
            return SchemaVariant(dialect: dialect, schema: derived, losses: deriving.losses)
        }
    }
}

/// One walk of a schema that writes its variant for a dialect, noting each loss.
struct VariantDerivation {
    let dialect: SchemaDialect
    let root: JSON
    var losses: [String] = []
    /// The `$ref`s being inlined, to stop at a recursive one.
    var inlining: [String] = []

    var isStrict: Bool { dialect == .openAIStrict || dialect == .anthropicStrict }

    /// Keywords each dialect refuses and drops, with why.
    var dropped: [String: String] {
        switch dialect {
        case .openAIStrict:
            return [
                "allOf": "allOf is refused", "not": "not is refused", "if": "if/then/else is refused", "then": "if/then/else is refused",
                "else": "if/then/else is refused", "dependentRequired": "dependentRequired is refused",
                "dependentSchemas": "dependentSchemas is refused", "prefixItems": "prefixItems is refused",
                "uniqueItems": "uniqueItems is refused",
            ].merging(
                [
                    "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "pattern", "minItems", "maxItems",
                    "patternProperties", "propertyNames", "minLength", "maxLength", "default",
                ].map { ($0, "\($0) is not sent: the sources disagree on whether strict mode takes it (the tool still checks it)") }
            ) { first, _ in first }
        case .anthropicStrict:
            return [
                "minimum": "the minimum is not sent (the tool still checks it)",
                "maximum": "the maximum is not sent (the tool still checks it)",
                "exclusiveMinimum": "the exclusive minimum is not sent (the tool still checks it)",
                "exclusiveMaximum": "the exclusive maximum is not sent (the tool still checks it)",
                "multipleOf": "multipleOf is not sent (the tool still checks it)",
                "minLength": "the least length is not sent (the tool still checks it)",
                "maxLength": "the most length is not sent (the tool still checks it)",
                "maxItems": "the most items are not sent (the tool still checks it)",
            ]
        case .geminiParameters:
            return [
                "allOf": "allOf is refused", "not": "not is refused", "if": "if/then/else is refused", "then": "if/then/else is refused",
                "else": "if/then/else is refused", "exclusiveMinimum": "an exclusive minimum is refused (the tool still checks it)",
                "exclusiveMaximum": "an exclusive maximum is refused (the tool still checks it)",
                "multipleOf": "multipleOf is refused (the tool still checks it)",
                "propertyNames": "propertyNames is refused", "patternProperties": "patternProperties is refused",
                "uniqueItems": "uniqueItems is refused (the tool still checks it)", "prefixItems": "prefixItems is refused",
                "dependentRequired": "dependentRequired is refused", "dependentSchemas": "dependentSchemas is refused",
            ]
        case .jsonSchema:
            return [:]
        }
    }

    /// The formats each dialect takes; another is dropped, as a loss.
    var formats: Set<String>? {
        switch dialect {
        case .openAIStrict: ["date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"]
        case .anthropicStrict: ["date-time", "time", "date", "duration", "email", "hostname", "uri", "ipv4", "ipv6", "uuid"]
        case .geminiParameters: ["enum", "date-time", "float", "double", "int32", "int64"]
        case .jsonSchema: nil
        }
    }

    mutating func lose(_ pointer: String, _ what: String) {
        losses.append("\(pointer.isEmpty ? "/" : pointer): \(what)")
    }

    static func child(_ pointer: String, _ key: String) -> String { pointer + "/" + JSONSchema.escape(key) }

    /// Whether a schema describes an object: its type says so, or it has properties.
    static func isObject(_ members: [String: JSON]) -> Bool {
        if members["properties"] != nil { return true }
        switch members["type"] {
        case .string("object")?: return true
        case .array(let types)?: return types.contains(.string("object"))
        default: return false
        }
    }

    /// The variant of the schema at `pointer`.
    mutating func convert(_ schema: JSON, at pointer: String) -> JSON {
        guard case .object(var members) = schema else { return schema }
        if case .string(let reference)? = members["$ref"] {
            if dialect == .geminiParameters { return inline(reference, siblings: members, at: pointer) }
            if isStrict, members.count > 1 {
                // Strict modes take no keyword beside a $ref: the siblings go.
                for key in members.keys.sorted() where key != "$ref" { lose(Self.child(pointer, key), "a keyword beside $ref is refused") }
                members = ["$ref": .string(reference)]
            }
        }
        if dialect == .geminiParameters {
            members["$schema"] = nil
            members["$id"] = nil
            if let constant = members.removeValue(forKey: "const") {
                if case .string = constant {
                    members["enum"] = .array([constant])
                } else {
                    lose(Self.child(pointer, "const"), "a const that is not a string is refused")
                }
            }
        }
        for key in members.keys.sorted() {
            guard let why = dropped[key] else { continue }
            members[key] = nil
            lose(Self.child(pointer, key), why)
        }
        if let formats, case .string(let format)? = members["format"], !formats.contains(format) {
            members["format"] = nil
            lose(Self.child(pointer, "format"), "the format \"\(format)\" is not taken (the tool still checks it)")
        }
        if let oneOf = members.removeValue(forKey: "oneOf"), dialect != .jsonSchema {
            members["anyOf"] = oneOf
            lose(Self.child(pointer, "oneOf"), "oneOf becomes anyOf: a value that fits two branches is no longer refused")
        }
        // Children first, so that each is converted once.
        if case .object(let properties)? = members["properties"] {
            var converted: [String: JSON] = [:]
            for (name, property) in properties {
                converted[name] = convert(property, at: Self.child(Self.child(pointer, "properties"), name))
            }
            members["properties"] = .object(converted)
        }
        for key in ["items", "additionalProperties", "not"] {
            if let child = members[key], case .object = child { members[key] = convert(child, at: Self.child(pointer, key)) }
        }
        for key in ["anyOf", "allOf"] {
            if case .array(let branches)? = members[key] {
                members[key] = .array(branches.enumerated().map { convert($0.element, at: Self.child(pointer, key) + "/\($0.offset)") })
            }
        }
        for key in ["$defs", "definitions"] where dialect != .geminiParameters {
            if case .object(let definitions)? = members[key] {
                var converted: [String: JSON] = [:]
                for (name, definition) in definitions {
                    converted[name] = convert(definition, at: Self.child(Self.child(pointer, key), name))
                }
                members[key] = .object(converted)
            }
        }
        if dialect == .geminiParameters {
            for key in ["$defs", "definitions"] { members[key] = nil }
            nullableForGemini(&members, at: pointer)
            if let additional = members.removeValue(forKey: "additionalProperties"), additional != .bool(true) {
                lose(
                    Self.child(pointer, "additionalProperties"),
                    additional == .bool(false)
                        ? "members the schema does not name are not refused by the provider (the tool still refuses them)"
                        : "a map of values cannot be said: its values are not described")
            }
            if case .array(let values)? = members["enum"], values.contains(where: { if case .string = $0 { false } else { true } }) {
                lose(Self.child(pointer, "enum"), "an enum of values that are not all strings is refused")
                members["enum"] = nil
            }
        }
        if isStrict, Self.isObject(members) {
            close(&members, at: pointer)
        }
        return .object(members)
    }

    /// A strict object: closed, every property required, the optional ones nullable.
    mutating func close(_ members: inout [String: JSON], at pointer: String) {
        if let additional = members["additionalProperties"], additional != .bool(false), additional != .bool(true) {
            lose(Self.child(pointer, "additionalProperties"), "a map of values cannot be closed: strict mode refuses it")
        }
        members["additionalProperties"] = .bool(false)
        guard case .object(var properties)? = members["properties"] else {
            members["properties"] = .object([:])
            return
        }
        var required: [String] = []
        if case .array(let names)? = members["required"] {
            required = names.compactMap { if case .string(let name) = $0 { name } else { nil } }
        }
        for name in properties.keys.sorted() where !required.contains(name) {
            properties[name] = Self.nullable(properties[name]!)
        }
        members["properties"] = .object(properties)
        members["required"] = .array(properties.keys.sorted().map { .string($0) })
    }

    /// `schema` that also takes `null`.
    static func nullable(_ schema: JSON) -> JSON {
        guard case .object(var members) = schema else { return schema }
        if case .array(let values)? = members["enum"], !values.contains(.null) { members["enum"] = .array(values + [.null]) }
        switch members["type"] {
        case .string(let type)? where type != "null":
            members["type"] = .array([.string(type), .string("null")])
        case .array(let types)? where !types.contains(.string("null")):
            members["type"] = .array(types + [.string("null")])
        case nil:
            if case .array(let branches)? = members["anyOf"] {
                if !branches.contains(["type": "null"]) { members["anyOf"] = .array(branches + [["type": "null"]]) }
            } else if members["enum"] == nil {
                return ["anyOf": [.object(members), ["type": "null"]]]
            }
        default: break
        }
        return .object(members)
    }

    /// Gemini's `nullable`: from `"type": [T, "null"]` or an `anyOf` with a `null` branch.
    mutating func nullableForGemini(_ members: inout [String: JSON], at pointer: String) {
        if case .array(let types)? = members["type"] {
            let others = types.filter { $0 != .string("null") }
            if others.count == 1 {
                members["type"] = others[0]
                if others.count < types.count { members["nullable"] = .bool(true) }
            } else {
                lose(Self.child(pointer, "type"), "a value of several types is refused: it becomes anyOf")
                members["type"] = nil
                members["anyOf"] = .array(others.map { ["type": $0] })
                if others.count < types.count { members["nullable"] = .bool(true) }
            }
        }
        if case .array(let branches)? = members["anyOf"], branches.contains(["type": "null"]) {
            let rest = branches.filter { $0 != ["type": "null"] }
            members["nullable"] = .bool(true)
            if rest.count == 1, case .object(let only) = rest[0] {
                members["anyOf"] = nil
                for (key, value) in only where members[key] == nil { members[key] = value }
            } else {
                members["anyOf"] = .array(rest)
            }
        }
    }

    /// A local `$ref` (`#/$defs/Name`, `#/definitions/Name`) replaced by what it names, for Gemini.
    mutating func inline(_ reference: String, siblings: [String: JSON], at pointer: String) -> JSON {
        guard reference.hasPrefix("#/"), !inlining.contains(reference) else {
            lose(
                pointer + "/$ref",
                inlining.contains(reference) ? "a recursive $ref cannot be inlined" : "a $ref outside the schema cannot be inlined")
            return .object(
                siblings.filter { $0.key != "$ref" }.isEmpty ? ["type": "object", "properties": [:]] : siblings.filter { $0.key != "$ref" })
        }
        guard case .object(var members)? = JSONSchema.target(of: reference, in: root) else {
            lose(pointer + "/$ref", "\(reference) names nothing")
            return .object(siblings.filter { $0.key != "$ref" })
        }
        for (key, value) in siblings where key != "$ref" { members[key] = value }
        inlining.append(reference)
        defer { inlining.removeLast() }
        return convert(.object(members), at: pointer)
    }
}

extension JSONSchema {
    /// `arguments` without the `null` members an object of `schema` does not require and does not allow
    /// `null` for: what a strict provider sends for "not given". Anything else is returned as it is.
    package static func droppingNullOptionals(_ arguments: Data, schema: JSON) -> Data {
        guard arguments.contains(UInt8(ascii: "n")), let value = try? JSON(parsing: arguments) else { return arguments }
        let cleaned = droppingNullOptionals(value, schema: schema)
        return cleaned == value ? arguments : cleaned.data
    }

    static func droppingNullOptionals(_ value: JSON, schema: JSON) -> JSON {
        switch value {
        case .object(var members):
            guard case .object(let properties)? = schema["properties"] else { return value }
            var required: Set<String> = []
            if case .array(let names)? = schema["required"] {
                required = Set(names.compactMap { if case .string(let name) = $0 { name } else { nil } })
            }
            for (name, member) in members {
                let property = properties[name] ?? .object([:])
                if member == .null, !required.contains(name), !allowsNull(property) {
                    members[name] = nil
                } else {
                    members[name] = droppingNullOptionals(member, schema: property)
                }
            }
            return .object(members)
        case .array(let items):
            guard let itemSchema = schema["items"] else { return value }
            return .array(items.map { droppingNullOptionals($0, schema: itemSchema) })
        default:
            return value
        }
    }

    /// Whether `schema` says `null` is a value it takes.
    static func allowsNull(_ schema: JSON) -> Bool {
        switch schema["type"] {
        case .string("null")?: return true
        case .array(let types)?: return types.contains(.string("null"))
        default: break
        }
        if case .array(let values)? = schema["enum"], values.contains(.null) { return true }
        if schema["nullable"] == .bool(true) { return true }
        if case .array(let branches)? = schema["anyOf"] { return branches.contains(where: allowsNull) }
        return false
    }
}
