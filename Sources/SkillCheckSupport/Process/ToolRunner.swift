import Foundation

/// Runs a tool (`swift package …`, `swift build`, `swift test`, a harness) as a child process and waits
/// for it, with a real-time limit: a tool that runs past it is ended with everything it started, and
/// reported as such. The child runs in a session of its own (``ChildProcess``): whatever it leaves
/// running, or holding its output, is ended with it, so a run never stalls and leaves nothing behind.
///
/// ```swift
/// let run = try ToolRunner.run(["swift", "package", "describe", "--type", "json"], in: packageURL)
/// print(run.standardOutput)
/// ```
@available(SkillCheckTesting, *)
package struct ToolRunner: Sendable {
    /// How a run ended and what it wrote.
    package struct Run: Sendable {
        package var arguments: [String]
        /// The exit status, or `nil` when the process was ended by a signal.
        package var status: Int32?
        package var signal: Int32?
        package var standardOutput: String
        package var standardError: String
        /// Whether the run passed its time limit and was ended for it.
        package var timedOut: Bool
        /// Processes the tool left running in its session (each `pid name`), which the runner ended.
        package var leftBehind: [String] = []

        package var succeeded: Bool { status == 0 && !timedOut }
        /// Standard output, then standard error.
        package var output: String { standardOutput + standardError }
        /// The exit status, or 128 plus the signal that ended the process, as a shell reports it.
        package var exitStatus: Int32 { status ?? 128 + (signal ?? 0) }
        /// The command as a person would type it.
        package var command: String { arguments.joined(separator: " ") }
        /// The runtime's words about a trap on standard error, such as `Fatal error: Unexpectedly found nil
        /// while unwrapping an Optional value` with its file and line, when it wrote any.
        package var trapMessage: String? { Self.trapMessage(in: standardError) }

        /// The lines of `standardError` in which the Swift runtime reports a trap, joined; `nil` when none. Such a line
        /// starts with the words, or with the file and line they are about (`Skills.swift:14: Fatal error: …`): a line
        /// that only quotes one (a test's message about an earlier trap) is no trap of this process.
        package static func trapMessage(in standardError: String) -> String? {
            let trap = standardError.split(separator: "\n").map(String.init).filter { line in
                line.prefixMatch(
                    of: /(?:[^\s:][^:\n]*:\d+: )?(?:Fatal error|Precondition failed|Assertion failed|fatal error|Illegal instruction)/)
                    != nil
            }
            return trap.isEmpty ? nil : trap.joined(separator: "\n")
        }

        /// The name of `signal` among those a trap or a kill ends a process with (`SIGILL`), if it is one.
        package static func signalName(_ signal: Int32) -> String? {
            [4: "SIGILL", 5: "SIGTRAP", 6: "SIGABRT", 7: "SIGBUS", 8: "SIGFPE", 9: "SIGKILL", 11: "SIGSEGV"][signal]
        }
    }

    /// Runs `arguments` (looked up on `PATH`) in `directory`, with `environment` added to this process's;
    /// `timeout` `nil` means no time limit. Each line of standard output and of standard error is also
    /// handed to `onOutputLine` and `onErrorLine` as it arrives.
    /// - Throws: ``ToolError/couldNotStart(_:_:)`` when the process cannot start.
    package static func run(
        _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
        timeout: Duration? = .seconds(1_800), onOutputLine: (@Sendable (String) -> Void)? = nil,
        onErrorLine: (@Sendable (String) -> Void)? = nil
    ) throws(ToolError) -> Run {
        try run(
            arguments, in: directory, environment: environment, timeout: timeout, grace: .standard,
            onOutputLine: onOutputLine, onErrorLine: onErrorLine)
    }

    /// ``run(_:in:environment:timeout:onOutputLine:onErrorLine:)`` with the runner's grace periods given;
    /// with `linesKeepTheirEnd`, each whole line is handed on with its `\n` (the last, unfinished one
    /// without), so that the text passes through exactly. The variables named in `unsetting` are left out of
    /// the child's environment, whether this process sets them or `environment` does.
    package static func run(
        _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
        unsetting: [String] = [], timeout: Duration?, grace: ChildProcess.Grace, linesKeepTheirEnd: Bool = false,
        onOutputLine: (@Sendable (String) -> Void)? = nil, onErrorLine: (@Sendable (String) -> Void)? = nil
    ) throws(ToolError) -> Run {
        var output = LineBuffer(onLine: onOutputLine, keepsEnds: linesKeepTheirEnd)
        var error = LineBuffer(onLine: onErrorLine, keepsEnds: linesKeepTheirEnd)
        var childEnvironment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        for name in unsetting { childEnvironment[name] = nil }
        let ending = try ChildProcess.run(
            arguments, in: directory, environment: childEnvironment,
            timeout: timeout, grace: grace, onOutput: { output.append($0) }, onError: { error.append($0) }
        )
        output.finish()
        error.finish()
        return Run(
            arguments: arguments, status: ending.status, signal: ending.signal, standardOutput: output.text,
            standardError: error.text, timedOut: ending.timedOut, leftBehind: ending.leftBehind)
    }
}

/// One stream's output: all of it, and each whole line handed on as it arrives (a character split between
/// two reads is never cut); the last, unfinished line when the stream ends.
@available(SkillCheckTesting, *)
struct LineBuffer {
    let onLine: (@Sendable (String) -> Void)?
    /// Whether a whole line is handed on with its `\n`.
    let keepsEnds: Bool
    private var all = Data()
    private var pending = Data()

    init(onLine: (@Sendable (String) -> Void)?, keepsEnds: Bool = false) {
        self.onLine = onLine
        self.keepsEnds = keepsEnds
    }

    mutating func append(_ data: Data) {
        all.append(data)
        guard let onLine else { return }
        pending.append(data)
        while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
            onLine(String(decoding: pending[pending.startIndex..<(keepsEnds ? pending.index(after: newline) : newline)], as: UTF8.self))
            pending = Data(pending[pending.index(after: newline)...])
        }
    }

    mutating func finish() {
        if let onLine, !pending.isEmpty { onLine(String(decoding: pending, as: UTF8.self)) }
        pending = Data()
    }

    var text: String { String(decoding: all, as: UTF8.self) }
}

/// Why a tool could not be run.
@available(SkillCheckTesting, *)
package enum ToolError: Error, Sendable, CustomStringConvertible {
    case couldNotStart(String, String)

    package var description: String {
        switch self {
        case .couldNotStart(let command, let reason): "could not run '\(command)': \(reason)"
        }
    }
}

/// Runs `body`, which blocks (it waits for tools), on a thread of its own and awaits its result, so
/// that no thread of the concurrency pool waits with it: on 2 cores the pool has 2 threads, and checks
/// that need them (SEND-2's stress run) would starve while a tool builds for minutes.
@available(SkillCheckTesting, *)
package func offThePool<Result: Sendable>(_ name: String, _ body: @escaping @Sendable () throws -> Result) async throws -> Result {
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Result, any Error>) in
        let thread = Thread { continuation.resume(with: Swift.Result { try body() }) }
        thread.name = "skillcheck: \(name)"
        thread.start()
    }
}
