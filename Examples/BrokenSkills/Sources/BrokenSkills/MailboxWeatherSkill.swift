import Foundation
import SkillKit

/// Breaks HANG-1: it bridges the weather call through a continuation (as code wrapping a callback API
/// does), and the bridge delivers on success and on failure but not on cancellation, so a cancelled
/// request leaves the skill waiting for ever.
public struct MailboxWeatherSkill: AgentSkill {
    public let id = "mailbox-weather"
    public let displayName = "天气信箱"
    public let description = "Answers Beijing's weather through a callback bridge, such as 天气信箱."
    public let keywords = ["天气信箱", "weather mailbox"]

    public init() {}

    public var samples: SkillSamples { SkillSamples(handled: ["天气信箱"], unhandled: ["记一下买牛奶"]) }

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        let mailbox = Mailbox()
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                do {
                    mailbox.deliver(.success(try await context.networkService.fetchWeather(city: "北京")))
                } catch is CancellationError {
                    // The caller is cancelled too: nobody to deliver to, or so it seems.
                } catch {
                    mailbox.deliver(.failure(SkillError.executionFailed("天气服务不可用")))
                }
            }
            let weather = try await mailbox.receive()
            return SkillOutput(summary: "北京 \(weather.temperature)°C，\(weather.condition)")
        }
    }
}

/// One result handed from a callback to an awaiting caller.
final class Mailbox: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<WeatherResponse, any Error>?
    private var waiter: CheckedContinuation<WeatherResponse, any Error>?

    func deliver(_ result: Result<WeatherResponse, any Error>) {
        let waiter = lock.withLock {
            defer { self.waiter = nil }
            if self.waiter == nil { self.result = result }
            return self.waiter
        }
        waiter?.resume(with: result)
    }

    func receive() async throws -> WeatherResponse {
        try await withCheckedThrowingContinuation { continuation in
            let ready = lock.withLock {
                if result == nil { waiter = continuation }
                return result
            }
            if let ready { continuation.resume(with: ready) }
        }
    }
}
