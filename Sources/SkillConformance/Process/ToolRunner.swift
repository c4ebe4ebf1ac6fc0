import Foundation
import SkillEngine

/// Runs a tool (`swift package …`, `swift build`, `swift test`) as a child process and waits for it,
/// with a real-time limit: a tool that runs past it is terminated, then killed, and reported as such.
///
/// ```swift
/// let run = try ToolRunner.run(["swift", "package", "describe", "--type", "json"], in: packageURL)
/// print(run.standardOutput)
/// ```
@available(SkillCheckTesting, *)
public struct ToolRunner: Sendable {
    /// How a run ended and what it wrote.
    public struct Run: Sendable {
        public var arguments: [String]
        /// The exit status, or `nil` when the process was ended by a signal.
        public var status: Int32?
        public var signal: Int32?
        public var standardOutput: String
        public var standardError: String
        /// Whether the run passed its time limit and was ended for it.
        public var timedOut: Bool

        public var succeeded: Bool { status == 0 && !timedOut }
        /// The command as a person would type it.
        public var command: String { arguments.joined(separator: " ") }
    }

    /// Runs `arguments` (looked up on `PATH`) in `directory`, with `environment` added to this process's.
    /// - Throws: ``ToolError/couldNotStart(_:_:)`` when the process cannot start.
    public static func run(
        _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
        timeout: Duration = .seconds(1_800), onOutputLine: (@Sendable (String) -> Void)? = nil
    ) throws(ToolError) -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        let collected = OutputCollector()
        let readers = [PipeReader(output.fileHandleForReading) { collected.append($0, toError: false, onLine: onOutputLine) },
                       PipeReader(error.fileHandleForReading) { collected.append($0, toError: true, onLine: nil) }]
        let done = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in done.signal() }
        do {
            try process.run()
        } catch {
            throw .couldNotStart(arguments.joined(separator: " "), "\(error)")
        }
        var timedOut = false
        if done.wait(timeout: .now() + dispatchInterval(timeout)) == .timedOut {
            timedOut = true
            // What the tool started goes too: `swift test` runs the test binary as a child, which would
            // otherwise run on, orphaned.
            let family = [process.processIdentifier] + descendants(of: process.processIdentifier)
            for pid in family { kill(pid, SIGTERM) }
            if done.wait(timeout: .now() + .seconds(5)) == .timedOut { kill(process.processIdentifier, SIGKILL); done.wait() }
            for pid in family.dropFirst() { kill(pid, SIGKILL) }
        }
        // Everything the tool wrote, to the end: a process it started and left running may still hold the
        // pipes, so after a time-out the output read so far is what there is.
        for reader in readers { reader.waitForEnd(timeout: timedOut ? .seconds(5) : nil) }
        let (out, err) = collected.text
        let bySignal = process.terminationReason == .uncaughtSignal
        return Run(arguments: arguments, status: bySignal ? nil : process.terminationStatus,
                   signal: bySignal ? process.terminationStatus : nil, standardOutput: out, standardError: err,
                   timedOut: timedOut)
    }
}

/// The processes `pid` started, and theirs, from `/proc` (empty where there is no `/proc`).
@available(SkillCheckTesting, *)
func descendants(of pid: Int32) -> [Int32] {
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
    var parents: [Int32: [Int32]] = [:]
    for entry in entries {
        guard let child = Int32(entry),
              let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { continue }
        // "pid (name) state ppid …": the name may hold spaces, so read after its closing parenthesis.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        if fields.count > 1, let parent = Int32(fields[1]) { parents[parent, default: []].append(child) }
    }
    var found: [Int32] = []
    var queue = [pid]
    while let next = queue.popLast() {
        let children = parents[next] ?? []
        found += children
        queue += children
    }
    return found
}

/// Why a tool could not be run.
@available(SkillCheckTesting, *)
public enum ToolError: Error, Sendable, CustomStringConvertible {
    case couldNotStart(String, String)

    public var description: String {
        switch self {
        case .couldNotStart(let command, let reason): "could not run '\(command)': \(reason)"
        }
    }
}

/// Output read from a child's pipes on Dispatch's threads.
@available(SkillCheckTesting, *)
private final class OutputCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var output = Data()
    private var error = Data()
    private var pendingLine = Data()

    func append(_ data: Data, toError: Bool, onLine: (@Sendable (String) -> Void)?) {
        guard !data.isEmpty else { return }
        var lines: [String] = []
        lock.withLock {
            if toError { error.append(data) } else { output.append(data) }
            guard onLine != nil else { return }
            pendingLine.append(data)
            while let newline = pendingLine.firstIndex(of: UInt8(ascii: "\n")) {
                lines.append(String(decoding: pendingLine[pendingLine.startIndex..<newline], as: UTF8.self))
                pendingLine = Data(pendingLine[pendingLine.index(after: newline)...])
            }
        }
        for line in lines { onLine?(line) }
    }

    var text: (String, String) {
        lock.withLock { (String(decoding: output, as: UTF8.self), String(decoding: error, as: UTF8.self)) }
    }
}

/// Runs `body`, which blocks (it waits for tools), on a thread of its own and awaits its result, so
/// that no thread of the concurrency pool waits with it: on 2 cores the pool has 2 threads, and checks
/// that need them (SEND-2's stress run) would starve while a tool builds for minutes.
@available(SkillCheckTesting, *)
public func offThePool<Result: Sendable>(_ name: String, _ body: @escaping @Sendable () throws -> Result) async throws -> Result {
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Result, any Error>) in
        let thread = Thread { continuation.resume(with: Swift.Result { try body() }) }
        thread.name = "skillcheck: \(name)"
        thread.start()
    }
}
