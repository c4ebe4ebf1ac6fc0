import Foundation
import SkillEngine
import SkillKit

/// The app's own model client, recording every request for a ``SessionRecorder``.
///
/// It answers exactly as the client it wraps: same text, same pieces, same tool calls, same errors.
///
/// ```swift
/// let model = recorder.recording(liveClient)   // the app's own client: any LLMClient
/// ```
@available(SkillCheckTesting, *)
public struct RecordingLLMClient: LLMClient {
    let base: any LLMClient
    let recorder: SessionRecorder

    /// The wrapped client's dialect: the engine sends the tools' schemas as that client would get them.
    public var schemaDialect: SchemaDialect { base.schemaDialect }

    public func complete(messages: [LLMMessage], tools: [ToolSchema]) async throws -> LLMResponse {
        let index = recorder.begin(messages: messages, tools: tools, streamed: false)
        do {
            let response = try await base.complete(messages: messages, tools: tools)
            recorder.answered(response, in: index)
            return response
        } catch {
            recorder.failed(error, in: index)
            throw error
        }
    }

    public func stream(messages: [LLMMessage], tools: [ToolSchema]) -> AsyncThrowingStream<LLMStreamChunk, any Error> {
        let pieces = Pieces(base.stream(messages: messages, tools: tools).makeAsyncIterator())
        let recorder = recorder
        // The request is the engine's from here: the tag it set is read now, not at the first piece.
        let tag = ModelRequestTag.current
        // Unfolding runs in the task that iterates the stream: cancelling it cancels the live request,
        // and the recorder starts no task of its own.
        return AsyncThrowingStream(unfolding: {
            let index =
                pieces.index
                ?? ModelRequestTag.$current.withValue(tag ?? ModelRequestTag.current) {
                    recorder.begin(messages: messages, tools: tools, streamed: true)
                }
            pieces.index = index
            do {
                guard let chunk = try await pieces.next() else { return nil }
                recorder.received(chunk, in: index)
                return chunk
            } catch {
                recorder.failed(error, in: index)
                throw error
            }
        })
    }

    /// The live stream's iterator, used by the one task that iterates the recording stream, one piece
    /// at a time (an `AsyncThrowingStream` allows no other use).
    final class Pieces: @unchecked Sendable {
        var iterator: AsyncThrowingStream<LLMStreamChunk, any Error>.AsyncIterator
        var index: Int?

        init(_ iterator: AsyncThrowingStream<LLMStreamChunk, any Error>.AsyncIterator) {
            self.iterator = iterator
        }

        func next() async throws -> LLMStreamChunk? {
            try await iterator.next()
        }
    }
}

/// The app's own network service, recording every request a tool sends as a transcript fixture for a
/// ``SessionRecorder``.
///
/// Requests are matched on replay by method, URL, query and body; their headers are never written (a
/// key sent in `Authorization` stays out of the file), and the answers' headers pass the secret scanner.
@available(SkillCheckTesting, *)
public struct RecordingNetworkService: NetworkServing {
    let base: any NetworkServing
    let recorder: SessionRecorder

    public func send(_ request: NetworkRequest) async throws -> NetworkResponse {
        do {
            let response = try await base.send(request)
            recorder.exchanged(.init(request: request, response: response))
            return response
        } catch let error as NetworkError {
            recorder.exchanged(.init(request: request, fault: Self.fault(error)))
            throw error
        }
    }

    /// The seed's weather request, sent through `send(_:)` as its default does, and recorded.
    ///
    /// So the answer's status and headers are recorded too; a service that answers only
    /// `fetchWeather(city:)` is asked that.
    public func fetchWeather(city: String) async throws -> WeatherResponse {
        let request = WeatherResponse.request(city: city)
        let response: NetworkResponse
        do {
            response = try await base.send(request)
        } catch is UnimplementedRequirement {
            do {
                let weather = try await base.fetchWeather(city: city)
                recorder.exchanged(.init(weatherCity: city, weather: weather))
                return weather
            } catch let error as NetworkError {
                recorder.exchanged(.init(weatherCity: city, fault: Self.fault(error)))
                throw error
            }
        } catch let error as NetworkError {
            recorder.exchanged(.init(weatherCity: city, fault: Self.fault(error)))
            throw error
        }
        recorder.exchanged(.init(request: request, weatherCity: city, response: response))
        return try response.decode(WeatherResponse.self)
    }

    /// The fixture fault a network error replays as.
    static func fault(_ error: NetworkError) -> String {
        switch error {
        case .timedOut: "timeout"
        case .malformedPayload: "malformedPayload"
        default: "offline"
        }
    }
}
