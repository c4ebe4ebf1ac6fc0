import Foundation
import SkillScenarios
import Testing

@Suite("JSONParser")
struct JSONParserTests {
    @available(SkillCheckTesting, *)
    @Test("parses every JSON type, keeps key order, and records where each value starts")
    func parses() throws {
        let document = try JSONParser.parse(
            Data("{\n  \"b\": [1, -2.5e3, true, null],\n  \"a\": \"x\\u00e9\\ud83d\\ude00\"\n}".utf8), file: "f")
        guard case .object(let pairs) = document.value else {
            Issue.record("not an object")
            return
        }
        #expect(pairs.map(\.key) == ["b", "a"])
        #expect(document.value["a"] == .string("xé😀"))
        #expect(document.value["b"] == .array([.number(1), .number(-2500), .bool(true), .null]))
        #expect(document.locations["/b/1"] == SourceLocation(line: 2, column: 12))
        #expect(document.locations["/a"] == SourceLocation(line: 3, column: 8))
    }

    @available(SkillCheckTesting, *)
    @Test(
        "rejects malformed JSON with line and column",
        arguments: [
            ("[1,]", "f:1:4: /1: expected a value (object, array, string, number, true, false or null), found ']'"),
            ("{\"a\" 1}", "f:1:6: /: expected ':', found '1'"),
            ("01", "f:1:2: /: expected the end of the document, found '1'"),
            ("\"a\nb\"", "f:1:3: /: expected an escaped control character (such as \\n), found a line break"),
            ("[1.]", "f:1:4: /0: expected a digit after '.', found ']'"),
            ("", "f:1:1: /: expected a value, found the end of the file"),
        ])
    func rejects(text: String, message: String) {
        #expect(throws: TranscriptError.self) { try JSONParser.parse(Data(text.utf8), file: "f") }
        do {
            _ = try JSONParser.parse(Data(text.utf8), file: "f")
        } catch {
            #expect(error.description == message)
        }
    }

    @available(SkillCheckTesting, *)
    @Test("refuses nesting deeper than 256 levels instead of overflowing the stack")
    func depth() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: TranscriptError.self) { try JSONParser.parse(Data(deep.utf8), file: "f") }
    }

    @available(SkillCheckTesting, *)
    @Test("pretty output parses back to the same value")
    func roundTrip() throws {
        let value = try JSONParser.parse(Data(#"{"z": [1, {"y": "\"q\"\n"}], "a": {}}"#.utf8), file: "f").value
        #expect(try JSONParser.parse(Data(value.pretty.utf8), file: "f").value == value)
    }
}
