import BundledReferenceSkills
import Foundation
import SkillKit
import SkillScenarios

/// `skillcheck scenarios [PATHS...]`: replays transcripts through the reference engine.
@available(SkillCheckTesting, *)
public enum ScenariosCommand {
    public static let spec = CommandSpec(
        name: "scenarios",
        abstract: "Replay JSON transcripts through the reference engine and diff what it says.",
        arguments: "[PATHS...]",
        argumentsHelp: "Transcript files or folders (searched recursively). Default: Scenarios",
        options: [
            .init(name: "--filter", value: "TEXT",
                  help: "Only transcripts whose \"name\" member or path contains TEXT."),
            .init(name: "--shard", value: "i/n", help: "Only the i-th of n slices of the transcripts (1 ≤ i ≤ n)."),
            .init(name: "--record", value: "MODE",
                  help: "Default: never on CI (CI set, not 0/false/no/off), else missing.",
                  choices: RecordMode.allCases.map(\.rawValue)),
            .init(name: "--format", value: "FORMAT", help: "Default: text.",
                  choices: ScenarioReport.Format.allCases.map(\.rawValue)),
            .init(name: "--output", value: "FILE",
                  help: "Write the report to FILE instead of standard output (- is standard output)."),
            .init(name: "--artifacts", value: "DIR",
                  help: "Where failing transcripts' observed copies go. Default: .build/skillcheck/artifacts"),
        ],
        discussion: """
        The skills a transcript can name: \(skills.map(\.id).joined(separator: ", ")).
        Exit status: 0 when every transcript passes, 1 when one fails, 2 for a usage or input error:
        no transcript found (or none left by --filter/--shard), one that cannot be read, or a write
        that failed (a recording, an artifact, the report, the GITHUB_STEP_SUMMARY file).
        With GITHUB_STEP_SUMMARY set (GitHub Actions), a Markdown summary is appended to that file.
        """
    )

    public static var skills: [any AgentSkill] { ReferenceSkills.skills + ScriptSkills.skills }

    /// Runs the command; `write` receives everything it prints (standard output by default).
    public static func run(_ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment,
                           write: (String) -> Void = { print($0, terminator: "") }) throws(UsageError) -> Int32 {
        let parsed = try spec.parse(arguments)
        if parsed.helpRequested {
            write(spec.help + "\n")
            return 0
        }
        var runner = ScenarioRunner(skills: skills)
        runner.recordMode = try recordMode(parsed.value("--record"))
        runner.filter = parsed.value("--filter")
        runner.shard = try shard(parsed.value("--shard"))
        runner.artifacts = URL(fileURLWithPath: parsed.value("--artifacts") ?? ".build/skillcheck/artifacts")
        let format = try choose(parsed.value("--format") ?? "text", for: "--format", from: ScenarioReport.Format.allCases)
        let paths = parsed.positionals.isEmpty ? ["Scenarios"] : parsed.positionals

        let cases: [ScenarioCase]
        do {
            cases = try runner.run(paths: paths)
        } catch {
            throw UsageError("\(error)", command: spec)
        }
        try deliver(ScenarioReport.render(cases, as: format), to: parsed.value("--output"), cases: cases, write: write)
        let title = "skillcheck scenarios" + (parsed.value("--shard").map { " (shard \($0))" } ?? "")
        try CheckCommand.summarize(MarkdownReport().render(scenarios: cases, title: title), environment: environment)
        return status(of: cases)
    }

    /// 2 when a transcript cannot be read or a write failed, 1 when one fails, else 0.
    public static func status(of cases: [ScenarioCase]) -> Int32 {
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
            throw UsageError("\(option) takes one of " + values.map(\.rawValue).joined(separator: ", ") + "; found '\(text)'",
                             command: spec)
        }
        return value
    }
}
