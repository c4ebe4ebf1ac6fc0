import Foundation
import SkillKit

/// A turn made ready to play for one request: its pieces, its tool call with its id, its waits.
@available(SkillCheckTesting, *)
struct Playback: Sendable {
    enum Step: Sendable {
        case chunk(LLMStreamChunk)
        case fail(any Error)
        /// An answer with nothing in it still takes its latency.
        case end
    }

    var steps: [Step]
    var latency: ScriptedTurn.Latency
    var response: LLMResponse
    var failure: (any Error)?

    /// How long to wait before step `index`.
    func delay(before index: Int) -> Duration { index == 0 ? latency.first : latency.between }

    /// How long the whole answer takes: what `complete` waits.
    var total: Duration { steps.indices.reduce(.zero) { $0 + delay(before: $1) } }
}

@available(SkillCheckTesting, *)
extension ScriptedTurn {
    /// The turn ready to play; throws the reason when it cannot be played as written.
    func playback(callID: String?) throws(PlaybackProblem) -> Playback {
        let call = toolCall.map { ToolCall(id: $0.id ?? callID ?? "call", name: $0.name, arguments: $0.arguments) }
        var steps = try Self.pieces(of: text, chunks).map { Playback.Step.chunk(.text($0)) }
        if let call { steps.append(.chunk(.toolCall(call))) }
        if let failure { steps.append(.fail(failure)) }
        if steps.isEmpty { steps.append(.end) }
        return Playback(steps: steps, latency: latency, response: LLMResponse(text: text, toolCall: call), failure: failure)
    }

    struct PlaybackProblem: Error { var reason: String }

    /// The text's UTF-8 bytes cut as `chunking` says; no piece for empty text.
    static func pieces(of text: String, _ chunking: Chunking) throws(PlaybackProblem) -> [Data] {
        let bytes = Data(text.utf8)
        guard !bytes.isEmpty else { return [] }
        let cuts: [Int]
        switch chunking {
        case .whole:
            cuts = []
        case .bytes(let size):
            guard size >= 1 else {
                throw PlaybackProblem(reason: "chunks .bytes(\(size)): a piece holds at least 1 byte; write .bytes(1) or more")
            }
            cuts = Array(stride(from: size, to: bytes.count, by: size))
        case .offsets(let offsets):
            for (index, offset) in offsets.enumerated() {
                guard offset > 0, offset < bytes.count else {
                    throw PlaybackProblem(
                        reason: "chunk offset \(offset) is not inside the text's \(bytes.count) bytes; "
                            + "write offsets from 1 to \(bytes.count - 1)")
                }
                if index > 0, offset <= offsets[index - 1] {
                    throw PlaybackProblem(reason: "chunk offsets must increase: \(offset) comes after \(offsets[index - 1])")
                }
            }
            cuts = offsets
        }
        let bounds = [0] + cuts + [bytes.count]
        return zip(bounds, bounds.dropFirst()).map { bytes.subdata(in: $0..<$1) }
    }
}

@available(SkillCheckTesting, *)
extension ScriptedTurn: CustomStringConvertible {
    /// `text "北京今天晴"`, `tool call query_weather {"city":"北京"}`, `failure: rate limited (HTTP 429)`.
    public var description: String {
        var parts: [String] = []
        if !text.isEmpty { parts.append("text \(ScriptedRequest.quote(text))") }
        if let toolCall {
            parts.append("tool call \(toolCall.name) \(ScriptedRequest.abbreviate(String(decoding: toolCall.arguments, as: UTF8.self)))")
        }
        if let failure { parts.append("failure: \(failure)") }
        return parts.isEmpty ? "an empty answer" : parts.joined(separator: ", then ")
    }
}
