import SkillCheckSupport
import SkillKit

/// One conversation with a model.
///
/// The history it is sent, and a generation counter that tells a late result from a run that a newer one
/// replaced (seed 002 §4.2).
///
/// ```swift
/// let engine = ToolCallingEngine(model: client, registry: registry)
/// let session = ConversationSession(system: "你是一个日程助手")
/// for try await event in engine.run(input: "这周三下午有什么安排", in: session) { print(event) }
/// session.history   // [.system(...), .user(...), .toolCall(...), .toolResult(...), .assistant(...)]
/// ```
public final class ConversationSession: Sendable {
    private struct State {
        var history: [LLMMessage]
        var generation = 0
    }

    private let state: Locked<State>

    public init(system: String? = nil, history: [LLMMessage] = []) {
        state = Locked(State(history: (system.map { [LLMMessage.system($0)] } ?? []) + history))
    }

    /// What the model is sent next: the messages of every run that was not replaced.
    public var history: [LLMMessage] { state.withLock { $0.history } }

    /// How many runs have started in this session.
    ///
    /// A run adds to ``history`` only while its generation is the latest.
    package var generation: Int { state.withLock { $0.generation } }

    /// Starts a run: a new generation, and the history it begins from.
    func beginGeneration() -> (generation: Int, history: [LLMMessage]) {
        state.withLock { state in
            state.generation += 1
            return (state.generation, state.history)
        }
    }

    /// Adds `messages` when `generation` is still the latest; returns whether it was.
    func append(_ messages: [LLMMessage], ifGeneration generation: Int) -> Bool {
        state.withLock { state in
            guard state.generation == generation else { return false }
            state.history.append(contentsOf: messages)
            return true
        }
    }
}
