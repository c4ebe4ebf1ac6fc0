import Foundation
import SkillCheckSupport

extension JSONSchema {
    // MARK: The schema itself

    static func check(_ schema: JSON, at pointer: String, into problems: inout [Problem]) {
        guard case .object(let members) = schema else {
            if case .string(let text) = schema {
                // A bare description where a schema belongs: MCP servers write `"city": "City name"`.
                let fixed: JSON = ["type": "string", "description": .string(text)]
                problems.append(
                    Problem(
                        pointer: pointer,
                        message: "a schema is an object such as {\"type\": \"string\"}, found a string: write \(fixed.text)",
                        edits: [.replace(at: pointer, with: fixed)]))
            } else {
                problems.append(
                    Problem(
                        pointer: pointer,
                        message: "a schema is an object such as {\"type\": \"string\"}, found \(schema.kind) (\(SchemaEdit.byHand))"))
            }
            return
        }
        for key in members.keys.sorted() where !checkedKeywords.contains(key) && !otherKeywords.contains(key) {
            // The nearest keyword, ties broken alphabetically: a Set's order changes from run to run.
            let near = checkedKeywords.union(["description"]).map { (keyword: $0, distance: distance($0, key)) }
                .filter { $0.distance <= 2 }
                .min { ($0.distance, $0.keyword) < ($1.distance, $1.keyword) }?.keyword
            let hint =
                near.map { "; did you mean \"\($0)\"?" }
                ?? "; JSON Schema has no such keyword: remove it (say it in \"description\" if it matters)"
            problems.append(
                Problem(
                    pointer: pointer + "/" + escape(key), message: "unknown keyword \"\(key)\"\(hint)",
                    edits: [near.map { .rename(key, to: $0, at: pointer) } ?? .remove(key, at: pointer)]))
        }
        if let type = members["type"] { checkType(type, at: pointer + "/type", into: &problems) }
        let type = typeNames(members["type"])
        checkProperties(members, type: type, at: pointer, into: &problems)
        checkEnum(members, type: type, at: pointer, into: &problems)
        if let items = members["items"] {
            if type?.contains("array") != true {
                problems.append(
                    Problem(pointer: pointer + "/items", message: "\"items\" only applies to \"type\": \"array\" (\(SchemaEdit.byHand))"))
            }
            check(items, at: pointer + "/items", into: &problems)
        }
        // A pattern that does not compile checks nothing: every value would pass it.
        if case .string(let pattern)? = members["pattern"], matches("", pattern) == nil {
            problems.append(
                Problem(
                    pointer: pointer + "/pattern",
                    message: "the pattern \(JSON.string(pattern).text) is not a regular expression the tool can compile, so it checks "
                        + "nothing: correct it, or remove it (\(SchemaEdit.byHand))"))
        }
        if let format = members["format"] {
            if let name = format.stringValue, !knownFormats.contains(name), distance(name.lowercased(), "date-time") <= 2 {
                problems.append(
                    Problem(
                        pointer: pointer + "/format", message: "unknown format \"\(name)\": write \"date-time\" (ISO 8601)",
                        edits: [.set("format", to: "date-time", at: pointer)]))
            } else if let name = format.stringValue, !knownFormats.contains(name) {
                problems.append(
                    Problem(
                        pointer: pointer + "/format",
                        message:
                            "unknown format \"\(name)\": remove it (say it in \"description\"), or for a date and time write \"date-time\" (ISO 8601)",
                        edits: [.remove("format", at: pointer)]))
            } else if format.stringValue == nil {
                problems.append(
                    Problem(
                        pointer: pointer + "/format",
                        message: "\"format\" is a string such as \"date-time\", found \(format.kind): remove it",
                        edits: [.remove("format", at: pointer)]))
            } else if type == nil {
                problems.append(
                    Problem(
                        pointer: pointer + "/format", message: "\"format\" applies to strings: add \"type\": \"string\"",
                        edits: [.set("type", to: "string", at: pointer)]))
            } else if type?.contains("string") != true {
                problems.append(
                    Problem(
                        pointer: pointer + "/format", message: "\"format\" applies to strings, and this schema is not one: remove it",
                        edits: [.remove("format", at: pointer)]))
            }
        }
        if let extra = members["additionalProperties"], case .bool = extra {
        } else if let extra = members["additionalProperties"] {
            check(extra, at: pointer + "/additionalProperties", into: &problems)
        }
    }

