import Foundation
import SkillKit

/// Arguments a tool's schema, or one provider's variant of it, says are valid (TOOL-8), each a change of
/// one place in arguments that fit: each optional field omitted, given, and `null` where the schema allows
/// it; each value of an `enum`; each type of a union and branch of an `anyOf`; strings, numbers and lists
/// at the least and the most their stated bounds allow; inside nested objects and list items too.
///
/// The start is the first sample that fits the tool's own schema, as the variant takes it (a strict variant
/// wants every field, so a field the sample leaves out is `null` there, as a strict provider sends it).
/// A value the schema does not pin down (a free string, a string with a `pattern`) is taken from that sample,
/// never made up; where the sample has none, the place is listed in ``InstanceSet/untried``, not tried.
///
/// ```swift
/// let set = ValidArguments.instances(of: variant.schema, from: tool.sampleArguments.first)
/// set.instances.map(\.name)   // ["unit omitted", "unit null", "unit \"fahrenheit\"", "days at its maximum 7", …]
/// ```
@available(SkillCheckTesting, *)
struct ValidArguments: Sendable, Hashable {
    /// What was changed, such as `unit null` or `days at its maximum 7`; `the sample as this schema takes it`
    /// for the start itself.
    var name: String
    /// The JSON pointer, in the arguments, of the value changed: `/unit`; empty for the start.
    var pointer: String
    /// The whole arguments.
    var arguments: JSON
    /// Whether the change is an edge no bound rules out (`days 0`, `query empty`, `tags with no items` where the
    /// schema states no minimum): a tool may refuse it with `SkillError.invalidInput` as well as take it, but
    /// must not trap or hang on it, since a model may send it.
    var isUnboundedEdge = false

    /// The instances of one schema.
    struct InstanceSet: Sendable {
        var instances: [ValidArguments]
        /// Places no value was tried at, each `pointer (why)`.
        var untried: [String]
        /// How many instances were left out over ``ValidArguments/limit``.
        var leftOut: Int
    }

    /// The most instances tried for one schema.
    static let limit = 64
    /// How deep into nested objects and lists the changes go.
    static let maxDepth = 4
    /// The longest string or list made for a `maxLength` or `maxItems`.
    static let longest = 4096

    static func instances(of schema: JSON, from sample: JSON?) -> InstanceSet {
        var generator = Generator(root: schema)
        guard let start = generator.start(schema, sample: sample, depth: 0) else {
            return InstanceSet(instances: [], untried: generator.untried, leftOut: 0)
        }
        var all = [ValidArguments(name: "the sample as this schema takes it", pointer: "", arguments: start)]
        generator.vary(schema, value: start, pointer: "", field: "", depth: 0) { name, pointer, value in
            all.append(
                ValidArguments(name: name, pointer: pointer, arguments: value, isUnboundedEdge: name.hasSuffix(Generator.unboundedMark)))
        }
        var seen = Set<JSON>()
        let distinct = all.filter { seen.insert($0.arguments).inserted }
        return InstanceSet(
            instances: Array(distinct.prefix(limit)), untried: generator.untried, leftOut: max(0, distinct.count - limit))
    }

    /// One walk of a schema, writing values that fit it.
    struct Generator {
        let root: JSON
        var untried: [String] = []

        /// How an edge no bound rules out is named: `days 0, which no minimum rules out`.
        static let unboundedMark = ", which no bound rules out"

        /// `schema` with a local `$ref` followed (to a depth, so a recursive one ends).
        func resolved(_ schema: JSON) -> [String: JSON] {
            guard case .object(let members) = JSONSchema.referenced(schema, in: root) else { return [:] }
            return members
        }

        /// The type names `members` allows, lower-cased (Gemini writes `STRING`); empty when it says none.
        static func types(_ members: [String: JSON]) -> [String] {
            switch members["type"] {
            case .string(let name)?: return [name.lowercased()]
            case .array(let names)?: return names.compactMap { $0.stringValue?.lowercased() }
            default:
                if members["properties"] != nil { return ["object"] }
                if members["items"] != nil { return ["array"] }
                return []
            }
        }

        static func allowsNull(_ members: [String: JSON]) -> Bool {
            if types(members).contains("null") || members["nullable"] == .bool(true) { return true }
            if case .array(let values)? = members["enum"], values.contains(.null) { return true }
            for keyword in ["anyOf", "oneOf"] {
                if case .array(let branches)? = members[keyword], branches.contains(where: { $0["type"] == "null" }) { return true }
            }
            return false
        }

        static func required(_ members: [String: JSON]) -> [String] {
            guard case .array(let names)? = members["required"] else { return [] }
            return names.compactMap(\.stringValue)
        }

