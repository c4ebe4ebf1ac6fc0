import Foundation
import Testing

@testable import SkillKit

@Suite("JSON")
struct JSONTests {
    static let sample: JSON = [
        "city": "北京", "days": 3, "ratio": 0.5, "alerts": true, "note": nil,
        "tags": ["晴", 1, false], "nested": ["emoji": "🌞", "path": "a/b"],
    ]

    @Test("literals build the matching cases")
    func literals() {
        let value: JSON = ["s": "x", "i": 1, "d": 1.5, "b": true, "n": nil, "a": [1], "o": ["k": "v"]]
        #expect(
            value
                == .object([
                    "s": .string("x"), "i": .number(1), "d": .number(1.5), "b": .bool(true), "n": .null,
                    "a": .array([.number(1)]), "o": .object(["k": .string("v")]),
                ]))
    }

    @Test("text is compact with sorted keys, integers without a fraction, slashes and Chinese unescaped")
    func text() {
        #expect(
            Self.sample.text
                == #"{"alerts":true,"city":"北京","days":3,"nested":{"emoji":"🌞","path":"a/b"},"note":null,"ratio":0.5,"tags":["晴",1,false]}"#
        )
        #expect(JSON.number(-0.0).text == "0")
        #expect(JSON.number(1e20).text != "null")
    }

    static let values: [JSON] = [.null, true, false, 0, -7, 2.5, 1e20, "", "北京 🌞 \"quoted\" \\ /", [], [:], sample]

    @Test("parse(text) gives the value back, for every kind of value", arguments: JSONTests.values)
    func roundTrip(value: JSON) throws {
        #expect(try JSON(parsing: value.data) == value)
        #expect(try JSON(parsing: Data(value.text.utf8)) == value)
    }

    @Test("numbers and booleans stay apart when parsed: 1 is a number, true a boolean")
    func numbersAndBooleans() throws {
        #expect(try JSON(parsing: Data("[1, 0, true, false, 1.0]".utf8)) == [1, 0, true, false, 1])
        #expect(try JSON(parsing: Data("1".utf8)).kind == "an integer")
    }

    @Test("text that is not JSON throws")
    func notJSON() {
        #expect(throws: (any Error).self) { try JSON(parsing: Data(#"{"city": "北"#.utf8)) }
        #expect(throws: (any Error).self) { try JSON(parsing: Data()) }
    }

    @Test("subscript reads an object's member; nil for a missing key or a non-object")
    func subscripts() {
        #expect(Self.sample["city"] == "北京")
        #expect(Self.sample["missing"] == nil)
        #expect(JSON.string("x")["city"] == nil)
        #expect(Self.sample["city"]?.stringValue == "北京")
        #expect(JSON.number(1).stringValue == nil)
    }

    /// A value, its kind and how an error message quotes it.
    struct Described: Sendable {
        var value: JSON
        var kind: String
        var quoted: String
        init(_ value: JSON, _ kind: String, _ quoted: String) {
            self.value = value
            self.kind = kind
            self.quoted = quoted
        }
    }

    static let described: [Described] = [
        Described(nil, "null", "null"),
        Described(true, "a boolean", "true"),
        Described(3, "an integer", "3"),
        Described(2.5, "a number", "2.5"),
        Described("明天", "a string", "\"明天\""),
        Described([1, 2], "an array", "an array of 2"),
        Described(["a": 1], "an object", "an object"),
        Described(.string(String(repeating: "x", count: 50)), "a string", "\"" + String(repeating: "x", count: 36) + "..."),
    ]

    @Test("kind and quoted, in an error message's words", arguments: JSONTests.described)
    func kindAndQuoted(_ described: Described) {
        #expect(described.value.kind == described.kind)
        #expect(described.value.quoted == described.quoted)
    }

    @Test("a duplicate key in a literal keeps the last value")
    func duplicateKeys() {
        #expect(JSON(dictionaryLiteral: ("a", 1), ("a", 2)) == ["a": 2])
    }

    static let texts: [String] = [
        #"{"a": 1, "b": [true, false, null], "c": {"d": "e"}}"#, "  [1, 2.5e3, -0, 0.125, 1E-2]  ", #""\u00e9\ud83c\udf1e\n\t\"\\\/""#,
        "3", "true", "null", #""plain""#, "{}", "[]", #"{"a": 1, "a": 2}"#, "1e400", "-1e400", "1e-400", "01", "1.", ".5",
        "+1", "[1,]", #"{"a":1,}"#, "[1 2]", "", " ", "nul", "truex", "\"\u{01}\"", #""\ud83c""#, #""\udf1e""#, #""\x""#,
        #""\u12""#, "{\"a\" 1}", "[", "{", "\"abc", #"{"emoji": "🌞", "中": "文"}"#, "[[[[[[]]]]]]", "123456789012345678901234567890",
        "0.1000000000000000055511151231257827", "-", "2e", "2e+", "[\"\\u0000\"]",
    ]

    @Test("the reader takes what JSONDecoder takes, with the same value, and leaves the rest to it", arguments: JSONTests.texts)
    func readerAgreesWithFoundation(text: String) {
        let data = Data(text.utf8)
        let foundation = try? JSONDecoder().decode(JSON.self, from: data)
        if let read = JSON.read(data) {
            #expect(read == foundation, "\(text)")
        }
        #expect((try? JSON(parsing: data)) == foundation, "\(text)")
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        #expect(JSON.read(Data(deep.utf8)) == nil)
    }
}
