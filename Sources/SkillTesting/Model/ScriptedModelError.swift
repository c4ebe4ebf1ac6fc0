import Foundation
import SkillKit

/// Ready-made failures of a model service, for a ``ScriptedTurn`` to throw.
///
/// ```swift
/// let model = ScriptedLLMClient(turns: [.rateLimited, .text("好的")])   // the engine retries, or reports
/// ```
@available(SkillCheckTesting, *)
public enum ScriptedModelError: Error, Hashable, Codable, CustomStringConvertible, LocalizedError {
    /// HTTP 429: too many requests.
    case rateLimited
    /// The connection to the service dropped before the answer was complete.
    case connectionLost
    /// The service answered with this HTTP status, such as 500 or 503.
    case serverError(status: Int)

    public var description: String {
        switch self {
        case .rateLimited: "the model service refused the request: rate limited (HTTP 429)"
        case .connectionLost: "the connection to the model service was lost"
        case .serverError(let status): "the model service failed with HTTP status \(status)"
        }
    }

    public var errorDescription: String? { description }
}