    /// `type` is one type name, or a non-empty array of them such as `["string", "null"]` (a nullable field).
    private static func checkType(_ type: JSON, at pointer: String, into problems: inout [Problem]) {
        func checkName(_ name: String, at pointer: String) {
            if types.contains(name.lowercased()), !types.contains(name) {
                // Gemini's SDKs write OpenAPI's upper-case names.
                problems.append(
                    Problem(
                        pointer: pointer, message: "unknown type \"\(name)\": write \"\(name.lowercased())\"",
                        edits: [.replace(at: pointer, with: .string(name.lowercased()))]))
            } else if !types.contains(name) {
                problems.append(
                    Problem(
                        pointer: pointer,
                        message:
                            "unknown type \"\(name)\": write one of \(types.map { "\"\($0)\"" }.joined(separator: ", ")) (which one is yours to say: \(SchemaEdit.byHand))"
                    ))
            }
        }
        switch type {
        case .string(let name):
            checkName(name, at: pointer)
        case .array(let items) where !items.isEmpty:
            for (index, item) in items.enumerated() {
                if let name = item.stringValue {
                    checkName(name, at: pointer + "/\(index)")
                } else {
                    problems.append(
                        Problem(
                            pointer: pointer + "/\(index)",
                            message: "a type is named by a string such as \"string\", found \(item.kind) (\(SchemaEdit.byHand))"))
                }
            }
        default:
            problems.append(
                Problem(
                    pointer: pointer,
                    message:
                        "\"type\" is a string such as \"string\", or a non-empty array of them such as [\"string\", \"null\"], found \(type.quoted) (\(SchemaEdit.byHand))"
                ))
        }
    }

    /// The names `type` lists: one string, or an array of strings; `nil` when there is no usable `type`.
    static func typeNames(_ type: JSON?) -> [String]? {
        switch type {
        case .string(let name)?: return [name]
        case .array(let items)? where !items.isEmpty:
            let names = items.compactMap(\.stringValue)
            return names.count == items.count ? names : nil
        default: return nil
        }
    }

    private static func checkProperties(_ members: [String: JSON], type: [String]?, at pointer: String, into problems: inout [Problem]) {
        var declared: Set<String> = []
        if let properties = members["properties"] {
            if let type, !type.contains("object") {
                problems.append(
                    Problem(
                        pointer: pointer + "/properties",
                        message: "\"properties\" only applies to \"type\": \"object\" (\(SchemaEdit.byHand))"))
            }
            if case .object(let schemas) = properties {
                declared = Set(schemas.keys)
                for name in schemas.keys.sorted() {
                    check(schemas[name]!, at: pointer + "/properties/" + escape(name), into: &problems)
                }
            } else {
                problems.append(
                    Problem(
                        pointer: pointer + "/properties",
                        message:
                            "\"properties\" maps each field to its schema, such as {\"city\": {\"type\": \"string\"}}, found \(properties.kind) (\(SchemaEdit.byHand))"
                    ))
            }
        }
        guard let required = members["required"] else { return }
        guard case .array(let names) = required else {
            problems.append(
                Problem(
                    pointer: pointer + "/required",
                    message: "\"required\" is an array of field names, such as [\"city\"], found \(required.kind) (\(SchemaEdit.byHand))"))
            return
        }
        for (index, name) in names.enumerated() {
            guard let field = name.stringValue else {
                problems.append(
                    Problem(
                        pointer: pointer + "/required/\(index)",
                        message: "a required field is named by a string, found \(name.kind) (\(SchemaEdit.byHand))"))
                continue
            }
            if !declared.contains(field) {
                let known = declared.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
                problems.append(
                    Problem(
                        pointer: pointer + "/required/\(index)",
                        message:
                            "\"\(field)\" is required but not in \"properties\"\(known.isEmpty ? "" : " (which has \(known))"): take it out of \"required\", or add it to \"properties\"",
                        edits: [.unrequire(field, at: pointer)]))
            }
        }
    }

    private static func checkEnum(_ members: [String: JSON], type: [String]?, at pointer: String, into problems: inout [Problem]) {
        guard let values = members["enum"] else { return }
        guard case .array(let choices) = values, !choices.isEmpty else {
            problems.append(
                Problem(
                    pointer: pointer + "/enum",
                    message: "\"enum\" is a non-empty array of the allowed values, found \(values.quoted) (\(SchemaEdit.byHand))"))
            return
        }
        guard let type else { return }
        let misfits = choices.filter { choice in !type.contains(where: { fits(choice, type: $0) }) }
        for (index, choice) in choices.enumerated() where !type.contains(where: { fits(choice, type: $0) }) {
            let names = type.map { "\"\($0)\"" }.joined(separator: " or ")
            // Taking the misfits out is an edit while a value is left; an enum of misfits only needs a person.
            let kept = choices.filter { !misfits.contains($0) }
            problems.append(
                Problem(
                    pointer: pointer + "/enum/\(index)",
                    message: "\(choice.quoted) is not of the schema's type \(names): "
                        + (kept.isEmpty
                            ? "change \"type\" or the values (\(SchemaEdit.byHand))"
                            : "take it out of \"enum\", or add its type to \"type\""),
                    edits: kept.isEmpty ? [] : [.set("enum", to: .array(kept), at: pointer)]))
        }
    }

    // MARK: Arguments

    /// The first way `value` does not fit `schema`, naming the field; `nil` when it fits.
    ///
    /// `root` is the whole schema, where a local `$ref` (`#/$defs/Unit`) is looked up: Pydantic writes a nested
    /// model that way, and an `Optional[X]` as `"anyOf": [X, {"type": "null"}]`, which is checked here too (so is
    /// `allOf`; `oneOf` is checked as `anyOf` is, so a value that fits two of its choices is not refused).
    static func firstViolation(_ value: JSON, _ schema: JSON, field: String, constraints: Bool = true, root: JSON? = nil) -> String? {
        let root = root ?? schema
        let schema = referenced(schema, in: root)
        let label = field.isEmpty ? "arguments" : field
        if let type = typeNames(schema["type"]), !type.contains(where: { fits(value, type: $0) }) {
            return "\(label): expected \(type.map(article).joined(separator: " or ")), found \(value.quoted)"
        }
        if case .array(let choices)? = schema["enum"], !choices.contains(value) {
            return "\(label): expected one of \(choices.map(\.quoted).joined(separator: ", ")), found \(value.quoted)"
        }
        if let constant = schema["const"], constant != value {
            return "\(label): expected \(constant.quoted), found \(value.quoted)"
        }
        if case .array(let parts)? = schema["allOf"] {
            for part in parts {
                if let violation = firstViolation(value, part, field: field, constraints: constraints, root: root) { return violation }
            }
        }
        for keyword in ["anyOf", "oneOf"] {
            guard case .array(let choices)? = schema[keyword], !choices.isEmpty else { continue }
            let misses = choices.map { firstViolation(value, $0, field: field, constraints: constraints, root: root) }
            guard misses.allSatisfy({ $0 != nil }) else { continue }
            // The miss of a choice of the value's own type says most ("expected one of \"basic\", \"advanced\""),
            // else every choice's type is listed.
            let types = choices.map { typeNames(referenced($0, in: root)["type"]) }
            if let index = types.indices.first(where: { types[$0]?.contains { fits(value, type: $0) } ?? true }) {
                return misses[index]
            }
            let names = types.compactMap { $0 }.flatMap { $0 }.map(article)
            return "\(label): expected \(names.joined(separator: " or ")), found \(value.quoted)"
        }
        if schema["format"] == "date-time", let text = value.stringValue, !isDateTime(text) {
            return "\(label): expected a date-time such as \"2025-04-09T00:00:00Z\", found \(value.quoted)"
        }
        if constraints, let violation = boundViolation(value, schema, label: label) { return violation }
        if constraints, case .string(let text) = value {
            if let format = schema["format"]?.stringValue, format != "date-time", fits(text, format: format) == false {
                return "\(label): expected \(formatExample(format)), found \(value.quoted)"
            }
            if let pattern = schema["pattern"]?.stringValue, matches(text, pattern) == false {
                return "\(label): expected text that matches the pattern \(JSON.string(pattern).text), found \(value.quoted)"
            }
        }
        switch value {
        case .object(let members):
            return objectViolation(members, schema, field: field, constraints: constraints, root: root)
        case .array(let items):
            guard let itemSchema = schema["items"] else { return nil }
            for (index, item) in items.enumerated() {
                if let violation = firstViolation(item, itemSchema, field: "\(label)[\(index)]", constraints: constraints, root: root) {
                    return violation
                }
            }
            return nil
        default:
            return nil
        }
    }

    /// `schema` with a local `$ref` followed, up to 8 in a row (a reference to itself ends there); its other
    /// members stand beside what the reference names.
    package static func referenced(_ schema: JSON, in root: JSON) -> JSON {
        var schema = schema
        for _ in 0..<8 {
            guard case .object(var members) = schema, case .string(let reference)? = members["$ref"],
                let target = target(of: reference, in: root)
            else { break }
            members["$ref"] = nil
            // A reference to a schema that is not an object (`true`) adds nothing to check.
            guard case .object(let named) = target else { return .object(members) }
            schema = .object(named.merging(members) { $1 })
        }
        return schema
    }

    private static func objectViolation(_ members: [String: JSON], _ schema: JSON, field: String, constraints: Bool, root: JSON) -> String?
    {
        let prefix = field.isEmpty ? "" : field + "."
        let properties: [String: JSON]
        if case .object(let schemas)? = schema["properties"] { properties = schemas } else { properties = [:] }
        // null fills a required field only when its type allows null (`["string", "null"]`, as strict
        // function calling writes an optional field).
        for name in schema["required"].flatMap(strings) ?? []
        where members[name] == nil
            || (members[name] == .null && !allowsNull(properties[name].map { referenced($0, in: root) } ?? [:]))
        {
            return "\(prefix)\(name): is required"
        }
        for name in members.keys.sorted() {
            if let propertySchema = properties[name] {
                if members[name] == .null, !(schema["required"].flatMap(strings) ?? []).contains(name) { continue }
                if let violation = firstViolation(
                    members[name]!, propertySchema, field: prefix + name, constraints: constraints, root: root)
                {
                    return violation
                }
            } else if schema["additionalProperties"] == false {
                let known = properties.keys.sorted().joined(separator: ", ")
                return "\(prefix)\(name): is not a field of this tool (fields: \(known))"
            } else if let extra = schema["additionalProperties"], case .object = extra,
                let violation = firstViolation(members[name]!, extra, field: prefix + name, constraints: constraints, root: root)
            {
                return violation
            }
        }
        return nil
    }

    /// The constraint `arguments` break when they fit `schema` in every other way, as a tool decoding them with
    /// ``ToolSkill/decodeArguments(_:from:)`` reads them (a strict provider's `null` for an optional field is
    /// not given); `nil` when they fit it whole, or break more than its constraints.
    ///
    /// The constraints are the bounds, `pattern`, and the formats besides `date-time`: what a provider's variant
    /// may not send, so it takes such arguments as valid, and the tool is the one to refuse them.
    package static func onlyConstraintBroken(_ arguments: JSON, against schema: JSON) -> String? {
        let arguments = droppingNullOptionals(arguments, schema: schema)
        guard let violation = firstViolation(arguments, schema, field: ""),
            firstViolation(arguments, schema, field: "", constraints: false) == nil
        else { return nil }
        return violation
    }

    /// The first stated bound `value` is outside of, such as `days: expected at most 7, found 9`; `nil` when
    /// it is inside them all.
    ///
    /// A number's `minimum` and `maximum` (exclusive as `exclusiveMinimum`/`exclusiveMaximum` numbers, or as
    /// draft 4's `true` beside them) and `multipleOf`; a string's `minLength` and `maxLength`, counted in
    /// Unicode scalars as JSON Schema counts characters; a list's `minItems` and `maxItems`. These are the
    /// bounds a provider's variant may not send (``SchemaVariant/losses``), so the tool is the one to check
    /// them: ``ToolSkill/decodeArguments(_:from:)`` does, here.
    static func boundViolation(_ value: JSON, _ schema: JSON, label: String) -> String? {
        func number(_ keyword: String) -> Double? {
            if case .number(let number)? = schema[keyword] { number } else { nil }
        }
        func count(_ keyword: String) -> Int? {
            guard let number = number(keyword), number >= 0, number.rounded() == number, number < 1e15 else { return nil }
            return Int(number)
        }
        func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
        switch value {
        case .number(let found):
            let shown = JSON.number(found).text
            if let least = number("minimum") {
                let exclusive = schema["exclusiveMinimum"] == .bool(true)
                if exclusive ? found <= least : found < least {
                    return "\(label): expected \(exclusive ? "more than" : "at least") \(JSON.number(least).text), found \(shown)"
                }
            }
            if let least = number("exclusiveMinimum"), found <= least {
                return "\(label): expected more than \(JSON.number(least).text), found \(shown)"
            }
            if let most = number("maximum") {
                let exclusive = schema["exclusiveMaximum"] == .bool(true)
                if exclusive ? found >= most : found > most {
                    return "\(label): expected \(exclusive ? "less than" : "at most") \(JSON.number(most).text), found \(shown)"
                }
            }
            if let most = number("exclusiveMaximum"), found >= most {
                return "\(label): expected less than \(JSON.number(most).text), found \(shown)"
            }
            if let step = number("multipleOf"), step > 0 {
                let quotient = found / step
                if (quotient - quotient.rounded()).magnitude > 1e-9 * max(1, quotient.magnitude) {
                    return "\(label): expected a multiple of \(JSON.number(step).text), found \(shown)"
                }
            }
        case .string(let text):
            let length = text.unicodeScalars.count
            if let least = count("minLength"), length < least {
                return "\(label): expected at least \(plural(least, "character")), found \(plural(length, "character")) (\(value.quoted))"
            }
            if let most = count("maxLength"), length > most {
                return "\(label): expected at most \(plural(most, "character")), found \(plural(length, "character"))"
            }
        case .array(let items):
            if let least = count("minItems"), items.count < least {
                return "\(label): expected at least \(plural(least, "item")), found \(plural(items.count, "item"))"
            }
            if let most = count("maxItems"), items.count > most {
                return "\(label): expected at most \(plural(most, "item")), found \(plural(items.count, "item"))"
            }
        default:
            break
        }
        return nil
    }

    private static func fits(_ value: JSON, type: String) -> Bool {
        switch (type, value) {
        case ("object", .object), ("array", .array), ("string", .string), ("boolean", .bool),
            ("null", .null), ("number", .number):
            true
        case ("integer", .number(let number)): number.rounded() == number
        default: !types.contains(type)
        }
    }

    private static func article(_ type: String) -> String {
        type == "integer" || type == "object" || type == "array" ? "an \(type)" : type == "null" ? "null" : "a \(type)"
    }

    /// An RFC 3339 date-time: a date, `T`, a time, and `Z` or an offset.
    static func isDateTime(_ text: String) -> Bool {
        date(from: text) != nil
    }

    /// The date an RFC 3339 date-time names, with or without fractional seconds.
    static func date(from text: String) -> Date? {
        if let date = plainDate(from: text) { return date }
        // Making a formatter costs more than the validation it serves: two are kept, used one call at a time.
        return dateFormatters.withLock { formatters in
            formatters.plain.date(from: text) ?? formatters.fractional.date(from: text)
        }
    }

    /// `YYYY-MM-DDTHH:MM:SSZ` or `…±HH:MM` from 1900 on, every field in range, read without a formatter (formatters
    /// are slow, and tools check dates on every call); `nil` for anything else, which the formatters then
    /// judge, so what is accepted does not change.
    static func plainDate(from text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 20 || bytes.count == 25 else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let byte = bytes[index]
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"),
            bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            // Before the Gregorian calendar's adoption the formatter counts Julian days: leave old dates to it.
            year >= 1900, (1...12).contains(month), hour < 24, minute < 60, second < 60
        else { return nil }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        guard day >= 1, day <= days else { return nil }
        var offset = 0
        if bytes.count == 20 {
            guard bytes[19] == UInt8(ascii: "Z") else { return nil }
        } else {
            let sign = bytes[19]
            guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"), bytes[22] == UInt8(ascii: ":"),
                let hours = number(20..<22), let minutes = number(23..<25), hours < 24, minutes < 60
            else { return nil }
            offset = (hours * 3600 + minutes * 60) * (sign == UInt8(ascii: "+") ? 1 : -1)
        }
        // Days since 1970-01-01 in the proleptic Gregorian calendar (Howard Hinnant's days_from_civil).
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let daysSinceEpoch = era * 146_097 + dayOfEra - 719_468
        let seconds = daysSinceEpoch * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// `date` as `ISO8601DateFormatter` writes it (`2026-12-04T10:17:23Z`), what `JSONEncoder`'s `.iso8601`
    /// strategy writes. A whole second from 1900 to 9999 is written without a formatter (replay writes a
    /// date into every event it observes); any other date goes to the formatter, whose rounding of
    /// fractions it keeps.
    ///
    /// ```swift
    /// JSONSchema.text(of: Date(timeIntervalSince1970: 0))   // "1970-01-01T00:00:00Z"
    /// ```
    package static func text(of date: Date) -> String {
        let interval = date.timeIntervalSince1970
        guard interval.rounded(.down) == interval, interval >= -2_208_988_800, interval < 253_402_300_800 else {
            return dateFormatters.withLock { $0.plain.string(from: date) }
        }
        let seconds = Int(interval)
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let time = seconds - days * 86_400
        // The civil date of a day count since 1970-01-01 (Howard Hinnant's civil_from_days).
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        var bytes = [UInt8](repeating: 0, count: 20)
        func put(_ value: Int, at start: Int, digits: Int) {
            var value = value
            for index in stride(from: start + digits - 1, through: start, by: -1) {
                bytes[index] = UInt8(0x30 + value % 10)
                value /= 10
            }
        }
        put(year, at: 0, digits: 4)
        put(month, at: 5, digits: 2)
        put(day, at: 8, digits: 2)
        put(time / 3600, at: 11, digits: 2)
        put(time / 60 % 60, at: 14, digits: 2)
        put(time % 60, at: 17, digits: 2)
        for (index, byte) in [(4, "-"), (7, "-"), (10, "T"), (13, ":"), (16, ":"), (19, "Z")] as [(Int, Unicode.Scalar)] {
            bytes[index] = UInt8(ascii: byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static let dateFormatters = Locked(DateFormatters())

    private struct DateFormatters: @unchecked Sendable {
        // Only ever used under the lock above.
        let plain = ISO8601DateFormatter()
        let fractional: ISO8601DateFormatter = {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions.insert(.withFractionalSeconds)
            return formatter
        }()
    }

    /// The JSON pointer token for `key` (`~` → `~0`, `/` → `~1`), for the schema's pointers and the
    /// transcript reader's alike.
    package static func escape(_ key: String) -> String {
        guard key.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return key }
        var token = ""
        for scalar in key.unicodeScalars {
            switch scalar {
            case "~": token += "~0"
            case "/": token += "~1"
            default: token.unicodeScalars.append(scalar)
            }
        }
        return token
    }

    /// A pointer token's member name (`~1` → `/`, `~0` → `~`): the inverse of ``escape(_:)``.
    package static func unescape(_ token: some StringProtocol) -> String {
        guard token.utf8.contains(UInt8(ascii: "~")) else { return String(token) }
        return token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
    }

    /// The member names a JSON pointer (`/properties/a~1b`) passes through: `["properties", "a/b"]`.
    package static func tokens(of pointer: String) -> [String] {
        guard !pointer.isEmpty else { return [] }
        return pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map { unescape($0) }
    }

    /// What a local `$ref` such as `#/$defs/Unit` names in `root`, or `nil` when it names nothing.
    package static func target(of reference: String, in root: JSON) -> JSON? {
        guard reference.hasPrefix("#") else { return nil }
        var target: JSON? = root
        for token in tokens(of: String(reference.dropFirst())) {
            switch target {
            case .object(let members)?: target = members[token]
            case .array(let items)?: target = Int(token).flatMap { items.indices.contains($0) ? items[$0] : nil }
            default: return nil
            }
        }
        return target
    }

    /// Levenshtein distance, for "did you mean".
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var row = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let current = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = current
            }
        }
        return a.isEmpty ? b.count : row[b.count]
    }
}
