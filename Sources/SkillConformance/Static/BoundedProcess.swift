import Foundation

/// Runs a command with a real-time limit (``ToolRunner``) on a thread of its own, never holding a thread
/// of the concurrency pool while it waits, and captures its output (standard output, then error); past the
/// limit the run throws ``StaticAnalysisError/timedOut(command:seconds:)``.
///
/// ```swift
/// let result = try await BoundedProcess.run(["swift", "--version"], in: directory, timeLimit: .seconds(30))
/// print(result.status, result.output)
/// ```
@available(SkillCheckTesting, *)
struct BoundedProcess: Sendable {
    struct Output: Sendable {
        var status: Int32
        /// Standard output, then standard error.
        var output: String
        /// Standard output alone: where a tool prints JSON (its warnings go to standard error).
        var standardOutput: String = ""
    }

    /// Runs `/usr/bin/env arguments…` in `directory`.
    static func run(_ arguments: [String], in directory: URL, timeLimit: Duration) async throws -> Output {
        try await offThePool(arguments.prefix(2).joined(separator: " ")) {
            try runBlocking(arguments, in: directory, timeLimit: timeLimit)
        }
    }

    private static func runBlocking(_ arguments: [String], in directory: URL, timeLimit: Duration) throws -> Output {
        let command = arguments.joined(separator: " ")
        let run: ToolRunner.Run
        do {
            run = try ToolRunner.run(arguments, in: directory, timeout: timeLimit)
        } catch {
            throw StaticAnalysisError.commandFailed(command: command, status: -1, output: error.description)
        }
        if run.timedOut {
            throw StaticAnalysisError.timedOut(command: command, seconds: CheckLimits.seconds(timeLimit))
        }
        return Output(status: run.status ?? 128 + (run.signal ?? 0), output: run.standardOutput + run.standardError,
                      standardOutput: run.standardOutput)
    }
}
