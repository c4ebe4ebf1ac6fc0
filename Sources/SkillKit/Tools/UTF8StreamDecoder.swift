import Foundation

/// Turns bytes that arrive in arbitrary pieces into text, never splitting a character (seed 002 §5.2).
///
/// A piece may end inside a multi-byte character: the decoder keeps those bytes until the rest arrives.
/// Bytes that can never form a character become U+FFFD, so one bad byte never blocks the text after it.
///
/// ```swift
/// var decoder = UTF8StreamDecoder()
/// decoder.decode(Data([0xE4, 0xBD]))   // ""
/// decoder.decode(Data([0xA0, 0x21]))   // "你!"
/// decoder.finish()                     // ""
/// ```
package struct UTF8StreamDecoder: Sendable {
    private var pending: [UInt8] = []

    package init() {}

    /// The text of every whole character so far; an unfinished character waits for the next piece.
    package mutating func decode(_ bytes: Data) -> String {
        pending.append(contentsOf: bytes)
        let complete = pending.count - Self.unfinishedTail(pending)
        let text = String(decoding: pending[..<complete], as: UTF8.self)
        pending.removeFirst(complete)
        return text
    }

    /// The end of the stream: bytes of a character that never finished become U+FFFD.
    package mutating func finish() -> String {
        defer { pending = [] }
        return pending.isEmpty ? "" : String(decoding: pending, as: UTF8.self)
    }

    /// How many bytes at the end start a character that is not complete yet (0 to 3).
    static func unfinishedTail(_ bytes: [UInt8]) -> Int {
        var index = bytes.count - 1
        var continuation = 0
        while index >= 0, continuation < 3, bytes[index] & 0b1100_0000 == 0b1000_0000 {
            continuation += 1
            index -= 1
        }
        guard index >= 0 else { return 0 }
        let lead = bytes[index]
        let length: Int
        switch lead {
        case 0b1100_0000...0b1101_1111: length = 2
        case 0b1110_0000...0b1110_1111: length = 3
        case 0b1111_0000...0b1111_0111: length = 4
        default: return 0
        }
        return continuation + 1 < length ? continuation + 1 : 0
    }
}
