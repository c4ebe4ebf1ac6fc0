import Foundation
import SkillKit
import Testing

@Suite("UTF8StreamDecoder")
struct UTF8StreamDecoderTests {
    /// ASCII, 2-, 3- and 4-byte characters, and a flag of two scalars.
    static let text = "Hi é 北京 🌞! 🇨🇳"

    static func decode(_ pieces: [[UInt8]]) -> (parts: [String], total: String) {
        var decoder = UTF8StreamDecoder()
        let parts = pieces.map { decoder.decode(Data($0)) }
        let end = decoder.finish()
        return (parts, parts.joined() + end)
    }

    @Test("every split point of a mixed string decodes back to the string")
    func everySplit() {
        let bytes = Array(Self.text.utf8)
        for cut in 0...bytes.count {
            let result = Self.decode([Array(bytes[..<cut]), Array(bytes[cut...])])
            #expect(result.total == Self.text, "cut at \(cut)")
            #expect(!result.parts.joined().contains("\u{FFFD}"), "cut at \(cut)")
        }
    }

    @Test("every pair of split points decodes back to the string")
    func everyPairOfSplits() {
        let bytes = Array(Self.text.utf8)
        for first in 0...bytes.count {
            for second in first...bytes.count {
                let pieces = [Array(bytes[..<first]), Array(bytes[first..<second]), Array(bytes[second...])]
                #expect(Self.decode(pieces).total == Self.text, "cuts at \(first), \(second)")
            }
        }
    }

    @Test("one byte at a time: text comes out as each character completes")
    func byteByByte() {
        let result = Self.decode(Array("a北🌞".utf8).map { [$0] })
        #expect(result.parts == ["a", "", "", "北", "", "", "", "🌞"])
        #expect(result.total == "a北🌞")
    }

    @Test("the seed's example: a character split across two pieces")
    func seedExample() {
        var decoder = UTF8StreamDecoder()
        #expect(decoder.decode(Data([0xE4, 0xBD])) == "")
        #expect(decoder.decode(Data([0xA0, 0x21])) == "你!")
        #expect(decoder.finish() == "")
    }

    @Test(
        "invalid bytes become U+FFFD and never block the text after them",
        arguments: [
            ([[0xFF], [0x41]], ["\u{FFFD}", "A"], ""),
            ([[0x80, 0x41]], ["\u{FFFD}A"], ""),
            ([[0xE4, 0xBD], [0x41]], ["", "\u{FFFD}A"], ""),
            ([[0xE4, 0xBD]], [""], "\u{FFFD}"),
            ([[0xF0, 0x9F, 0x8C]], [""], "\u{FFFD}"),
            ([[0x80, 0x80, 0x80, 0x80], [0x41]], ["\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}", "A"], ""),
            ([[0xC0, 0xAF], [0x42]], ["\u{FFFD}\u{FFFD}", "B"], ""),
        ] as [([[UInt8]], [String], String)])
    func invalid(pieces: [[UInt8]], parts: [String], end: String) {
        var decoder = UTF8StreamDecoder()
        #expect(pieces.map { decoder.decode(Data($0)) } == parts)
        #expect(decoder.finish() == end)
        #expect(decoder.finish() == "")
    }

    @Test("empty pieces change nothing")
    func emptyPieces() {
        #expect(Self.decode([[], Array("北".utf8.prefix(1)), [], Array("北".utf8.dropFirst()), []]).total == "北")
    }
}
