import Foundation
import SkillKit

@available(SkillCheckTesting, *)
extension ProviderProfile {
    /// What this provider would refuse in a tool with `toolName` and `schema`, in a stable order (the
    /// catalogue's checks, then JSON pointer order).
    ///
    /// ```swift
    /// ProviderProfile.named("openai-strict")!.problems(toolName: "query_weather", schema: ["type": "object"])
    /// // object-properties at /, additional-properties at /
    /// ```
    public func problems(toolName: String, schema: JSON) -> [ProviderProblem] {
        let nodes = SchemaNode.all(in: schema)
        return checks.flatMap { check in
            Self.hits(of: check, toolName: toolName, schema: schema, nodes: nodes).map { hit in
                let (edits, changesArguments) = Self.edits(of: check, at: hit, toolName: toolName, schema: schema, nodes: nodes)
                // The printed fix says so when no edit makes it, and when the tool must change with it.
                let fix =
                    Self.fill(check.fix, hit, check)
                    + (edits.isEmpty ? " (\(SchemaEdit.byHand))" : "")
                    + (changesArguments ? "; the arguments the model sends change with it, so change the tool's Arguments to match" : "")
                var problem = ProviderProblem(
                    profile: id, check: check.id, level: check.level, pointer: hit.pointer,
                    says: Self.fill(check.says, hit, check), fix: fix, changed: check.changed,
                    conflict: nil, sources: check.sources, confirmed: check.confirmed,
                    adds: check.kind == .additionalPropertiesFalse ? "additionalProperties" : nil,
                    removes: check.kind == .forbidden || check.kind == .rootForbidden ? hit.keyword : nil)
                problem.edits = edits
                problem.changesArguments = changesArguments
                return problem
            }
        }
    }

    /// The problems of every profile in `profiles`, each told when a fix would trade it for another
    /// profile's refusal (``ProviderProblem/conflict``).
    ///
    /// ```swift
    /// let problems = ProviderProfile.lint(
    ///     toolName: tool.name, schema: tool.inputSchema,
    ///     profiles: ["openai-strict", "gemini"].compactMap(ProviderProfile.named))
    /// ```
    public static func lint(toolName: String, schema: JSON, profiles: [ProviderProfile]) -> [ProviderProblem] {
        let problems = profiles.flatMap { $0.problems(toolName: toolName, schema: schema) }
        let chosen = profiles.filter { $0.id != commonID }
        return problems.map { problem in
            var problem = problem
            let others = chosen.filter { $0.id != problem.profile }
            if let keyword = problem.adds,
                let other = others.first(where: { $0.refuses(keyword) })
            {
                problem.conflict =
                    "\(other.id) refuses \"\(keyword)\", which this fix adds: no one schema satisfies both, so do not edit inputSchema for it. "
                    + "Each provider is sent the variant the kit derives for its dialect (JSONSchema.variant(of:for:), "
                    + "\(problem.profile) with it, \(other.id) without), and TOOL-7 checks that variant."
            } else if let keyword = problem.removes,
                let other = others.first(where: { $0.requires(keyword) })
            {
                problem.conflict =
                    "\(other.id) requires \"\(keyword)\", which this fix removes: no one schema satisfies both, so do not edit inputSchema for it. "
                    + "Each provider is sent the variant the kit derives for its dialect (JSONSchema.variant(of:for:)), "
                    + "and TOOL-7 checks that variant."
            }
            return problem
        }
    }

    /// Whether a refused check of this profile forbids `keyword` anywhere.
    func refuses(_ keyword: String) -> Bool {
        checks.contains { $0.level == .refused && $0.kind == .forbidden && $0.keywords.contains(keyword) }
    }

    /// Whether a refused check of this profile needs `keyword` on every object.
    func requires(_ keyword: String) -> Bool {
        keyword == "additionalProperties" && checks.contains { $0.level == .refused && $0.kind == .additionalPropertiesFalse }
    }

    /// One place a check finds: the pointer, and what fills the placeholders.
    struct Hit {
        var pointer: String
        var keyword: String?
        var value: String?
    }

    static func fill(_ template: String, _ hit: Hit, _ check: Check) -> String {
        template
            .replacingOccurrences(of: "{pointer}", with: hit.pointer.isEmpty ? "/" : hit.pointer)
            .replacingOccurrences(of: "{keyword}", with: hit.keyword ?? "")
            .replacingOccurrences(of: "{value}", with: hit.value ?? "")
            .replacingOccurrences(of: "{limit}", with: check.limit.map(String.init) ?? "")
    }

