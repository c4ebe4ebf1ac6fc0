import SkillKit

/// One step of a tool-calling run, as ``ToolCallingEngine/run(input:in:)`` streams it.
///
/// The steps are seed 002's (§2.1), with seed 003's phases and seed 004's lifecycle states.
///
/// Encoded with a `"kind"`: `{"kind": "skillSelected", "call": {"id": "call-1", "name": "query_weather", ...}}`.
public enum ToolCallingEvent: Sendable, Hashable {
    /// The run waits for a free slot (``ConcurrencyPolicy/serial``, ``ConcurrencyPolicy/concurrent(maxConcurrent:)``).
    case queued
    /// The run was turned away (``ConcurrencyPolicy/exclusive``), with the catalogue's busy text; the stream ends.
    case rejected(String)
    case phase(AgentPhase)
    /// Streamed text of the answer, decoded: never a split character.
    case textChunk(String)
    /// The model called a tool.
    case skillSelected(ToolCall)
    case skillState(skillID: String, SkillLifecycleState)
    /// What the call returned, as fed back to the model (summarized when over the limit).
    case skillResult(ToolCall, String)
    /// The call's result was `bytes` long, over ``ToolCallingEngine/Configuration/resultLimit``: the
    /// model was sent a summary.
    case resultSummarized(ToolCall, bytes: Int)
    /// The call failed: an unknown tool, one the scene hides or the user switched off, arguments that do not
    /// fit the schema, or the skill threw.
    ///
    /// The text is fed back to the model, which may go on.
    case skillFailed(ToolCall, error: String)
    /// The call ran out of time after `seconds` on the engine's clock; fed back like a failure.
    case timedOut(ToolCall, seconds: Double)
    /// A run that was replaced got its result after all: it was not added to the history.
    case lateResultDropped(ToolCall)
    /// The model's final answer; the stream ends.
    case completed(String)
    /// The run ended early: superseded by a newer run, or its consumer was cancelled.
    ///
    /// The stream ends.
    case cancelled(AgentEvent.CancellationReason)
    /// The run failed (the iteration limit, a model error); the stream then throws ``ToolCallingError``.
    case failed(String)
}

/// Why a tool-calling run's stream threw.
public enum ToolCallingError: Error, Hashable, CustomStringConvertible, CatalogLocalizedError {
    /// The model asked for tools this many times without answering.
    case iterationLimit(Int)
    /// The model request failed, with the error's text.
    case model(String)
    /// More than one visible skill has this tool name, so the engine did not send the list to the model (a model API refuses it).
    ///
    /// `SkillRegistry/visibleNameClashes()` names them.
    case toolNameClash(ToolNameClash)

    public var description: String { message(in: .english) }

    /// The text a ``ToolCallingEvent/failed(_:)`` event carries, in the engine's catalogue.
    public func message(in language: SkillLanguage) -> String {
        switch (self, language) {
        case (.iterationLimit(let limit), .english): "the model called tools \(limit) times without answering (maxIterations)"
        case (.iterationLimit(let limit), .zhHans): "模型连续调用技能 \(limit) 次仍未作答（已达 maxIterations 上限）"
        case (.model(let reason), .english): "the model request failed: \(reason)"
        case (.model(let reason), .zhHans): "模型请求失败：\(reason)"
        case (.toolNameClash(let clash), .english):
            "more than one visible skill has the tool name '\(clash.name)' (\(clash.skillIDs.joined(separator: ", "))): "
                + "show only one of their packs, or give each its own name"
        case (.toolNameClash(let clash), .zhHans):
            "多个可见技能使用同一工具名“\(clash.name)”（\(clash.skillIDs.joined(separator: "、"))）：只显示其中一个技能包，或为它们取不同的名字"
        }
    }
}
