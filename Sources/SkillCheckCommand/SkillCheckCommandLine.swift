import Foundation
import SkillCheckSupport
import SkillConformance
import SkillScenarios

/// The `skillcheck` command line: picks the command, prints usage errors, and returns the exit status (0, 1 or 2).
///
/// The executable's `main.swift` only calls ``main()``; tests call `run(_:)` with a fake pipeline and a
/// `Terminal` that captures what is printed.
///
/// ```swift
/// // Sources/skillcheck/main.swift, whole:
/// await SkillCheckCommandLine.main()
/// ```
@available(SkillCheckTesting, *)
public struct SkillCheckCommandLine: Sendable {
    package var pipeline: any ConformancePipeline
    package var terminal: Terminal
    package var environment: [String: String]

    package init(
        pipeline: any ConformancePipeline = SkillCheckCommandLine.standardPipeline,
        terminal: Terminal = SkillCheckCommandLine.standardTerminal,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        self.pipeline = pipeline
        self.terminal = terminal
        self.environment = environment
    }

    /// Every command, in the order the overview lists them; the first is the default.
    package static let commands: [CommandSpec] = [CheckCommand.spec, ScenariosCommand.spec, RulesCommand.spec, MergeCommand.spec]

    /// `skillcheck --help`: generated from the commands' declarations.
    package static var overview: String {
        var lines = [
            "OVERVIEW: SkillCheck, the test kit for Agent–Skill skills.", "",
            "USAGE: skillcheck [check] [options] [PATH]",
            "       skillcheck <command> [options] [arguments]", "",
            "COMMANDS:",
        ]
        for (index, command) in commands.enumerated() {
            lines.append("  " + CommandSpec.pad(command.name + (index == 0 ? " (default)" : "")) + command.abstract)
        }
        lines += ["", "See 'skillcheck <command> --help' for a command's options."]
        return lines.joined(separator: "\n")
    }

    /// Runs `arguments` (without the program's name) and returns the exit status.
    package func run(_ arguments: [String]) async -> Int32 {
        do throws(UsageError) {
            switch try command(for: arguments) {
            case (nil, _):
                terminal.output(Self.overview + "\n")
                return 0
            case ("check"?, let rest):
                return try await CheckCommand.run(rest, pipeline: pipeline, terminal: terminal, environment: environment)
            case ("scenarios"?, let rest):
                return try await ScenariosCommand.run(rest, terminal: terminal, environment: environment)
            case ("rules"?, let rest):
                return try RulesCommand.run(rest, write: terminal.output)
            case ("merge"?, let rest):
                return try MergeCommand.run(rest, terminal: terminal, environment: environment)
            case (let other?, _):
                throw UsageError("unknown command '\(other)'")
            }
        } catch {
            terminal.error("error: \(error.message)\n")
            terminal.error(error.command.map { "see 'skillcheck \($0.name) --help'\n" } ?? "see 'skillcheck --help'\n")
            return 2
        }
    }

    /// The command `arguments` name (`nil` for the overview) and the arguments that go to it.
    /// An argument that is neither a command nor an existing path gets the nearest command's name.
    func command(for arguments: [String]) throws(UsageError) -> (String?, [String]) {
        let names = Self.commands.map(\.name)
        guard let first = arguments.first else { return ("check", []) }
        switch first {
        case "--help", "-h": return (nil, [])
        case "help":
            guard arguments.count > 1 else { return (nil, []) }
            return (try command(for: [arguments[1]]).0, ["--help"])
        case _ where names.contains(first): return (first, Array(arguments.dropFirst()))
        case _ where first.hasPrefix("-") || FileManager.default.fileExists(atPath: first): return ("check", arguments)
        default:
            if let near = Suggestion.nearest(to: first, among: names) {
                throw UsageError("unknown command '\(first)'; did you mean '\(near)'?")
            }
            throw UsageError("'\(first)' is neither a command (\(names.joined(separator: ", "))) nor a package folder")
        }
    }

    /// Runs the process's arguments and exits with the status; a failed write to standard output
    /// (a closed pipe, `/dev/full`) makes it 2.
    public static func main() async -> Never {
        // The same executable, started again to end the children's sessions if this process is killed.
        if CommandLine.arguments.dropFirst().first == SessionGuard.argument { SessionGuard.run() }
        if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            SessionGuard.enable(executable: executable)
        }
        let interrupts = endChildrenOnInterrupt()
        defer { withExtendedLifetime(interrupts) {} }
        let status = await SkillCheckCommandLine().run(Array(CommandLine.arguments.dropFirst()))
        if let failure = outputFailure.withLock({ $0 }) {
            FileHandle.standardError.write(Data("error: \(failure)\n".utf8))
            exit(2)
        }
        exit(status)
    }

    /// On SIGINT, SIGTERM or SIGHUP, ends every child process's session before exiting (128 + the signal):
    /// each child runs in a session of its own (``ToolRunner``), so the terminal's Ctrl-C no longer reaches
    /// it, and a build or harness would otherwise run on after `skillcheck` is gone. Keep the returned
    /// sources alive for as long as the handlers should be.
    static func endChildrenOnInterrupt() -> [any DispatchSourceSignal] {
        [SIGINT, SIGTERM, SIGHUP].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                ChildProcess.endAllRunning()
                exit(128 + number)
            }
            source.resume()
            return source
        }
    }

    /// The first failure to write standard output: the run fails.
    static let outputFailure = Locked<FileWriteError?>(nil)

    /// Standard output (every byte checked) and standard error, and whether each is a terminal.
    package static var standardTerminal: Terminal {
        Terminal(
            output: { text in
                do throws(FileWriteError) {
                    try FileWriter.write(text, to: "-")
                } catch {
                    outputFailure.withLock { $0 = $0 ?? error }
                }
            },
            error: { text in try? FileWriter.write(text, to: "/dev/stderr") }, // if standard error fails, nothing is left to tell
            outputIsTerminal: isatty(STDOUT_FILENO) == 1,
            errorIsTerminal: isatty(STDERR_FILENO) == 1)
    }
}