    static func hits(of check: Check, toolName: String, schema: JSON, nodes: [SchemaNode]) -> [Hit] {
        switch check.kind {
        case .toolName:
            guard let pattern = check.pattern, !matches(toolName, pattern) else { return [] }
            return [Hit(pointer: "name", value: "\"\(toolName)\"")]
        case .rootType:
            guard case .string(let type)? = schema["type"], type.lowercased() == "object" else {
                return [Hit(pointer: "/type", value: schema["type"]?.text ?? "no type")]
            }
            return []
        case .rootForbidden:
            guard case .object(let members) = schema else { return [] }
            return check.keywords.filter { members[$0] != nil }.map { Hit(pointer: "/" + JSONSchema.escape($0), keyword: $0) }
        case .forbidden:
            return nodes.flatMap { node in
                check.keywords.filter { node.members[$0] != nil }.map { Hit(pointer: node.child($0), keyword: $0) }
            }
        case .objectProperties:
            let least = check.limit ?? 0
            return nodes.filter(\.isObject).compactMap { node in
                guard case .object(let properties)? = node.members["properties"] else { return Hit(pointer: node.pointer) }
                return properties.count < least ? Hit(pointer: node.child("properties")) : nil
            }
        case .additionalPropertiesFalse:
            return nodes.filter(\.isObject).compactMap { node in
                node.members["additionalProperties"] == .bool(false) ? nil : Hit(pointer: node.pointer)
            }
        case .allPropertiesRequired:
            return nodes.filter(\.isObject).compactMap { node in
                guard case .object(let properties)? = node.members["properties"] else { return nil }
                let required = node.required
                let missing = properties.keys.sorted().filter { !required.contains($0) }
                guard !missing.isEmpty else { return nil }
                return Hit(pointer: node.pointer, value: missing.map { "\"\($0)\"" }.joined(separator: ", "))
            }
        case .requiredExist:
            return nodes.flatMap { node -> [Hit] in
                guard node.members["required"] != nil else { return [] }
                let properties = node.members["properties"].flatMap { value -> [String: JSON]? in
                    if case .object(let members) = value { return members }
                    return nil
                }
                return node.required.enumerated().filter { properties?[$0.element] == nil }.map {
                    Hit(pointer: node.child("required") + "/\($0.offset)", value: "\"\($0.element)\"")
                }
            }
        case .typeArray:
            return nodes.compactMap { node in
                guard case .array(let types)? = node.members["type"] else { return nil }
                let main = types.compactMap { value -> String? in
                    if case .string(let name) = value, name != "null" { return name }
                    return nil
                }
                return Hit(pointer: node.child("type"), value: main.first ?? "string")
            }
        case .enumStrings:
            return nodes.compactMap { node in
                guard case .array(let values)? = node.members["enum"] else { return nil }
                let isString = node.typeNames == ["string"]
                let allStrings = values.allSatisfy { if case .string = $0 { true } else { false } }
                return isString && allStrings ? nil : Hit(pointer: node.child("enum"))
            }
        case .enumPrimitives:
            return nodes.compactMap { node in
                guard case .array(let values)? = node.members["enum"] else { return nil }
                let composite = values.contains {
                    switch $0 {
                    case .array, .object: true
                    default: false
                    }
                }
                return composite ? Hit(pointer: node.child("enum")) : nil
            }
        case .enumMixed:
            return nodes.compactMap { node in
                guard case .array(let values)? = node.members["enum"] else { return nil }
                let kinds = Set(values.filter { $0 != .null }.map(\.kind))
                return kinds.count > 1 ? Hit(pointer: node.child("enum"), value: kinds.sorted().joined(separator: ", ")) : nil
            }
        case .formats:
            return nodes.compactMap { node in
                guard case .string(let format)? = node.members["format"], !check.values.contains(format) else { return nil }
                return Hit(pointer: node.child("format"), value: format)
            }
        case .propertyName:
            guard let pattern = check.pattern else { return [] }
            return nodes.flatMap { node -> [Hit] in
                guard case .object(let properties)? = node.members["properties"] else { return [] }
                return properties.keys.sorted().filter { !matches($0, pattern) }.map {
                    Hit(pointer: node.child("properties") + "/" + JSONSchema.escape($0), value: "\"\($0)\"")
                }
            }
        case .minItemsAtMost:
            let most = check.limit ?? 1
            return nodes.compactMap { node in
                guard case .number(let count)? = node.members["minItems"], count > Double(most) else { return nil }
                return Hit(pointer: node.child("minItems"), value: String(Int(count)))
            }
        case .refSiblings:
            return nodes.compactMap { node in
                node.members["$ref"] != nil && node.members.count > 1 ? Hit(pointer: node.pointer, keyword: "$ref") : nil
            }
        case .recursiveRef:
            return nodes.compactMap { node in
                guard case .string(let reference)? = node.members["$ref"], reference.hasPrefix("#") else { return nil }
                let target = String(reference.dropFirst())
                let recursive = target.isEmpty || node.pointer == target || node.pointer.hasPrefix(target + "/")
                return recursive ? Hit(pointer: node.child("$ref"), value: reference) : nil
            }
        case .externalRef:
            return nodes.compactMap { node in
                guard case .string(let reference)? = node.members["$ref"], !reference.hasPrefix("#") else { return nil }
                return Hit(pointer: node.child("$ref"), value: reference)
            }
        case .patternSyntax:
            return nodes.compactMap { node in
                guard case .string(let pattern)? = node.members["pattern"],
                    let piece = check.values.first(where: { pattern.contains($0) })
                else { return nil }
                return Hit(pointer: node.child("pattern"), value: piece)
            }
        case .metaschema:
            return nodes.flatMap(metaschemaHits)
        case .maxDepth:
            let most = check.limit ?? 10
            return nodes.filter { $0.isObject && $0.objectDepth == most + 1 }.map { Hit(pointer: $0.pointer) }
        }
    }

