import BundledReferenceSkills
import Foundation
import SkillCheckSupport
import SkillKit
import SkillScenarios
import SkillTesting

/// `skillcheck scenarios [PATHS...]`: replays transcripts through the reference engine.
///
/// Without `--package` the transcripts name this kit's skills (`skills`). With `--package PATH` they
/// name that package's skills: skillcheck builds the package's harness, whose `skillcheck-scenarios`
/// program calls `main(skills:package:unavailable:)`, that is this same command with the package's
/// skills, so options, output and exit statuses are the same by construction (see `PackageScenarios`).
///
/// ```swift
/// // the `skillcheck-scenarios` program of a package's harness, whole:
/// ScenariosCommand.main(skills: MySkills.skills, package: "/home/me/MySkills")
/// ```
@available(SkillCheckTesting, *)
public enum ScenariosCommand {
    /// The command's declaration, listing the kit's own skills.
    package static let spec = spec(skillIDs: skills.map(\.id))

    /// The declaration, with the skills a transcript can name in its help; `package` and `unavailable`
    /// (types the harness cannot make, with the reason) when they are a package's.
    package static func spec(skillIDs: [String], package: String? = nil, unavailable: [String] = []) -> CommandSpec {
        var seen = Set<String>()
        let ids = skillIDs.filter { seen.insert($0).inserted }
        let named =
            "The skills a transcript can name" + (package.map { " (those of the package at \($0))" } ?? "") + ": "
            + (ids.isEmpty ? "none." : ids.joined(separator: ", ") + ".")
        return CommandSpec(
            name: "scenarios",
            abstract: "Replay JSON transcripts through the reference engine and diff what it says.",
            arguments: "[PATHS...]",
            argumentsHelp: "Transcript files or folders (searched recursively). Default: Scenarios",
            options: [
                .init(
                    name: "--filter", value: "TEXT",
                    help: "Only transcripts whose \"name\" member or path contains TEXT."),
                .init(name: "--shard", value: "i/n", help: "Only the i-th of n slices of the transcripts (1 ≤ i ≤ n)."),
                .init(
                    name: "--record", value: "MODE",
                    help: "Default: never on CI (CI set, not 0/false/no/off), else missing.",
                    choices: RecordMode.allCases.map(\.rawValue)),
                .reportFormat,
                .reportOutput,
                .init(
                    name: "--artifacts", value: "DIR",
                    help: "Where failing transcripts' observed copies go. Default: .build/skillcheck/artifacts"),
                .init(
                    name: "--package", value: "PATH",
                    help: "Replay against the skills of the Swift package at PATH, built in the harness 'check' "
                        + "generates (minutes the first time)."),
                .init(
                    name: "--scratch-path", value: "DIR",
                    help: "With --package: where the harness and its build go. Default: as 'check', one per package."),
            ],
            discussion: ([named] + unavailable.map { "Not available: \($0)" } + [
                """
                Exit status: 0 when every transcript passes, 1 when one fails, 2 for a usage or input error:
                no transcript found (or none left by --filter/--shard), one that cannot be read, or a write
                that failed (a recording, an artifact, the report, the GITHUB_STEP_SUMMARY file); with
                --package also a package that cannot be read or built.
                With GITHUB_STEP_SUMMARY set (GitHub Actions), a Markdown summary is appended to that file.
                """
            ]).joined(separator: "\n")
        )
    }

    /// The skills a transcript can name without `--package`: the reference skills and the script skills.
    package static var skills: [any AgentSkill] { ReferenceSkills.skills + ScriptSkills.skills }

    /// Runs the command in this process against `skills`; `write` receives everything it prints
    /// (standard output by default). `--package` is ``run(_:terminal:)``'s: it is a usage error here.
    package static func run(
        _ arguments: [String], skills: [any AgentSkill] = ScenariosCommand.skills,
        tools: [@Sendable (SkillContext) -> any ToolSkill] = ScenarioTools.all, package: String? = nil,
        unavailable: [String] = [], environment: [String: String] = ProcessInfo.processInfo.environment,
        write: (String) -> Void = { print($0, terminator: "") }
    ) throws(UsageError) -> Int32 {
        let command = Self.spec(skillIDs: skills.map(\.id), package: package, unavailable: unavailable)
        let parsed = try command.parse(arguments)
        if parsed.helpRequested {
            write(command.help + "\n")
            return 0
        }
        for option in ["--package", "--scratch-path"] where parsed.value(option) != nil {
            throw UsageError(
                "\(option) is for 'skillcheck scenarios', which builds the package's harness; "
                    + "this run replays the skills it was given", command: command)
        }
        var runner = ScenarioRunner(skills: skills, tools: tools)
        runner.recordMode = try recordMode(parsed.value("--record"))
        runner.filter = parsed.value("--filter")
        runner.shard = try shard(parsed.value("--shard"))
        runner.artifacts = URL(fileURLWithPath: parsed.value("--artifacts") ?? ".build/skillcheck/artifacts")
        // HTML is not a ReportFormat (a public enum a user's switch covers): a page of its own, with the timelines.
        let html = parsed.value("--format") == "html"
        let format = html ? .text : try choose(parsed.value("--format") ?? "text", for: "--format", from: ReportFormat.allCases)
        runner.replayer.recordsTimeline = html
        let paths = parsed.positionals.isEmpty ? ["Scenarios"] : parsed.positionals

        let cases: [ScenarioCase]
        do {
            cases = try runner.run(paths: paths)
        } catch {
            throw UsageError("\(error)", command: command)
        }
        let page = html ? ScenarioHTMLReport().render(cases) : ScenarioReport.render(cases, as: format)
        try deliver(page, to: parsed.value("--output"), cases: cases, write: write)
        let title = "skillcheck scenarios" + (parsed.value("--shard").map { " (shard \($0))" } ?? "")
        try CheckCommand.summarize(MarkdownReport().render(scenarios: cases, title: title), environment: environment)
        return status(of: cases)
    }

