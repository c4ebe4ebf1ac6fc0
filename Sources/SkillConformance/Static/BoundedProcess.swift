import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a command with a real-time limit and captures its output (standard output and error together).
/// The command runs on a thread of its own, never on the concurrency pool; past the limit it gets SIGTERM,
/// then SIGKILL five seconds later, and the run throws ``StaticAnalysisError/timedOut(command:seconds:)``.
///
/// ```swift
/// let result = try await BoundedProcess.run(["swift", "--version"], in: directory, timeLimit: .seconds(30))
/// print(result.status, result.output)
/// ```
@available(SkillCheckTesting, *)
struct BoundedProcess: Sendable {
    struct Output: Sendable {
        var status: Int32
        var output: String
    }

    /// Runs `/usr/bin/env arguments…` in `directory`.
    static func run(_ arguments: [String], in directory: URL, timeLimit: Duration) async throws -> Output {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Output, Error>) in
            let thread = Thread {
                continuation.resume(with: Result { try runBlocking(arguments, in: directory, timeLimit: timeLimit) })
            }
            thread.name = "skillcheck: \(arguments.prefix(2).joined(separator: " "))"
            thread.start()
        }
    }

    private static func runBlocking(_ arguments: [String], in directory: URL, timeLimit: Duration) throws -> Output {
        let command = arguments.joined(separator: " ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.standardInput = FileHandle.nullDevice
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        do { try process.run() } catch {
            throw StaticAnalysisError.commandFailed(command: command, status: -1, output: "\(error)")
        }
        // Read while it runs, so that a full pipe never blocks the command.
        let collected = Mutex(Data())
        let drained = DispatchSemaphore(value: 0)
        let reader = pipe.fileHandleForReading
        Thread {
            let data = reader.readDataToEndOfFile()
            collected.withLock { $0 = data }
            drained.signal()
        }.start()
        let seconds = Double(timeLimit.components.seconds) + Double(timeLimit.components.attoseconds) / 1e18
        if exited.wait(timeout: .now() + seconds) == .timedOut {
            process.terminate()
            if exited.wait(timeout: .now() + 5) == .timedOut {
                kill(process.processIdentifier, SIGKILL)
                exited.wait()
            }
            throw StaticAnalysisError.timedOut(command: command, seconds: seconds)
        }
        // A grandchild that kept the pipe open must not hold us: wait a little, then take what came.
        _ = drained.wait(timeout: .now() + 5)
        let text = String(decoding: collected.withLock { $0 }, as: UTF8.self)
        return Output(status: process.terminationStatus, output: text)
    }
}