    /// The fix of `check` at `hit` as edits of the schema it was found in, and whether the arguments a model
    /// sends change with it (the tool must change too); no edits when a person must decide.
    static func edits(
        of check: Check, at hit: Hit, toolName: String, schema: JSON, nodes: [SchemaNode]
    ) -> (edits: [SchemaEdit], changesArguments: Bool) {
        let tokens = JSONSchema.tokens(of: hit.pointer)
        func pointer(dropping count: Int) -> String {
            tokens.dropLast(count).map { "/" + JSONSchema.escape($0) }.joined()
        }
        func node(at pointer: String) -> [String: JSON] { nodes.first { $0.pointer == pointer }?.members ?? [:] }
        let unquoted = hit.value.map { $0.count >= 2 && $0.hasPrefix("\"") && $0.hasSuffix("\"") ? String($0.dropFirst().dropLast()) : $0 }
        switch check.kind {
        case .toolName:
            return ([.renameTool(to: Self.fitting(toolName, check.pattern))], false)
        case .rootType:
            let members = node(at: "")
            guard members["properties"] != nil || members["type"] == nil || members["type"]?.stringValue?.lowercased() == "object" else {
                return ([], false)
            }
            return ([.set("type", to: "object", at: "")], false)
        case .forbidden:
            guard let keyword = hit.keyword else { return ([], false) }
            return ([.remove(keyword, at: pointer(dropping: 1))], false)
        case .objectProperties:
            guard (check.limit ?? 0) == 0 else { return ([], false) }
            return ([.set("properties", to: .object([:]), at: hit.pointer)], false)
        case .additionalPropertiesFalse:
            return ([.set("additionalProperties", to: false, at: hit.pointer)], false)
        case .allPropertiesRequired:
            return ([.requireAllAsNullable(at: hit.pointer)], false)
        case .requiredExist:
            guard let name = unquoted else { return ([], false) }
            return ([.unrequire(name, at: pointer(dropping: 2))], false)
        case .typeArray:
            let at = pointer(dropping: 1)
            guard case .array(let types)? = node(at: at)["type"] else { return ([], false) }
            let named = types.filter { $0 != "null" }
            guard named.count == 1, let main = named.first else { return ([], false) }
            return ([.set("type", to: main, at: at)] + (named.count < types.count ? [.set("nullable", to: true, at: at)] : []), false)
        case .enumStrings, .enumMixed:
            let at = pointer(dropping: 1)
            guard case .array(let values)? = node(at: at)["enum"] else { return ([], false) }
            let strings = values.map { value -> JSON in value == .null ? .null : .string(value.stringValue ?? value.text) }
            let nullable = values.contains(.null)
            return (
                [.set("enum", to: .array(strings), at: at), .set("type", to: nullable ? ["string", "null"] : "string", at: at)],
                strings != values
            )
        case .enumPrimitives:
            let at = pointer(dropping: 1)
            guard case .array(let values)? = node(at: at)["enum"] else { return ([], false) }
            let primitive = values.map { value -> JSON in
                switch value {
                case .array, .object: .string(value.text)
                default: value
                }
            }
            return ([.set("enum", to: .array(primitive), at: at)], true)
        case .formats:
            let at = pointer(dropping: 1)
            let said = node(at: at)["description"]?.stringValue.map { $0 + " " } ?? ""
            return ([.remove("format", at: at), .set("description", to: .string(said + "(format: \(hit.value ?? ""))"), at: at)], false)
        case .propertyName:
            guard let name = unquoted else { return ([], false) }
            return ([.renameProperty(name, to: Self.fitting(name, check.pattern), at: pointer(dropping: 2))], true)
        case .minItemsAtMost:
            return ([.set("minItems", to: .number(Double(check.limit ?? 1)), at: pointer(dropping: 1))], false)
        case .patternSyntax:
            return ([.remove("pattern", at: pointer(dropping: 1))], false)
        case .metaschema:
            guard let keyword = hit.keyword else { return ([], false) }
            let at = pointer(dropping: 1)
            let value = node(at: at)[keyword]
            switch (keyword, value) {
            case ("type", .string(let name)?) where JSONSchema.types.contains(name.lowercased()):
                return ([.set("type", to: .string(name.lowercased()), at: at)], false)
            case ("type", .array(let names)?)
            where names.allSatisfy({ $0.stringValue.map { JSONSchema.types.contains($0.lowercased()) } ?? false }) && !names.isEmpty:
                return ([.set("type", to: .array(names.map { .string($0.stringValue!.lowercased()) }), at: at)], false)
            case ("items", .array?):
                return ([.rename("items", to: "prefixItems", at: at)], false)
            case ("minLength", _), ("maxLength", _), ("minItems", _), ("maxItems", _), ("minProperties", _), ("maxProperties", _),
                ("minimum", _), ("maximum", _), ("exclusiveMinimum", _), ("exclusiveMaximum", _), ("multipleOf", _):
                return ([.remove(keyword, at: at)], false)
            default:
                return ([], false)
            }
        case .rootForbidden, .refSiblings, .recursiveRef, .externalRef, .maxDepth:
            return ([], false)
        }
    }

