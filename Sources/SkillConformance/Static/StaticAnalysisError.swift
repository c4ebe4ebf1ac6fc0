import Foundation

/// Why a package could not be analysed; each says what to do next.
///
/// ```swift
/// do { _ = try await StaticAnalysis.analyze(package: url) }
/// catch let error as StaticAnalysisError { print(error) }   // "… does not build: …"
/// ```
@available(SkillCheckTesting, *)
package enum StaticAnalysisError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No `Package.swift` at the path.
    case notAPackage(path: String)
    /// The package does not compile with strict concurrency; `errors` are the compiler's own error lines.
    case buildFailed(package: String, errors: [String])
    /// A command ran past its real-time limit and was stopped.
    case timedOut(command: String, seconds: Double)
    /// A command failed for another reason (it could not start, or it exited non-zero).
    case commandFailed(command: String, status: Int32, output: String)
    /// A command's output could not be read, such as a symbol graph in an unknown shape.
    case unreadable(path: String, reason: String)

    package var description: String {
        switch self {
        case .notAPackage(let path):
            "\(path) holds no Package.swift: give the directory of the skill's package"
        case .buildFailed(let package, let errors):
            "the package at \(package) does not build with -strict-concurrency=complete:\n"
                + (errors.isEmpty
                    ? "(the build failed without a located error; run swift build there to see why)" : errors.joined(separator: "\n"))
        case .timedOut(let command, let seconds):
            "`\(command)` took more than \(Int(seconds)) s of real time and was stopped: raise "
                + "StaticAnalysis.Options.timeLimit for a package that takes longer to build"
        case .commandFailed(let command, let status, let output):
            "`\(command)` failed (status \(status)):\n\(output.suffix(2_000))"
        case .unreadable(let path, let reason):
            "cannot read \(path): \(reason)"
        }
    }
}
