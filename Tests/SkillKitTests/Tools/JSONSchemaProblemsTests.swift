import Foundation
import SkillKit
import Testing

@Suite("JSONSchema.problems(in:)")
struct JSONSchemaProblemsTests {
    static let calendar: JSON = [
        "type": "object",
        "description": "查找日程",
        "properties": [
            "start": ["type": "string", "format": "date-time", "description": "开始时间"],
            "days": ["type": "integer", "minimum": 1],
            "kind": ["type": "string", "enum": ["work", "home"]],
            "tags": ["type": "array", "items": ["type": "string"]],
            "place": ["type": "object", "properties": ["city": ["type": "string"]], "required": ["city"], "additionalProperties": false],
        ],
        "required": ["start"],
        "additionalProperties": false,
    ]

    @Test("a valid schema has no problems")
    func valid() {
        #expect(JSONSchema.problems(in: Self.calendar).isEmpty)
        #expect(JSONSchema.problems(in: ["type": "object"]).isEmpty)
        #expect(JSONSchema.problems(in: ["type": "object", "properties": ["x": [:]], "additionalProperties": ["type": "string"]]).isEmpty)
        let nullable: JSON = ["type": ["string", "null"], "format": "date-time", "enum": ["2025-04-09T00:00:00Z", nil]]
        #expect(JSONSchema.problems(in: ["type": "object", "properties": ["start": nullable], "required": ["start"]]).isEmpty)
        #expect(
            JSONSchema.problems(in: ["type": "object", "properties": ["tags": ["type": ["array", "null"], "items": ["type": "string"]]]])
                .isEmpty)
    }

    /// One schema with the one problem it has.
    struct ProblemCase: Sendable, CustomTestStringConvertible {
        var schema: JSON
        var pointer: String
        var message: String
        init(_ schema: JSON, _ pointer: String, _ message: String) {
            self.schema = schema
            self.pointer = pointer
            self.message = message
        }
        var testDescription: String { pointer.isEmpty ? "/" : pointer }
    }

    static let problemCases: [ProblemCase] = [
        ProblemCase(["type": "string"], "/type", "a tool's arguments are an object: write \"type\": \"object\", found \"string\""),
        ProblemCase(
            ["type": "object", "properties": ["a": "string"]], "/properties/a",
            "a schema is an object such as {\"type\": \"string\"}, found a string"),
        ProblemCase(["type": "object", "requird": ["a"]], "/requird", "unknown keyword \"requird\"; did you mean \"required\"?"),
        ProblemCase(["type": "object", "colour": 1], "/colour", "unknown keyword \"colour\"; JSON Schema has no such keyword"),
        ProblemCase(
            ["type": "object", "properties": ["a": ["type": "text"]]], "/properties/a/type", "unknown type \"text\": write one of"),
        ProblemCase(
            ["type": "object", "properties": ["a": ["type": 5]]], "/properties/a/type",
            "\"type\" is a string such as \"string\", or a non-empty array of them such as [\"string\", \"null\"], found 5"),
        ProblemCase(
            ["type": "object", "properties": ["a": ["type": []]]], "/properties/a/type",
            "\"type\" is a string such as \"string\", or a non-empty array of them such as [\"string\", \"null\"], found an array of 0"),
        ProblemCase(["type": "object", "properties": ["a": ["type": ["string", "txt"]]]], "/properties/a/type/1", "unknown type \"txt\""),
        ProblemCase(
            ["type": "object", "properties": ["a": ["type": ["string", 1]]]], "/properties/a/type/1",
            "a type is named by a string such as \"string\", found an integer"),
        ProblemCase(
            ["type": "object", "properties": ["a": ["type": ["integer", "null"], "enum": [1, "x"]]]], "/properties/a/enum/1",
            "\"x\" is not of the schema's type \"integer\" or \"null\""),
        ProblemCase(
            ["type": "object", "properties": ["a": ["type": ["integer", "null"], "format": "date-time"]]], "/properties/a/format",
            "\"format\" applies to strings"),
        ProblemCase(
            ["type": "object", "properties": ["a": ["type": "string", "properties": [:]]]], "/properties/a/properties",
            "\"properties\" only applies to \"type\": \"object\""),
        ProblemCase(["type": "object", "properties": ["a", "b"]], "/properties", "\"properties\" maps each field to its schema"),
        ProblemCase(
            ["type": "object", "properties": [:], "required": "a"], "/required",
            "\"required\" is an array of field names, such as [\"city\"], found a string"),
        ProblemCase(
            ["type": "object", "properties": ["a": [:]], "required": [1]], "/required/0",
            "a required field is named by a string, found an integer"),
        ProblemCase(
            ["type": "object", "properties": ["a": [:]], "required": ["a", "b"]], "/required/1",
            "\"b\" is required but not in \"properties\" (which has \"a\")"),
        ProblemCase(
            ["type": "object", "properties": ["a": ["type": "string", "enum": []]]], "/properties/a/enum",
            "\"enum\" is a non-empty array of the allowed values"),
        ProblemCase(
            ["type": "object", "properties": ["a": ["type": "string", "enum": ["x", 2]]]], "/properties/a/enum/1",
            "2 is not of the schema's type \"string\""),
        ProblemCase(
            ["type": "object", "properties": ["a": ["type": "string", "items": ["type": "string"]]]], "/properties/a/items",
            "\"items\" only applies to \"type\": \"array\""),
        ProblemCase(
            ["type": "object", "properties": ["a": ["type": "array", "items": ["type": "strng"]]]], "/properties/a/items/type",
            "unknown type \"strng\""),
        ProblemCase(
            ["type": "object", "properties": ["a": ["type": "string", "format": "datetime"]]], "/properties/a/format",
            "unknown format \"datetime\": write \"date-time\" (ISO 8601)"),
        ProblemCase(
            ["type": "object", "properties": ["a": ["type": "string", "format": 1]]], "/properties/a/format",
            "\"format\" is a string such as \"date-time\", found an integer"),
        ProblemCase(
            ["type": "object", "properties": ["a": ["type": "integer", "format": "date-time"]]], "/properties/a/format",
            "\"format\" applies to strings, and this schema is not one: remove it"),
        ProblemCase(["type": "object", "additionalProperties": ["type": "txt"]], "/additionalProperties/type", "unknown type \"txt\""),
        ProblemCase(["type": "object", "properties": ["a/b~c": ["type": "txt"]]], "/properties/a~1b~0c/type", "unknown type \"txt\""),
        ProblemCase(JSON.string("object"), "", "a schema is an object such as {\"type\": \"string\"}, found a string"),
        ProblemCase(
            ["type": "object", "properties": ["code": ["type": "string", "pattern": "^[A-Z{3}$"]]], "/properties/code/pattern",
            "the pattern \"^[A-Z{3}$\" is not a regular expression the tool can compile, so it checks nothing"),
    ]

    @Test("each kind of problem is reported at its JSON pointer", arguments: JSONSchemaProblemsTests.problemCases)
    func problem(_ problem: ProblemCase) {
        let (schema, pointer, message) = (problem.schema, problem.pointer, problem.message)
        let problems = JSONSchema.problems(in: schema)
        #expect(problems.count == 1, "\(problems)")
        #expect(problems.first?.pointer == pointer)
        #expect(problems.first?.message.hasPrefix(message) == true, "\(problems.first?.message ?? "none")")
        // Its fix is an edit that removes the problem, or says a person must decide.
        guard let found = problems.first else { return }
        if found.edits.isEmpty {
            #expect(found.message.contains(SchemaEdit.byHand), "\(found)")
        } else {
            let fixed = found.edits.reduce(schema) { $1.applied(to: $0) }
            #expect(!JSONSchema.problems(in: fixed).contains { $0.pointer == found.pointer && $0.message == found.message }, "\(fixed)")
        }
    }

    @Test("problems come in document order, each described with its pointer")
    func order() {
        let problems = JSONSchema.problems(in: ["type": "object", "properties": ["b": ["type": "x"], "a": ["type": "y"]], "zz": 1])
        #expect(problems.map(\.pointer) == ["/zz", "/properties/a/type", "/properties/b/type"])
        #expect(JSONSchema.Problem(pointer: "", message: "m").description == "/: m")
        #expect(problems[0].description.hasPrefix("/zz: unknown keyword"))
    }

    @Test("the 'did you mean' hint is the same every run: nearest keyword, then alphabetical")
    func deterministicHint() {
        // "tyum" is two edits from both "type" and "enum".
        #expect(
            JSONSchema.problems(in: ["type": "object", "tyum": 1]).first?.message == "unknown keyword \"tyum\"; did you mean \"enum\"?")
        #expect(
            JSONSchema.problems(in: ["type": "object", "itens": 1]).first?.message == "unknown keyword \"itens\"; did you mean \"items\"?")
    }
}