    /// `name` made to match `pattern`: each character it refuses becomes `_`, a first one it refuses gets
    /// `_` before it, and the whole is cut to 64.
    static func fitting(_ name: String, _ pattern: String?) -> String {
        guard let pattern, !matches(name, pattern) else { return name }
        var fitted = String(name.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") ? $0 : "_" })
        if !matches(String(fitted.prefix(1)) + "a", "^[A-Za-z_].*") { fitted = "_" + fitted }
        fitted = String(fitted.prefix(64))
        return matches(fitted, pattern) ? fitted : String(fitted.filter { $0 != "-" }.prefix(64))
    }

    /// Keyword values draft 2020-12's metaschema refuses, in one schema.
    static func metaschemaHits(_ node: SchemaNode) -> [Hit] {
        func isString(_ value: JSON) -> Bool { if case .string = value { true } else { false } }
        func fits(_ keyword: String, _ value: JSON) -> Bool {
            switch (keyword, value) {
            case ("minLength", .number(let count)), ("maxLength", .number(let count)), ("minItems", .number(let count)),
                ("maxItems", .number(let count)), ("minProperties", .number(let count)), ("maxProperties", .number(let count)):
                count >= 0 && count.rounded() == count
            case ("minLength", _), ("maxLength", _), ("minItems", _), ("maxItems", _), ("minProperties", _), ("maxProperties", _): false
            case ("minimum", .number), ("maximum", .number), ("exclusiveMinimum", .number), ("exclusiveMaximum", .number): true
            case ("minimum", _), ("maximum", _), ("exclusiveMinimum", _), ("exclusiveMaximum", _): false
            case ("multipleOf", .number(let step)): step > 0
            case ("multipleOf", _): false
            case ("type", .string(let name)): JSONSchema.types.contains(name)
            case ("type", .array(let names)):
                !names.isEmpty && names.allSatisfy { if case .string(let name) = $0 { JSONSchema.types.contains(name) } else { false } }
            case ("type", _): false
            case ("required", .array(let names)): names.allSatisfy(isString)
            case ("enum", .array), ("allOf", .array), ("anyOf", .array), ("oneOf", .array), ("prefixItems", .array): true
            case ("required", _), ("enum", _), ("allOf", _), ("anyOf", _), ("oneOf", _), ("prefixItems", _): false
            case ("properties", .object(let schemas)), ("$defs", .object(let schemas)), ("patternProperties", .object(let schemas)):
                // Each member is a schema: an object, or true/false.
                schemas.values.allSatisfy {
                    switch $0 {
                    case .object, .bool: true
                    default: false
                    }
                }
            case ("properties", _), ("$defs", _), ("patternProperties", _): false
            case ("items", .object), ("items", .bool), ("additionalProperties", .object), ("additionalProperties", .bool),
                ("not", .object), ("not", .bool):
                true
            case ("items", _), ("additionalProperties", _), ("not", _): false
            case ("pattern", _), ("format", _), ("title", _), ("description", _), ("$ref", _), ("$schema", _), ("$id", _): isString(value)
            default: true
            }
        }
        return node.members.keys.sorted().filter { !fits($0, node.members[$0]!) }.map { keyword in
            Hit(pointer: node.child(keyword), keyword: keyword, value: node.members[keyword]!.text)
        }
    }

    /// Whether `text` matches `pattern` whole; a pattern that does not compile matches nothing, and the
    /// catalogue test compiles every pattern.
    static func matches(_ text: String, _ pattern: String) -> Bool {
        guard let regex = try? Regex(pattern) else { return false }
        return (try? regex.wholeMatch(in: text)) != nil
    }
}

/// One schema inside a tool's schema (the root, a property's, an item's, a branch of `anyOf`…), with its pointer.
@available(SkillCheckTesting, *)
struct SchemaNode {
    var pointer: String
    var members: [String: JSON]
    /// How many object schemas enclose this one, itself included when it is one.
    var objectDepth: Int

