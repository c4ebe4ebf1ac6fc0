import Foundation

/// Which request of which run a call to the model is, as ``ToolCallingEngine`` tags it for the task
/// that sends and reads it.
///
/// A recording client reads it to tell a retry by the engine (the same request, a later attempt) from one
/// by a layer between the engine and itself (the same request and attempt, sent again), and to start a
/// run with the user's input rather than with a request.
package struct ModelRequestTag: Sendable, Hashable {
    /// The engine that sent it.
    package var engine: ObjectIdentifier
    /// The run's number in the engine's log (1, 2, ...).
    package var run: Int
    /// The request's number within the run (1, 2, ...): a retry keeps it.
    package var request: Int
    /// The attempt's number within the run (1, 2, ...): a retry by the engine takes the next one.
    package var attempt: Int

    /// The request the current task is sending or reading, if an engine tagged it.
    @TaskLocal package static var current: ModelRequestTag?
}