        static func properties(_ members: [String: JSON]) -> [(String, JSON)] {
            guard case .object(let map)? = members["properties"] else { return [] }
            return map.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        }

        /// Whether `value` is of the JSON type `type` names.
        static func fits(_ value: JSON, _ type: String) -> Bool {
            switch (type, value) {
            case ("object", .object), ("array", .array), ("string", .string), ("boolean", .bool), ("null", .null), ("number", .number):
                true
            case ("integer", .number(let number)): number.rounded() == number
            default: false
            }
        }

        /// The start: `sample` where it fits the schema at this place, else a value the schema pins down;
        /// `nil` when there is none (the place is then listed in ``untried``).
        mutating func start(_ schema: JSON, sample: JSON?, depth: Int, pointer: String = "") -> JSON? {
            let members = resolved(schema)
            let types = Self.types(members)
            let sampleIsObject: Bool = if case .object? = sample { true } else { sample == nil }
            if types.contains("object"), sampleIsObject {
                let given: [String: JSON] = if case .object(let map)? = sample { map } else { [:] }
                var object: [String: JSON] = [:]
                let required = Set(Self.required(members))
                for (name, property) in Self.properties(members) {
                    let place = pointer + "/" + JSONSchema.escape(name)
                    if let value = given[name] {
                        guard let fitted = start(property, sample: value, depth: depth + 1, pointer: place) else { return nil }
                        object[name] = fitted
                    } else if required.contains(name) {
                        // A strict variant wants every field: what the sample leaves out, it sends as null.
                        if Self.allowsNull(resolved(property)) {
                            object[name] = .null
                        } else {
                            guard let made = make(property, pointer: place, depth: depth + 1) else { return nil }
                            object[name] = made
                        }
                    }
                }
                // A member the schema does not list (where it allows them) stays as the sample has it.
                let listed = Set(Self.properties(members).map(\.0))
                for (name, value) in given where !listed.contains(name) && members["additionalProperties"] != .bool(false) {
                    object[name] = value
                }
                return .object(object)
            }
            if let sample, accepts(members, sample) { return sample }
            return make(schema, pointer: pointer, depth: depth)
        }

        /// Whether `value` fits the type and enum of `members` (the rest of the checks are the tool's).
        func accepts(_ members: [String: JSON], _ value: JSON) -> Bool {
            if case .array(let values)? = members["enum"] { return values.contains(value) }
            let types = Self.types(members)
            if value == .null { return Self.allowsNull(members) }
            return types.isEmpty || types.contains { Self.fits(value, $0) }
        }

        /// A value the schema pins down at this place, or `nil` (and the place noted) when it does not.
        mutating func make(_ schema: JSON, pointer: String, depth: Int, type wanted: String? = nil) -> JSON? {
            let members = resolved(schema)
            if let constant = members["const"] { return constant }
            if case .array(let values)? = members["enum"], let first = values.first(where: { $0 != .null }) ?? values.first {
                return first
            }
            for keyword in ["anyOf", "oneOf"] {
                if case .array(let branches)? = members[keyword], wanted == nil,
                    let branch = branches.first(where: { $0["type"] != "null" }) ?? branches.first
                {
                    return make(branch, pointer: pointer, depth: depth)
                }
            }
            let type = wanted ?? Self.types(members).first { $0 != "null" } ?? Self.types(members).first
            switch type {
            case "object"?:
                guard depth <= ValidArguments.maxDepth * 2 else { return nil }
                var object: [String: JSON] = [:]
                for name in Self.required(members) {
                    guard let property = Self.properties(members).first(where: { $0.0 == name })?.1 else { continue }
                    guard let value = make(property, pointer: pointer + "/" + JSONSchema.escape(name), depth: depth + 1) else { return nil }
                    object[name] = value
                }
                return .object(object)
            case "array"?:
                let least = Self.count(members["minItems"]) ?? 0
                guard least > 0 else { return .array([]) }
                guard let item = make(members["items"] ?? [:], pointer: pointer + "/0", depth: depth + 1) else { return nil }
                return .array(Array(repeating: item, count: min(least, ValidArguments.longest)))
            case "string"?:
                if members["pattern"] != nil {
                    untried.append("\(pointer.isEmpty ? "/" : pointer) (a string with a pattern, and no sample gives one)")
                    return nil
                }
                if let format = members["format"]?.stringValue {
                    guard let example = Self.formatExamples[format] else {
                        untried.append("\(pointer.isEmpty ? "/" : pointer) (a string of format \(format), and no sample gives one)")
                        return nil
                    }
                    return .string(example)
                }
                untried.append("\(pointer.isEmpty ? "/" : pointer) (a free string, and no sample gives one)")
                return nil
            case "integer"?, "number"?:
                return .number(Self.inside(members, near: 1, integer: type == "integer"))
            case "boolean"?:
                return true
            case "null"?:
                return .null
            default:
                untried.append("\(pointer.isEmpty ? "/" : pointer) (a schema with no type, and no sample gives a value)")
                return nil
            }
        }

