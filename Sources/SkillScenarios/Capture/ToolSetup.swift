import Foundation
import SkillEngine
import SkillKit
import SkillTesting

/// What shapes a tool-calling session, written once and given to ``SessionRecorder`` and ``Replayer``.
///
/// The tools (each made for a context), the engine's configuration and the system prompt.
///
/// The recording keeps all of it; a replay given the same setup compares it with what was recorded, so a
/// changed tool description, system prompt, catalogue or timeout fails the replay with a located diff.
///
/// ```swift
/// let setup = ToolSetup(
///     tools: [{ WeatherTool(context: $0) }],
///     configuration: .init(catalog: .english),
///     system: "You answer weather questions.")
/// let replayer = Replayer(setup)   // no `skills: []` for a tool-only app
/// ```
@available(SkillCheckTesting, *)
public struct ToolSetup: Sendable {
    /// The tool skills, each made for the context it runs in.
    public var tools: [@Sendable (SkillContext) -> any ToolSkill]
    /// The engine's configuration: catalogue, timeouts, policy, result limit, streaming, model retries.
    public var configuration: ToolCallingEngine.Configuration
    /// The conversation's system prompt, if it has one.
    public var system: String?

    public init(
        tools: [@Sendable (SkillContext) -> any ToolSkill], configuration: ToolCallingEngine.Configuration = .init(),
        system: String? = nil
    ) {
        self.tools = tools
        self.configuration = configuration
        self.system = system
    }

    /// The tools' ids, as a transcript names them.
    public var toolIDs: [String] {
        let probe = SkillContext.virtual(clock: VirtualClock())
        var ids: [String] = []
        for make in tools where !ids.contains(make(probe).id) { ids.append(make(probe).id) }
        return ids
    }

    /// The engine the app runs: `model` and the tools made for `context`, with ``configuration``.
    public func engine(model: some LLMClient, context: SkillContext, clock: any Clock<Duration> = ContinuousClock()) -> ToolCallingEngine {
        let registry = SkillRegistry()
        for make in tools { registry.register(make(context)) }
        return ToolCallingEngine(model: model, registry: registry, clock: clock, configuration: configuration)
    }

    /// A new conversation, begun with ``system``.
    public func conversation() -> ConversationSession {
        ConversationSession(system: system)
    }
}
