/// One step the engine took, in order: what transcripts and conformance checks read.
///
/// Encoded with a `"kind"` field: `{"kind": "routed", "route": "fallback", "skillID": "chat"}`.
public enum AgentEvent: Sendable, Hashable {
    /// Where a request went.
    public enum Route: String, Sendable, Codable, Hashable {
        /// A registered skill said it can handle the text.
        case skill
        /// No skill could; the fallback skill took it.
        case fallback
        /// No skill could and there is no fallback.
        case none
    }

    /// Why a request ended without its skill's answer.
    public enum CancellationReason: String, Sendable, Codable, Hashable {
        /// A newer request replaced it (``ConcurrencyPolicy/cancelPrevious``).
        case superseded
        /// The task that called ``AgentEngine/send(_:)`` was cancelled.
        case callerCancelled
    }

    /// A request started: its user message was added.
    case received(text: String)
    /// A request waits for the one before it (``ConcurrencyPolicy/serial``).
    case queued(text: String)
    /// A request was turned away (``ConcurrencyPolicy/exclusive``).
    case rejected(text: String)
    /// The routing decision.
    ///
    /// `skillID` is `nil` for ``Route/none``.
    case routed(Route, skillID: String?)
    case skillStarted(skillID: String)
    case skillFinished(skillID: String, summary: String)
    /// The skill threw.
    ///
    /// `error` is the text the user was shown after the failure prefix.
    case skillFailed(skillID: String, error: String)
    /// A timeout fired: the engine's own (`Configuration.timeout`), or one inside the skill (`withTimeout`, `TimeoutSkill`).
    ///
    /// `seconds` is how long the skill had run when it fired, on the context's clock: the limit that fired.
    case timedOut(skillID: String, seconds: Double)
    /// The request ended with no reply.
    ///
    /// `skillID` is `nil` when it never started.
    case cancelled(skillID: String?, reason: CancellationReason)
}

extension AgentEvent: Codable {
    private enum CodingKeys: String, CodingKey {
        case kind, text, route, skillID, summary, error, seconds, reason
    }

    private enum Kind: String, Codable {
        case received, queued, rejected, routed, skillStarted, skillFinished, skillFailed, timedOut, cancelled
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        switch try c.decode(Kind.self, forKey: .kind) {
        case .received: self = .received(text: try c.decode(String.self, forKey: .text))
        case .queued: self = .queued(text: try c.decode(String.self, forKey: .text))
        case .rejected: self = .rejected(text: try c.decode(String.self, forKey: .text))
        case .routed:
            self = .routed(
                try c.decode(Route.self, forKey: .route),
                skillID: try c.decodeIfPresent(String.self, forKey: .skillID))
        case .skillStarted: self = .skillStarted(skillID: try c.decode(String.self, forKey: .skillID))
        case .skillFinished:
            self = .skillFinished(
                skillID: try c.decode(String.self, forKey: .skillID),
                summary: try c.decode(String.self, forKey: .summary))
        case .skillFailed:
            self = .skillFailed(
                skillID: try c.decode(String.self, forKey: .skillID),
                error: try c.decode(String.self, forKey: .error))
        case .timedOut:
            self = .timedOut(
                skillID: try c.decode(String.self, forKey: .skillID),
                seconds: try c.decode(Double.self, forKey: .seconds))
        case .cancelled:
            self = .cancelled(
                skillID: try c.decodeIfPresent(String.self, forKey: .skillID),
                reason: try c.decode(CancellationReason.self, forKey: .reason))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .received(let text):
            try c.encode(Kind.received, forKey: .kind)
            try c.encode(text, forKey: .text)
        case .queued(let text):
            try c.encode(Kind.queued, forKey: .kind)
            try c.encode(text, forKey: .text)
        case .rejected(let text):
            try c.encode(Kind.rejected, forKey: .kind)
            try c.encode(text, forKey: .text)
        case .routed(let route, let skillID):
            try c.encode(Kind.routed, forKey: .kind)
            try c.encode(route, forKey: .route)
            try c.encodeIfPresent(skillID, forKey: .skillID)
        case .skillStarted(let skillID):
            try c.encode(Kind.skillStarted, forKey: .kind)
            try c.encode(skillID, forKey: .skillID)
        case .skillFinished(let skillID, let summary):
            try c.encode(Kind.skillFinished, forKey: .kind)
            try c.encode(skillID, forKey: .skillID)
            try c.encode(summary, forKey: .summary)
        case .skillFailed(let skillID, let error):
            try c.encode(Kind.skillFailed, forKey: .kind)
            try c.encode(skillID, forKey: .skillID)
            try c.encode(error, forKey: .error)
        case .timedOut(let skillID, let seconds):
            try c.encode(Kind.timedOut, forKey: .kind)
            try c.encode(skillID, forKey: .skillID)
            try c.encode(seconds, forKey: .seconds)
        case .cancelled(let skillID, let reason):
            try c.encode(Kind.cancelled, forKey: .kind)
            try c.encodeIfPresent(skillID, forKey: .skillID)
            try c.encode(reason, forKey: .reason)
        }
    }
}