        static let formatExamples: [String: String] = [
            "date-time": "2025-04-09T08:30:00Z", "date": "2025-04-09", "time": "08:30:00Z", "email": "someone@example.com",
            "uri": "https://example.com/", "url": "https://example.com/", "uuid": "123e4567-e89b-42d3-a456-426614174000",
            "hostname": "example.com", "ipv4": "192.0.2.1", "ipv6": "2001:db8::1",
        ]

        static func count(_ value: JSON?) -> Int? {
            guard case .number(let number)? = value, number >= 0, number.rounded() == number, number < 1e9 else { return nil }
            return Int(number)
        }

        /// `near`, moved inside the stated bounds.
        static func inside(_ members: [String: JSON], near: Double, integer: Bool) -> Double {
            var value = near
            if let low = bound(members, "minimum", exclusive: "exclusiveMinimum", upward: true, integer: integer), value < low {
                value = low
            }
            if let high = bound(members, "maximum", exclusive: "exclusiveMaximum", upward: false, integer: integer), value > high {
                value = high
            }
            return value
        }

        /// The least (`upward`) or most value the schema allows, from its inclusive or exclusive bound.
        static func bound(_ members: [String: JSON], _ inclusive: String, exclusive: String, upward: Bool, integer: Bool) -> Double? {
            if case .number(let value)? = members[inclusive] {
                return integer ? (upward ? value.rounded(.up) : value.rounded(.down)) : value
            }
            if case .number(let value)? = members[exclusive] {
                if integer { return upward ? value.rounded(.down) + 1 : value.rounded(.up) - 1 }
                return upward ? value + 0.5 : value - 0.5
            }
            return nil
        }

