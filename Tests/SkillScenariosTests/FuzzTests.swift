import Foundation
import SkillKit
import SkillScenarios
import Testing

@Suite("Fuzzing transcripts")
struct FuzzTests {
    static let interesting: [JSONValue] = [
        .null, .bool(true), .number(-1), .number(0), .number(1e300), .number(0.5), .number(1e9), .string(""),
        .string("1s"), .string("-1s"), .string("10000h"), .string("soon"), .string("last"), .string("note"),
        .string("slow 9999h"), .string("北京天气"), .string(String(repeating: "记一下", count: 300)), .array([]),
        .object([]), .string("{"), .string("/messages/*"), .object([("send", .string("echo x"))]),
    ]

    /// Mutates `text`: a byte-level edit, or a value replaced somewhere in the tree.
    static func mutate(_ text: String, using random: inout SeededRandomNumberGenerator) -> String {
        var bytes = Array(text.utf8)
        switch Int.random(in: 0..<4, using: &random) {
        case 0 where !bytes.isEmpty:
            let start = Int.random(in: 0..<bytes.count, using: &random)
            bytes.removeSubrange(start..<min(bytes.count, start + Int.random(in: 1...6, using: &random)))
        case 1:
            let insertions = Array("{}[]\",:0123456789.-eE\\u\n ".utf8)
            bytes.insert(insertions.randomElement(using: &random)!, at: Int.random(in: 0...bytes.count, using: &random))
        default:
            guard let document = try? JSONParser.parse(Data(bytes), file: "fuzz") else { break }
            let pointers = document.locations.keys.sorted()
            let target = pointers.randomElement(using: &random)!
            let replacement = interesting.randomElement(using: &random)!
            return replace(document.value, at: Matcher.tokens(of: target), with: replacement).pretty
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func replace(_ value: JSONValue, at tokens: [String], with replacement: JSONValue) -> JSONValue {
        guard let first = tokens.first else { return replacement }
        switch value {
        case .object(let pairs):
            return .object(
                pairs.map { $0.key == first ? ($0.key, replace($0.value, at: Array(tokens.dropFirst()), with: replacement)) : $0 })
        case .array(var items):
            if let index = Int(first), items.indices.contains(index) {
                items[index] = replace(items[index], at: Array(tokens.dropFirst()), with: replacement)
            }
            return .array(items)
        default:
            return value
        }
    }

    @available(SkillCheckTesting, *)
    @Test("10,000 seeded mutations of the corpus: every one replays or is rejected with a located error")
    func fuzz() throws {
        let corpus = try Fixtures.corpus().map { try String(contentsOf: $0.url, encoding: .utf8) }
        try #require(!corpus.isEmpty)
        var replayer = Replayer(skills: Fixtures.skills)
        replayer.maxWakes = 10_000
        var random = SeededRandomNumberGenerator(seed: 20_261_202)
        var replayed = 0, rejected = 0
        for _ in 0..<10_000 {
            var text = corpus.randomElement(using: &random)!
            for _ in 0..<Int.random(in: 1...3, using: &random) { text = Self.mutate(text, using: &random) }
            do {
                let transcript = try Transcript.parse(Data(text.utf8), file: "fuzz.json")
                _ = try replayer.replay(transcript)
                replayed += 1
            } catch {
                #expect(error.location.line >= 1 && error.location.column >= 1)
                #expect(!error.expected.isEmpty)
                rejected += 1
            }
        }
        #expect(replayed + rejected == 10_000)
        #expect(replayed > 1_000 && rejected > 1_000, "replayed \(replayed), rejected \(rejected)")
    }
}
