import Foundation
import SkillKit
import Testing

@Suite("JSONSchema.validate and example(for:)")
struct JSONSchemaValidationTests {
    static let schema = JSONSchemaProblemsTests.calendar
    static let valid: JSON = ["start": "2025-04-09T08:00:00+08:00", "days": 3, "kind": "work", "tags": ["a"], "place": ["city": "北京"]]

    @Test("arguments that fit pass, optional fields may be missing or null")
    func fits() throws {
        try JSONSchema.validate(Self.valid, against: Self.schema)
        try JSONSchema.validate(["start": "2025-04-09T00:00:00Z"], against: Self.schema)
        try JSONSchema.validate(["start": "2025-04-09T00:00:00.250Z", "days": nil], against: Self.schema)
        #expect(try JSONSchema.validate(Self.valid.data, against: Self.schema) == Self.valid)
    }

    /// Arguments with the message their first violation gives.
    struct Violation: Sendable, CustomTestStringConvertible {
        var arguments: JSON
        var message: String
        init(_ arguments: JSON, _ message: String) {
            self.arguments = arguments
            self.message = message
        }
        var testDescription: String { message }
    }

    static let violations: [Violation] = [
        Violation(["start": "2025-04-09T00:00:00Z", "days": "three"], "days: expected an integer, found \"three\""),
        Violation(["start": "2025-04-09T00:00:00Z", "days": 2.5], "days: expected an integer, found 2.5"),
        Violation([:], "start: is required"),
        Violation(["start": nil], "start: is required"),
        Violation(["start": "2025-04-09T00:00:00Z", "kind": "play"], "kind: expected one of \"work\", \"home\", found \"play\""),
        Violation(["start": "明天"], "start: expected a date-time such as \"2025-04-09T00:00:00Z\", found \"明天\""),
        Violation(["start": "2025-04-09"], "start: expected a date-time such as \"2025-04-09T00:00:00Z\", found \"2025-04-09\""),
        Violation(["start": 20250409], "start: expected a string, found 20250409"),
        Violation(["start": "2025-04-09T00:00:00Z", "place": ["city": 1]], "place.city: expected a string, found 1"),
        Violation(["start": "2025-04-09T00:00:00Z", "place": [:]], "place.city: is required"),
        Violation(
            ["start": "2025-04-09T00:00:00Z", "place": ["city": "北京", "zip": "1"]], "place.zip: is not a field of this tool (fields: city)"),
        Violation(["start": "2025-04-09T00:00:00Z", "tags": ["a", 2]], "tags[1]: expected a string, found 2"),
        Violation(["start": "2025-04-09T00:00:00Z", "tags": "a"], "tags: expected an array, found \"a\""),
        Violation(
            ["start": "2025-04-09T00:00:00Z", "colour": "red"],
            "colour: is not a field of this tool (fields: days, kind, place, start, tags)"),
        Violation(["北京", 1], "arguments: expected an object, found an array of 2"),
    ]