    /// Runs the command as `skillcheck scenarios` does: in this process, or with `--package` through the
    /// package's harness (``PackageScenarios``), passing its output and exit status through.
    package static func run(
        _ arguments: [String], terminal: Terminal, environment: [String: String] = [:]
    ) async throws(UsageError) -> Int32 {
        let parsed = try spec.parse(arguments)
        guard let package = parsed.value("--package") else {
            if parsed.value("--scratch-path") != nil {
                throw UsageError("--scratch-path goes with --package (where that package's harness is built)", command: spec)
            }
            return try run(arguments, environment: environment, write: terminal.output)
        }
        // Mistakes the harness would find after minutes of building are found now.
        _ = try recordMode(parsed.value("--record"))
        _ = try shard(parsed.value("--shard"))
        let here = FileManager.default.currentDirectoryPath
        let folder = try PackageScenarios.packageFolder(package, from: here)
        let scratch = parsed.value("--scratch-path").map { PackageLocation.absolute($0, from: here) }
        let scenarios = PackageScenarios(package: URL(fileURLWithPath: folder), scratch: scratch.map { URL(fileURLWithPath: $0) })
        return await scenarios.run(PackageScenarios.harnessArguments(arguments), terminal: terminal, environment: environment)
    }

    /// The `main` of the harness's `skillcheck-scenarios` program.
    ///
    /// This command, in this process, with `skills` (a package's), printing as `skillcheck` does and exiting
    /// with the status.
    ///
    /// ```swift
    /// ScenariosCommand.main(skills: MySkills.skills, package: "/home/me/MySkills")
    /// ```
    ///
    /// `tools` are the package's tool skills, made for each replay with its fakes and clock, for
    /// tool-calling transcripts to name by id.
    public static func main(
        skills: [any AgentSkill], tools: [@Sendable (SkillContext) -> any ToolSkill] = [],
        package: String, unavailable: [String] = []
    ) -> Never {
        let terminal = SkillCheckCommandLine.standardTerminal
        var status: Int32
        do {
            status = try run(
                Array(CommandLine.arguments.dropFirst()), skills: skills, tools: tools, package: package,
                unavailable: unavailable, write: terminal.output)
        } catch {
            terminal.error("error: \(error.message)\nsee 'skillcheck scenarios --help'\n")
            status = 2
        }
        if let failure = SkillCheckCommandLine.outputFailure.withLock({ $0 }) {
            terminal.error("error: \(failure)\n")
            status = 2
        }
        exit(status)
    }

    /// 2 when a transcript cannot be read or a write failed, 1 when one fails, else 0.
    package static func status(of cases: [ScenarioCase]) -> Int32 {
        let counts = ScenarioReport.summary(cases)
        if counts.invalid > 0 || counts.unwritten > 0 { return 2 }
        return counts.failed > 0 ? 1 : 0
    }

    /// Prints the report, or writes it to `output` (through `write` for `-` and `/dev/stdout`) and
    /// prints a one-line summary.
    static func deliver(_ report: String, to output: String?, cases: [ScenarioCase], write: (String) -> Void) throws(UsageError) {
        guard let output, output != "-", output != "/dev/stdout" else {
            write(report)
            return
        }
        do {
            try FileWriter.write(report, to: output)
        } catch {
            throw UsageError("\(error)")
        }
        let counts = ScenarioReport.summary(cases)
        write("\(counts.passed) passed, \(counts.failed + counts.invalid + counts.unwritten) failed (report: \(output))\n")
    }

    static func recordMode(_ text: String?) throws(UsageError) -> RecordMode {
        guard let text else { return .default(environment: ProcessInfo.processInfo.environment) }
        return try choose(text, for: "--record", from: RecordMode.allCases)
    }

    static func shard(_ text: String?) throws(UsageError) -> (index: Int, count: Int)? {
        guard let text else { return nil }
        let parts = text.split(separator: "/").map { Int($0) }
        guard parts.count == 2, let index = parts[0], let count = parts[1], count >= 1, (1...count).contains(index) else {
            throw UsageError("--shard takes i/n with 1 ≤ i ≤ n, such as 1/4; found '\(text)'", command: spec)
        }
        return (index, count)
    }

    static func choose<Value: RawRepresentable>(_ text: String, for option: String, from values: [Value]) throws(UsageError) -> Value
    where Value.RawValue == String {
        guard let value = values.first(where: { $0.rawValue == text }) else {
            throw UsageError(
                "\(option) takes one of " + values.map(\.rawValue).joined(separator: ", ") + "; found '\(text)'",
                command: spec)
        }
        return value
    }
}