        /// Each change of one place in `value` (which fits `schema` at `pointer`), given to `emit` as the
        /// whole arguments through `put`.
        mutating func vary(
            _ schema: JSON, value: JSON, pointer: String, field: String, depth: Int,
            put: (JSON) -> JSON = { $0 }, emit: (String, String, JSON) -> Void
        ) {
            guard depth <= ValidArguments.maxDepth else { return }
            let members = resolved(schema)
            let label = field.isEmpty ? "the arguments" : field
            if case .object(let object) = value {
                let required = Set(Self.required(members))
                for (name, property) in Self.properties(members) {
                    let place = pointer + "/" + JSONSchema.escape(name)
                    let inner = field.isEmpty ? name : field + "." + name
                    let propertyMembers = resolved(property)
                    func with(_ member: JSON?) -> JSON {
                        var changed = object
                        changed[name] = member
                        return put(.object(changed))
                    }
                    let current = object[name]
                    if current != nil, !required.contains(name) { emit("\(inner) omitted", place, with(nil)) }
                    if current != .null, Self.allowsNull(propertyMembers) { emit("\(inner) null", place, with(.null)) }
                    var present = current
                    if current == nil || current == .null {
                        guard let made = make(property, pointer: place, depth: depth + 1) else { continue }
                        if made != .null {
                            emit("\(inner) given", place, with(made))
                            present = made
                        }
                    }
                    if let present, present != .null {
                        vary(property, value: present, pointer: place, field: inner, depth: depth + 1, put: { with($0) }, emit: emit)
                    }
                }
                return
            }
            if case .array(let values)? = members["enum"] {
                for choice in values where choice != value && choice != .null { emit("\(label) \(choice.text)", pointer, put(choice)) }
            }
            for keyword in ["anyOf", "oneOf"] {
                guard case .array(let branches)? = members[keyword] else { continue }
                for (index, branch) in branches.enumerated() where branch["type"] != "null" {
                    let branchMembers = resolved(branch)
                    if accepts(branchMembers, value) { continue }
                    if let made = make(branch, pointer: pointer, depth: depth + 1) {
                        emit("\(label) as \(keyword)[\(index)]", pointer, put(made))
                    }
                }
            }
            let types = Self.types(members).filter { $0 != "null" }
            if types.count > 1 {
                for type in types where !Self.fits(value, type) && !(type == "number" && Self.fits(value, "integer")) {
                    if let made = make(schema, pointer: pointer, depth: depth + 1, type: type) {
                        emit(
                            "\(label) as \(type == "integer" || type == "array" || type == "object" ? "an" : "a") \(type)", pointer,
                            put(made))
                    }
                }
            }
            switch value {
            case .string(let text):
                // Lengths in Unicode scalars, as JSON Schema (and JSONSchema.validate) count a string's characters.
                let length = text.unicodeScalars.count
                // A text cut or stretched from the sample's is only valid if it still fits the format and pattern.
                func fits(_ made: String) -> Bool {
                    if let format = members["format"]?.stringValue, format != "date-time", JSONSchema.fits(made, format: format) == false {
                        return false
                    }
                    return members["pattern"]?.stringValue.flatMap { JSONSchema.matches(made, $0) } != false
                }
                if let least = Self.count(members["minLength"]), least != length, case let made = Self.text(from: text, length: least),
                    fits(made)
                {
                    emit("\(label) at its least length \(least)", pointer, put(.string(made)))
                }
                if let most = Self.count(members["maxLength"]), most != length, most <= ValidArguments.longest,
                    case let made = Self.text(from: text, length: most), fits(made)
                {
                    emit("\(label) at its most length \(most)", pointer, put(.string(made)))
                }
                if !text.isEmpty, members["minLength"] == nil, members["enum"] == nil, members["const"] == nil, fits("") {
                    emit("\(label) empty" + Self.unboundedMark, pointer, put(.string("")))
                }
            case .number(let number):
                let integer = Self.types(members).contains("integer")
                // A "number" is whole or not: decoders that tell Int from Double (MCP's Value) take one and refuse the other.
                if Self.types(members).contains("number"), !integer, members["enum"] == nil {
                    let other = number.rounded() == number ? number + 0.5 : number.rounded()
                    if Self.inside(members, near: other, integer: false) == other {
                        emit(
                            "\(label) as \(other.rounded() == other ? "a whole number" : "a fraction") \(JSON.number(other).text)", pointer,
                            put(.number(other)))
                    }
                }
                for (upward, word) in [(true, "minimum"), (false, "maximum")] {
                    let keyword = upward ? "minimum" : "maximum"
                    let exclusive = upward ? "exclusiveMinimum" : "exclusiveMaximum"
                    if let edge = Self.bound(members, keyword, exclusive: exclusive, upward: upward, integer: integer), edge != number {
                        emit("\(label) at its \(word) \(JSON.number(edge).text)", pointer, put(.number(edge)))
                    }
                }
                // What a model sends where no minimum rules it out: a count of 0, an offset of -1.
                if members["enum"] == nil, members["const"] == nil,
                    Self.bound(members, "minimum", exclusive: "exclusiveMinimum", upward: true, integer: integer) == nil
                {
                    for edge in [0.0, -1.0] where edge != number && Self.inside(members, near: edge, integer: integer) == edge {
                        emit("\(label) \(JSON.number(edge).text)" + Self.unboundedMark, pointer, put(.number(edge)))
                    }
                }
            case .bool(let flag):
                if members["enum"] == nil { emit("\(label) \(!flag)", pointer, put(.bool(!flag))) }
            case .array(let items):
                let itemSchema = members["items"] ?? [:]
                let first = items.first ?? make(itemSchema, pointer: pointer + "/0", depth: depth + 1)
                if let least = Self.count(members["minItems"]), least != items.count, least <= ValidArguments.longest {
                    if least == 0 {
                        emit("\(label) with no items", pointer, put(.array([])))
                    } else if let first {
                        emit("\(label) with its least \(least) items", pointer, put(.array(Array(repeating: first, count: least))))
                    }
                } else if members["minItems"] == nil, !items.isEmpty {
                    emit("\(label) with no items" + Self.unboundedMark, pointer, put(.array([])))
                }
                if let most = Self.count(members["maxItems"]), most != items.count, most <= ValidArguments.longest, let first {
                    emit("\(label) with its most \(most) items", pointer, put(.array(Array(repeating: first, count: most))))
                }
                if let first, case .array = value {
                    let rest = Array(items.dropFirst())
                    vary(
                        itemSchema, value: first, pointer: pointer + "/0", field: label + "[0]", depth: depth + 1,
                        put: { put(.array([$0] + rest)) }, emit: emit)
                }
            default:
                break
            }
        }

        /// A string of `length` characters made of `text`'s own (repeated), or of `x` when it has none.
        static func text(from text: String, length: Int) -> String {
            let pieces = text.isEmpty ? Array("x".unicodeScalars) : Array(text.unicodeScalars)
            var view = String.UnicodeScalarView()
            view.append(contentsOf: (0..<length).map { pieces[$0 % pieces.count] })
            return String(view)
        }
    }
}
