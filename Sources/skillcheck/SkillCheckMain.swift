import Foundation
import SkillScenarios

/// The command line's entry point: picks the command, prints usage errors, and exits 0, 1 or 2.
@available(SkillCheckTesting, *)
enum SkillCheckMain {
    static let overview = """
    OVERVIEW: SkillCheck, the test kit for Agent–Skill skills.

    USAGE: skillcheck <command> [options]

    COMMANDS:
      scenarios               Replay JSON transcripts through the reference engine and diff what it says.

    See 'skillcheck <command> --help' for a command's options.
    """

    /// The first failure to write standard output (a closed pipe's reader, `> /dev/full`): the run fails.
    nonisolated(unsafe) static var outputFailure: FileWriteError?

    static func standardError(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// Writes to standard output, every byte checked.
    static func standardOutput(_ text: String) {
        do {
            try FileWriter.write(text, to: "-")
        } catch {
            outputFailure = outputFailure ?? error
        }
    }

    static func run() -> Never {
        let arguments = Array(CommandLine.arguments.dropFirst())
        let status: Int32
        do throws(UsageError) {
            switch arguments.first {
            case nil, "--help", "-h", "help":
                standardOutput(overview + "\n")
                status = arguments.isEmpty ? 2 : 0
            case "check":
                status = CheckPreview.run(Array(arguments.dropFirst()), write: standardOutput)
            case "scenarios":
                status = try ScenariosCommand.run(Array(arguments.dropFirst()), write: standardOutput)
            case let other?:
                throw UsageError("unknown command '\(other)'; the commands are: scenarios (see 'skillcheck --help')")
            }
        } catch {
            standardError("error: \(error.message)")
            if let command = error.command { standardError("see 'skillcheck \(command.name) --help'") }
            status = 2
        }
        if let outputFailure {
            standardError("error: \(outputFailure)")
            exit(2)
        }
        exit(status)
    }
}
