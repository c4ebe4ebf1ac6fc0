import Foundation
import SkillScenarios
import Testing

@Suite("Text that is not UTF-8")
struct InvalidUTF8Tests {
    /// `text` as UTF-8, with each `#` replaced by the invalid byte 0xFF.
    static func bytes(_ text: String) -> [UInt8] {
        text.utf8.map { $0 == UInt8(ascii: "#") ? 0xFF : $0 }
    }

    static let cases: [(bytes: [UInt8], message: String)] = [
        (
            [0x5B, 0x22, 0x61, 0xE2, 0x82, 0x22, 0x5D],
            "f:1:4: /0: expected UTF-8 text, found the bytes 0xE2 0x82 (byte offset 3), which are not UTF-8"
        ),
        (
            bytes("{\"a\": 1,\n \"b\": \"é#\"}"),
            "f:2:9: /b: expected UTF-8 text, found the byte 0xFF (byte offset 18), which is not UTF-8"
        ),
        (
            bytes("{\"a\": 1, \"k#\": 2}"),
            "f:1:12: /: expected UTF-8 text, found the byte 0xFF (byte offset 11), which is not UTF-8"
        ),
        (
            bytes("[1, 2]\n\n#"),
            "f:3:1: /: expected UTF-8 text, found the byte 0xFF (byte offset 8), which is not UTF-8"
        ),
    ]

    @available(SkillCheckTesting, *)
    @Test(
        "is reported at its first invalid byte: line:column, byte offset, the bytes, and the string that holds them",
        arguments: 0..<4)
    func located(index: Int) {
        let (bytes, message) = Self.cases[index]
        do {
            _ = try JSONParser.parse(Data(bytes), file: "f")
            Issue.record("accepted")
        } catch {
            #expect(error.description == message)
        }
    }
}
