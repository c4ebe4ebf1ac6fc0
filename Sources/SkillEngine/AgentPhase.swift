/// What an engine is doing for a screen to show, in seed 003's words.
///
/// Waiting, thinking (routing, or the model deciding), running a skill, writing the answer.
///
/// Encoded as `"idle"`, `"thinking"`, `"responding"` or `{"executing": "weather"}`.
public enum AgentPhase: Sendable, Hashable {
    case idle
    case thinking
    case executing(skillID: String)
    case responding
}

/// Where one skill run is, in seed 004's lifecycle words.
///
/// Encoded as `"starting"`, `"completed"`, `"cancelled"`, `{"executing": null}` (or a progress between
/// 0 and 1) and `{"failed": "技能执行超时"}`.
public enum SkillLifecycleState: Sendable, Hashable {
    case starting
    /// Running.
    ///
    /// `progress` from 0 to 1 when the skill reports one.
    case executing(progress: Double?)
    case completed
    /// The skill failed; the text the user or model was shown.
    case failed(String)
    case cancelled
}

/// A phase change or a skill's lifecycle state, as both engines emit them.
///
/// ``AgentEngine/activityLog``, and ``ToolCallingEvent/phase(_:)`` and
/// ``ToolCallingEvent/skillState(skillID:_:)``.
///
/// Encoded as `{"phase": "thinking"}` or `{"skill": "weather", "state": "starting"}`.
public enum AgentActivity: Sendable, Hashable {
    case phase(AgentPhase)
    case skill(skillID: String, SkillLifecycleState)
}