    @Test("each violation names the field", arguments: JSONSchemaValidationTests.violations)
    func violation(_ violation: Violation) {
        #expect(throws: SkillError.invalidInput(violation.message)) {
            try JSONSchema.validate(violation.arguments, against: Self.schema)
        }
    }

    static let bounded: JSON = [
        "type": "object",
        "properties": [
            "days": ["type": "integer", "minimum": 1, "maximum": 7],
            "share": ["type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 1],
            "legacy": ["type": "number", "minimum": 0, "exclusiveMinimum": true, "maximum": 10, "exclusiveMaximum": true],
            "step": ["type": "number", "multipleOf": 0.5],
            "name": ["type": "string", "minLength": 2, "maxLength": 4],
            "tags": ["type": "array", "items": ["type": "string"], "minItems": 1, "maxItems": 2],
        ],
    ]

    @Test(
        "each stated bound is checked, as a strict provider's variant that does not send it lets a model break it",
        arguments: [
            (["days": 0], "days: expected at least 1, found 0"),
            (["days": 8], "days: expected at most 7, found 8"),
            (["share": 0], "share: expected more than 0, found 0"),
            (["share": 1], "share: expected less than 1, found 1"),
            (["legacy": 0], "legacy: expected more than 0, found 0"),
            (["legacy": 10], "legacy: expected less than 10, found 10"),
            (["step": 0.3], "step: expected a multiple of 0.5, found 0.3"),
            (["name": "a"], "name: expected at least 2 characters, found 1 character (\"a\")"),
            (["name": "abcde"], "name: expected at most 4 characters, found 5 characters"),
            (["tags": []], "tags: expected at least 1 item, found 0 items"),
            (["tags": ["a", "b", "c"]], "tags: expected at most 2 items, found 3 items"),
        ] as [(JSON, String)])
    func bounds(arguments: JSON, message: String) {
        #expect(throws: SkillError.invalidInput(message)) { try JSONSchema.validate(arguments, against: Self.bounded) }
    }

    static let formatted: JSON = [
        "type": "object",
        "properties": [
            "day": ["type": "string", "format": "date"], "at": ["type": "string", "format": "time"],
            "lasting": ["type": "string", "format": "duration"], "mail": ["type": "string", "format": "email"],
            "host": ["type": "string", "format": "hostname"], "v4": ["type": "string", "format": "ipv4"],
            "v6": ["type": "string", "format": "ipv6"], "url": ["type": "string", "format": "uri"],
            "id": ["type": "string", "format": "uuid"], "code": ["type": "string", "pattern": "^[A-Z]{3}$"],
            "template": ["type": "string", "format": "uri-template"], "odd": ["type": "string", "pattern": "(unclosed"],
        ],
    ]

    @Test(
        "formats and patterns a provider's variant may drop are checked; a format the kit does not know and a pattern that does not compile check nothing"
    )
    func formatsAndPatterns() throws {
        try JSONSchema.validate(
            [
                "day": "2024-02-29", "at": "08:30:00.5+08:00", "lasting": "P3DT4H", "mail": "ada@example.com", "host": "api.example.com",
                "v4": "192.0.2.1", "v6": "2001:db8::1", "url": "https://example.com/a?b=c", "id": "3F2504E0-4F89-11D3-9A0C-0305E82C3301",
                "code": "USD", "template": "{anything}", "odd": "x",
            ], against: Self.formatted)
        for (arguments, message) in [
            (["day": "2025-02-29"], "day: expected a date such as \"2025-04-09\", found \"2025-02-29\""),
            (["at": "8:30"], "at: expected a time such as \"08:30:00Z\", found \"8:30\""),
            (["lasting": "P"], "lasting: expected a duration such as \"PT30M\", found \"P\""),
            (["mail": "ada"], "mail: expected an email address such as \"ada@example.com\", found \"ada\""),
            (["host": "-bad-.com"], "host: expected a host name such as \"example.com\", found \"-bad-.com\""),
            (["v4": "256.1.1.1"], "v4: expected an IPv4 address such as \"192.0.2.1\", found \"256.1.1.1\""),
            (["v6": "2001:db8:::1"], "v6: expected an IPv6 address such as \"2001:db8::1\", found \"2001:db8:::1\""),
            (["url": "example.com"], "url: expected a URI such as \"https://example.com/page\", found \"example.com\""),
            (["id": "42"], "id: expected a UUID such as \"3F2504E0-4F89-11D3-9A0C-0305E82C3301\", found \"42\""),
            (["code": "usd"], "code: expected text that matches the pattern \"^[A-Z]{3}$\", found \"usd\""),
        ] as [(JSON, String)] {
            #expect(throws: SkillError.invalidInput(message)) { try JSONSchema.validate(arguments, against: Self.formatted) }
        }
    }

    @Test("values at their bounds pass; a length counts Unicode scalars, as JSON Schema counts characters")
    func insideBounds() throws {
        try JSONSchema.validate(
            ["days": 1, "share": 0.5, "legacy": 9.5, "step": 1.5, "name": "ab", "tags": ["a"]], against: Self.bounded)
        try JSONSchema.validate(["days": 7, "step": -2, "name": "abcd", "tags": ["a", "b"]], against: Self.bounded)
        // 👍🏽 is one Character of two scalars: four scalars fit a maxLength of 4, five do not.
        try JSONSchema.validate(["name": "👍🏽👍🏽"], against: Self.bounded)
        #expect(throws: SkillError.invalidInput("name: expected at most 4 characters, found 5 characters")) {
            try JSONSchema.validate(["name": "👍🏽👍🏽a"], against: Self.bounded)
        }
    }

    @Test(
        "text that is not JSON is invalid input, quoting the start of the text",
        arguments: [
            (#"{"start": "2025"#, #"arguments are not JSON: {"start": "2025"#),
            ("", "arguments are not JSON: (empty)"),
        ])
    func notJSON(text: String, message: String) {
        #expect(throws: SkillError.invalidInput(message)) { try JSONSchema.validate(Data(text.utf8), against: Self.schema) }
    }

    @Test("the quoted start of text that is not JSON never ends inside a character")
    func notJSONQuoteCut() {
        let text = #"{"city": ""# + String(repeating: "北", count: 80)
        do {
            try JSONSchema.validate(Data(text.utf8), against: Self.schema)
            Issue.record("expected invalidInput")
        } catch {
            #expect(error == .invalidInput("arguments are not JSON: " + String(text.prefix(60))))
        }
    }

    @Test("additional properties are allowed unless the schema says false")
    func additionalAllowed() throws {
        try JSONSchema.validate(["a": 1, "b": "x"], against: ["type": "object", "properties": ["a": ["type": "integer"]]])
    }

    @Test("an additionalProperties schema checks the extra fields")
    func additionalSchema() {
        let schema: JSON = ["type": "object", "properties": ["a": ["type": "integer"]], "additionalProperties": ["type": "string"]]
        #expect(throws: SkillError.invalidInput("b: expected a string, found 2")) {
            try JSONSchema.validate(["a": 1, "b": 2], against: schema)
        }
        #expect(throws: Never.self) { try JSONSchema.validate(["a": 1, "b": "x"], against: schema) }
    }

    /// Pydantic's shape (LangChain's tavily_extract): `Optional[X]` as an anyOf with null, a nested model by `$ref`.
    static let pydantic: JSON = [
        "type": "object",
        "properties": [
            "urls": ["type": "array", "items": ["type": "string"]],
            "extract_depth": ["anyOf": [["enum": ["basic", "advanced"], "type": "string"], ["type": "null"]], "default": "basic"],
            "author": ["$ref": "#/$defs/Author"],
            "kind": ["const": "page"],
            "limit": ["allOf": [["type": "integer"], ["minimum": 1]]],
            "id": ["oneOf": [["type": "string"], ["type": "integer"]]],
        ],
        "required": ["urls", "author"],
        "$defs": ["Author": ["type": "object", "properties": ["name": ["type": "string"]], "required": ["name"]]],
    ]

    @Test("anyOf, oneOf (as anyOf), allOf, const and a local $ref are checked, as Pydantic and Zod write them")
    func unionsAndReferences() {
        let fits: [String: JSON] = ["urls": ["https://example.com"], "author": ["name": "Ada"]]
        #expect(throws: Never.self) { try JSONSchema.validate(.object(fits), against: Self.pydantic) }
        for (field, value) in [
            ("extract_depth", "advanced"), ("extract_depth", nil), ("kind", "page"), ("limit", 3), ("id", 7), ("id", "a7"),
        ] as [(String, JSON)] {
            var arguments = fits
            arguments[field] = value
            #expect(throws: Never.self, "\(field) \(value.text)") { try JSONSchema.validate(.object(arguments), against: Self.pydantic) }
        }
        let refused: [(String, JSON, String)] = [
            ("extract_depth", "deep", #"extract_depth: expected one of "basic", "advanced", found "deep""#),
            ("extract_depth", 2, "extract_depth: expected a string or null, found 2"),
            ("author", ["nom": "Ada"], "author.name: is required"),
            ("kind", "post", #"kind: expected "page", found "post""#),
            ("limit", 0, "limit: expected at least 1, found 0"),
            ("id", true, "id: expected a string or an integer, found true"),
        ]
        for (field, value, message) in refused {
            var arguments = fits
            arguments[field] = value
            #expect(throws: SkillError.invalidInput(message)) { try JSONSchema.validate(.object(arguments), against: Self.pydantic) }
        }
        // A reference to itself ends, and a reference that names nothing checks nothing.
        let loop: JSON = [
            "type": "object", "properties": ["a": ["$ref": "#/$defs/A"], "b": ["$ref": "#/$defs/none"]],
            "$defs": ["A": ["$ref": "#/$defs/A"]],
        ]
        #expect(throws: Never.self) { try JSONSchema.validate(["a": 1, "b": 2], against: loop) }
    }

    static let exampleSchemas: [JSON] = [
        JSONSchemaProblemsTests.calendar,
        ["type": "object"],
        ["type": "object", "properties": ["n": ["type": "number"], "b": ["type": "boolean"]], "required": ["n", "b"]],
        [
            "type": "object", "properties": ["list": ["type": "array", "items": ["type": "integer", "enum": [7, 8]]]], "required": ["list"],
        ],
        [
            "type": "object", "properties": ["when": ["type": "string", "format": "date-time"]], "required": ["when"],
            "additionalProperties": false,
        ],
        ["properties": ["x": ["type": "string"]], "required": ["x"]],
    ]

    @Test("example(for:) fits its schema", arguments: JSONSchemaValidationTests.exampleSchemas)
    func exampleFits(schema: JSON) throws {
        #expect(JSONSchema.problems(in: schema).isEmpty)
        let example = JSONSchema.example(for: schema)
        try JSONSchema.validate(example, against: schema)
    }

    static let strict: JSON = [
        "type": "object",
        "properties": ["city": ["type": "string"], "days": ["type": ["integer", "null"]]],
        "required": ["city", "days"],
        "additionalProperties": false,
    ]

    @Test(
        "a nullable field (type [\"integer\", \"null\"], as strict function calling writes an optional one) takes null, even when required")
    func nullable() throws {
        try JSONSchema.validate(["city": "北京", "days": nil], against: Self.strict)
        try JSONSchema.validate(["city": "北京", "days": 3], against: Self.strict)
        #expect(throws: SkillError.invalidInput("days: expected an integer or null, found \"3\"")) {
            try JSONSchema.validate(["city": "北京", "days": "3"], against: Self.strict)
        }
        #expect(throws: SkillError.invalidInput("days: is required")) { try JSONSchema.validate(["city": "北京"], against: Self.strict) }
        #expect(throws: SkillError.invalidInput("city: is required")) {
            try JSONSchema.validate(["city": nil, "days": 1], against: Self.strict)
        }
        #expect(JSONSchema.example(for: Self.strict) == ["city": "example", "days": 1])
        #expect(JSONSchema.problems(in: Self.strict).isEmpty)
    }

    @Test("example(for:) reads Gemini's capitalised types: an OBJECT's required STRING is filled")
    func exampleOfGeminiSchema() {
        let schema: JSON = [
            "type": "OBJECT", "properties": ["currency_from": ["type": "STRING"], "amount": ["type": "NUMBER"]],
            "required": ["currency_from", "amount"],
        ]
        #expect(JSONSchema.example(for: schema) == ["currency_from": "example", "amount": 1])
    }

    @Test("example(for:) fills every required field: enum's first value, a date-time, one array item")
    func exampleValues() {
        #expect(JSONSchema.example(for: Self.schema) == ["start": "2025-04-09T00:00:00Z"])
        let all: JSON = [
            "type": "object", "properties": ["k": ["type": "string", "enum": ["b", "a"]], "l": ["type": "array"]], "required": ["k", "l"],
        ]
        #expect(JSONSchema.example(for: all) == ["k": "b", "l": ["example"]])
    }
}
