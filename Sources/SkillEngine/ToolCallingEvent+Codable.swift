import SkillKit

extension ToolCallingEvent: Codable {
    private enum CodingKeys: String, CodingKey {
        case kind, text, phase, call, skillID, state, result, bytes, error, seconds, reason
    }

    private enum Kind: String, Codable {
        case queued, rejected, phase, textChunk, skillSelected, skillState, skillResult, resultSummarized,
            skillFailed, timedOut, lateResultDropped, completed, cancelled, failed
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        switch try c.decode(Kind.self, forKey: .kind) {
        case .queued: self = .queued
        case .rejected: self = .rejected(try c.decode(String.self, forKey: .text))
        case .phase: self = .phase(try c.decode(AgentPhase.self, forKey: .phase))
        case .textChunk: self = .textChunk(try c.decode(String.self, forKey: .text))
        case .skillSelected: self = .skillSelected(try c.decode(ToolCall.self, forKey: .call))
        case .skillState:
            self = .skillState(
                skillID: try c.decode(String.self, forKey: .skillID),
                try c.decode(SkillLifecycleState.self, forKey: .state))
        case .skillResult:
            self = .skillResult(try c.decode(ToolCall.self, forKey: .call), try c.decode(String.self, forKey: .result))
        case .resultSummarized:
            self = .resultSummarized(try c.decode(ToolCall.self, forKey: .call), bytes: try c.decode(Int.self, forKey: .bytes))
        case .skillFailed:
            self = .skillFailed(try c.decode(ToolCall.self, forKey: .call), error: try c.decode(String.self, forKey: .error))
        case .timedOut:
            self = .timedOut(try c.decode(ToolCall.self, forKey: .call), seconds: try c.decode(Double.self, forKey: .seconds))
        case .lateResultDropped: self = .lateResultDropped(try c.decode(ToolCall.self, forKey: .call))
        case .completed: self = .completed(try c.decode(String.self, forKey: .text))
        case .cancelled: self = .cancelled(try c.decode(AgentEvent.CancellationReason.self, forKey: .reason))
        case .failed: self = .failed(try c.decode(String.self, forKey: .error))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .queued: try c.encode(Kind.queued, forKey: .kind)
        case .rejected(let text):
            try c.encode(Kind.rejected, forKey: .kind)
            try c.encode(text, forKey: .text)
        case .phase(let phase):
            try c.encode(Kind.phase, forKey: .kind)
            try c.encode(phase, forKey: .phase)
        case .textChunk(let text):
            try c.encode(Kind.textChunk, forKey: .kind)
            try c.encode(text, forKey: .text)
        case .skillSelected(let call):
            try c.encode(Kind.skillSelected, forKey: .kind)
            try c.encode(call, forKey: .call)
        case .skillState(let skillID, let state):
            try c.encode(Kind.skillState, forKey: .kind)
            try c.encode(skillID, forKey: .skillID)
            try c.encode(state, forKey: .state)
        case .skillResult(let call, let result):
            try c.encode(Kind.skillResult, forKey: .kind)
            try c.encode(call, forKey: .call)
            try c.encode(result, forKey: .result)
        case .resultSummarized(let call, let bytes):
            try c.encode(Kind.resultSummarized, forKey: .kind)
            try c.encode(call, forKey: .call)
            try c.encode(bytes, forKey: .bytes)
        case .skillFailed(let call, let error):
            try c.encode(Kind.skillFailed, forKey: .kind)
            try c.encode(call, forKey: .call)
            try c.encode(error, forKey: .error)
        case .timedOut(let call, let seconds):
            try c.encode(Kind.timedOut, forKey: .kind)
            try c.encode(call, forKey: .call)
            try c.encode(seconds, forKey: .seconds)
        case .lateResultDropped(let call):
            try c.encode(Kind.lateResultDropped, forKey: .kind)
            try c.encode(call, forKey: .call)
        case .completed(let text):
            try c.encode(Kind.completed, forKey: .kind)
            try c.encode(text, forKey: .text)
        case .cancelled(let reason):
            try c.encode(Kind.cancelled, forKey: .kind)
            try c.encode(reason, forKey: .reason)
        case .failed(let error):
            try c.encode(Kind.failed, forKey: .kind)
            try c.encode(error, forKey: .error)
        }
    }
}
