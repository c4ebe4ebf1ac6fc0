import Foundation
import SkillCheckSupport
import SkillConformance
import SkillTesting

/// `skillcheck merge REPORT...`: puts the JSON reports of `skillcheck check --shard I/N` back together
/// into the report, verdict and exit status one unsharded run would give.
@available(SkillCheckTesting, *)
package enum MergeCommand {
    package static let spec = CommandSpec(
        name: "merge",
        abstract: "Merge the JSON reports of 'check --shard I/N' into one report, with one verdict.",
        arguments: "REPORT...",
        argumentsHelp: "Every shard's JSON report (check --shard I/N --format json --output FILE), in any order.",
        options: [
            .reportFormat,
            .reportOutput,
            .strict,
            .baseline,
        ],
        discussion: """
            The shards' own --strict and --baseline are not kept: give them here, once for the whole package,
            so that a baseline entry for a skill in another shard is never called stale.
            Exit status: as 'skillcheck check' on the whole package: 0 when no MUST rule fails, 1 when one
            does, 2 for a usage error, a report that cannot be read, or shards that do not make one split.
            With GITHUB_STEP_SUMMARY set, the merged Markdown summary is appended to that file.
            """
    )

    /// Parses, reads and merges the reports, then judges and delivers the result as `check` would;
    /// returns the exit status.
    package static func run(
        _ arguments: [String], terminal: Terminal, environment: [String: String],
        currentDirectory: String = FileManager.default.currentDirectoryPath
    ) throws(UsageError) -> Int32 {
        let parsed = try spec.parse(arguments)
        if parsed.helpRequested {
            terminal.output(spec.help + "\n")
            return 0
        }
        guard !parsed.positionals.isEmpty else {
            throw UsageError(
                "'merge' needs every shard's JSON report, such as: skillcheck merge shard-1.json shard-2.json shard-3.json",
                command: spec)
        }
        var reports: [(file: String, report: ConformanceReport)] = []
        for file in parsed.positionals {
            let path = PackageLocation.absolute(file, from: currentDirectory)
            let data: Data
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: path))
            } catch {
                throw UsageError("cannot read \(file): \(error.localizedDescription)", command: spec)
            }
            do {
                reports.append((file, try ConformanceReport.decode(data)))
            } catch {
                throw UsageError(
                    "\(file) is not a skillcheck JSON report (\(error)): write each shard's with --format json --output FILE",
                    command: spec)
            }
        }
        let merged: ConformanceReport
        do {
            merged = try ConformanceReport.merging(reports)
        } catch {
            throw UsageError(error.description, command: spec)
        }
        var options = CheckOptions(packagePath: merged.package.path)
        options.format = parsed.value("--format").flatMap(ReportFormat.init(rawValue:)) ?? .text
        options.html = parsed.value("--format") == "html"
        options.output = parsed.value("--output")
        options.strict = parsed.flag("--strict")
        let baseline = try parsed.value("--baseline").map { path throws(UsageError) in try ConformanceBaseline.read(path) }
        let judged = merged.judged(strict: options.strict, baseline: baseline)
        try CheckCommand.deliver(judged, options: options, terminal: terminal, environment: environment)
        try CheckCommand.summarize(MarkdownReport().render(judged), environment: environment)
        return judged.summary.exitStatus
    }
}