    func child(_ keyword: String) -> String { pointer + "/" + JSONSchema.escape(keyword) }

    var typeNames: [String] {
        switch members["type"] {
        case .string(let name)?: [name.lowercased()]
        case .array(let names)?:
            names.compactMap {
                if case .string(let name) = $0 { return name.lowercased() }
                return nil
            }
        default: []
        }
    }

    var isObject: Bool { typeNames.contains("object") || (members["type"] == nil && members["properties"] != nil) }

    var required: [String] {
        guard case .array(let names)? = members["required"] else { return [] }
        return names.compactMap {
            if case .string(let name) = $0 { return name }
            return nil
        }
    }

    /// Every schema in `schema`, root first, in pointer order.
    static func all(in schema: JSON) -> [SchemaNode] {
        var nodes: [SchemaNode] = []
        func visit(_ value: JSON, _ pointer: String, _ depth: Int) {
            guard case .object(let members) = value else { return }
            let node = SchemaNode(pointer: pointer, members: members, objectDepth: depth)
            let depth = node.isObject ? depth + 1 : depth
            nodes.append(SchemaNode(pointer: pointer, members: members, objectDepth: depth))
            for keyword in members.keys.sorted() {
                let child = pointer + "/" + JSONSchema.escape(keyword)
                switch (keyword, members[keyword]!) {
                case ("properties", .object(let map)), ("$defs", .object(let map)), ("definitions", .object(let map)),
                    ("patternProperties", .object(let map)), ("dependentSchemas", .object(let map)):
                    for name in map.keys.sorted() { visit(map[name]!, child + "/" + JSONSchema.escape(name), depth) }
                case ("items", .object), ("additionalProperties", .object), ("not", _), ("if", _), ("then", _), ("else", _),
                    ("contains", _), ("propertyNames", _):
                    visit(members[keyword]!, child, depth)
                case ("items", .array(let list)), ("anyOf", .array(let list)), ("oneOf", .array(let list)),
                    ("allOf", .array(let list)), ("prefixItems", .array(let list)):
                    for (index, item) in list.enumerated() { visit(item, child + "/\(index)", depth) }
                default: break
                }
            }
        }
        visit(schema, "", 0)
        return nodes
    }
}
