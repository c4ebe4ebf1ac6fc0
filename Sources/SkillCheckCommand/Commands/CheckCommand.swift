import Foundation
import SkillCheckSupport
import SkillConformance
import SkillScenarios
import SkillTesting

/// `skillcheck check [PATH]`: runs the conformance rules against a package's skills and reports.
@available(SkillCheckTesting, *)
package enum CheckCommand {
    package static let spec = CommandSpec(
        name: "check",
        abstract: "Check the skills of a Swift package against every conformance rule.",
        arguments: "[PATH]",
        argumentsHelp: "The package's folder (it holds Package.swift). Default: .",
        maximumArguments: 1,
        options: [
            .init(
                name: "--skill", value: "TYPE", help: "Only this skill type (NoteSkill or Module.NoteSkill). Repeatable.",
                repeatable: true),
            .reportFormat,
            .reportOutput,
            .strict,
            .baseline,
            .init(name: "--no-tsan", value: nil, help: "Skip the race stage (ThreadSanitizer); the report says so."),
            .init(name: "--scratch-path", value: "DIR", help: "Where the harness and its builds go. Default: chosen per package."),
            .init(
                name: "--timeout", value: "SECONDS",
                help:
                    "Real seconds one skill may run before its watchdog ends it. Default: \(Int(CheckOptions.defaultTimeout.components.seconds))."
            ),
            .init(name: "--jobs", value: "N", help: "How many skills run at once. Default: the number of cores."),
            .init(
                name: "--provider", value: "ID",
                help:
                    "Hold tool skills to this model provider's profile and schema variant (TOOL-7 and TOOL-8 as a MUST): "
                    + ProviderProfile.choosableIDs.joined(separator: ", ") + ". Repeatable.",
                repeatable: true),
            .init(
                name: "--seed", value: "N",
                help:
                    "The seed of the checks' randomness and explored schedules; a finding's seed given back replays it. Default: fixed, so a package gets the same report every run."
            ),
            .init(
                name: "--schedules", value: "N",
                help: "How many schedules SEND-4 and SEND-5 explore for each request (CAN-2..4 and ERR-1 take a share of it "
                    + "per await). Default: \(CheckLimits().schedules)."),
            .init(
                name: "--shard", value: "I/N",
                help: "Only the I-th of N shares of the skills, dealt in turn; 'skillcheck merge' joins the JSON reports."),
            .init(
                name: "--no-cache", value: nil,
                help: "Discover and compile again even when nothing changed since the last run."),
            .init(
                name: "--no-shared-cache", value: nil,
                help: "Build the harness in the package's scratch folder only, not in the builds all packages share."),
        ],
        discussion: """
            'skillcheck PATH' means 'skillcheck check PATH' (for a folder named like a command, write
            'skillcheck check rules'). Progress goes to standard error, the report to
            standard output (or --output). Colour only on a terminal, and never with NO_COLOR set.
            A second run on an unchanged package (its files, its dependencies' files, skillcheck and the
            toolchain) reuses the first run's discovery, static stage and harness builds; the checks
            themselves always run again.
            Exit status: 0 when no MUST rule fails, 1 when one does (or a SHOULD rule under --strict, or a
            stale baseline entry), 2 for a usage error or a package that cannot be built.
            With GITHUB_STEP_SUMMARY set (GitHub Actions), a Markdown summary is appended to that file;
            a failed append is exit status 2.
            """
    )

    /// The options `arguments` give, checked: the package folder exists and holds a `Package.swift`.
    package static func options(
        _ parsed: ParsedArguments, currentDirectory: String = FileManager.default.currentDirectoryPath
    )
        throws(UsageError) -> CheckOptions
    {
        var options = CheckOptions(packagePath: try packageFolder(parsed.positionals.first ?? ".", from: currentDirectory))
        options.skills = parsed.values["--skill"] ?? []
        options.format = parsed.value("--format").flatMap(ReportFormat.init(rawValue:)) ?? .text
        options.html = parsed.value("--format") == "html"
        options.output = parsed.value("--output")
        options.strict = parsed.flag("--strict")
        options.baselinePath = parsed.value("--baseline")
        options.runsRaceStage = !parsed.flag("--no-tsan")
        options.scratchPath = parsed.value("--scratch-path").map { PackageLocation.absolute($0, from: currentDirectory) }
        if let text = parsed.value("--timeout") {
            guard let seconds = Double(text), seconds.isFinite, seconds > 0, seconds <= 86_400 else {
                throw UsageError(
                    "--timeout takes a number of seconds above 0, at most 86400, such as 60; found '\(text)'",
                    command: spec)
            }
            options.timeout = .milliseconds(Int64((seconds * 1000).rounded()))
        }
        if let text = parsed.value("--jobs") {
            guard let jobs = Int(text), (1...64).contains(jobs) else {
                throw UsageError("--jobs takes a whole number from 1 to 64, such as 2; found '\(text)'", command: spec)
            }
            options.jobs = jobs
        }
        if let text = parsed.value("--shard") {
            guard let shard = Shard(parsing: text) else {
                throw UsageError(
                    "--shard takes I/N, the I-th of N shares, with 1 ≤ I ≤ N ≤ \(Shard.maximumCount), such as 2/3; found '\(text)'",
                    command: spec)
            }
            options.shard = shard
        }
        for id in parsed.values["--provider"] ?? [] where !ProviderProfile.choosableIDs.contains(id) {
            var message = "--provider '\(id)' is not a provider profile"
            if let near = Suggestion.nearest(to: id, among: ProviderProfile.choosableIDs) { message += "; did you mean '\(near)'?" }
            throw UsageError(message + " (one of " + ProviderProfile.choosableIDs.joined(separator: ", ") + ")", command: spec)
        }
        options.providers = parsed.values["--provider"] ?? []
        if let text = parsed.value("--seed") {
            guard let seed = UInt64(text) else {
                throw UsageError("--seed takes a whole number from 0 to \(UInt64.max), such as 42; found '\(text)'", command: spec)
            }
            options.seed = seed
        }
        if let text = parsed.value("--schedules") {
            guard let schedules = Int(text), (1...100_000).contains(schedules) else {
                throw UsageError("--schedules takes a whole number from 1 to 100000, such as 200; found '\(text)'", command: spec)
            }
            options.schedules = schedules
        }
        options.reusesMemory = !parsed.flag("--no-cache")
        if parsed.flag("--no-shared-cache") { options.sharedCache = nil }
        return options
    }

    static func packageFolder(_ path: String, from directory: String) throws(UsageError) -> String {
        let folder = PackageLocation.absolute(path, from: directory)
        switch PackageLocation.problem(with: folder) {
        case nil: return folder
        case .noSuchFolder: throw UsageError("no such folder: \(path)", command: spec)
        case .isAFile:
            throw UsageError(
                "\(path) is a file; skillcheck checks a package: give the folder that holds its Package.swift",
                command: spec)
        case .noManifest:
            throw UsageError("no Package.swift in \(path): skillcheck checks a Swift package; give its folder", command: spec)
        }
    }

    /// Runs the command: parses, reads the baseline, runs `pipeline`, judges and delivers the report,
    /// and returns the exit status (errors that are not usage errors are printed here, status 2).
    package static func run(
        _ arguments: [String], pipeline: any ConformancePipeline, terminal: Terminal,
        environment: [String: String]
    ) async throws(UsageError) -> Int32 {
        let parsed = try spec.parse(arguments)
        if parsed.helpRequested {
            terminal.output(spec.help + "\n")
            return 0
        }
        let options = try options(parsed)
        let baseline = try options.baselinePath.map { path throws(UsageError) in try ConformanceBaseline.read(path) }
        let progress = ProgressReporter(
            style: terminal.errorIsTerminal && environment["TERM"] != "dumb" ? .live : .lines,
            colour: terminal.errorIsTerminal && Terminal.allowsColour(environment),
            width: environment["COLUMNS"].flatMap(Int.init) ?? 80, write: terminal.error)
        let report: ConformanceReport
        do {
            report = try await pipeline.run(options, progress: progress)
            progress.finish()
        } catch {
            progress.finish()
            if case .usage(let usage) = error { throw usage }
            terminal.error("error: \(error)\n")
            do throws(UsageError) {
                try summarize(MarkdownReport().render(error: "\(error)", package: options.packagePath), environment: environment)
            } catch {
                terminal.error("error: \(error.message)\n")
            }
            return 2
        }
        let judged = report.judged(strict: options.strict, baseline: baseline, selection: options.skills)
        try deliver(judged, options: options, terminal: terminal, environment: environment)
        try summarize(MarkdownReport().render(judged), environment: environment)
        return judged.summary.exitStatus
    }

    /// Adds `markdown` to `$GITHUB_STEP_SUMMARY` when it names a file (see ``StepSummary``); a failed
    /// write is an error, exit status 2.
    static func summarize(_ markdown: @autoclosure () -> String, environment: [String: String]) throws(UsageError) {
        guard let summary = StepSummary(environment: environment) else { return }
        do {
            try summary.append(markdown())
        } catch {
            throw UsageError(error.description)
        }
    }

    /// Prints the report, or writes it to `--output` and prints a one-line summary.
    static func deliver(
        _ report: ConformanceReport, options: CheckOptions, terminal: Terminal,
        environment: [String: String]
    ) throws(UsageError) {
        let toStandardOutput = options.output == nil || options.output == "-" || options.output == "/dev/stdout"
        let colour = toStandardOutput && terminal.outputIsTerminal && Terminal.allowsColour(environment)
        let text: String
        switch options.format {
        case _ where options.html: text = HTMLReport().render(report)
        case .text: text = TextReport(colour: colour).render(report)
        case .junit: text = JUnitReport.render(report)
        case .json:
            do {
                text = try report.json()
            } catch {
                throw UsageError("cannot encode the report: \(error)")
            }
        }
        guard !toStandardOutput, let output = options.output else {
            terminal.output(text)
            return
        }
        do {
            try FileWriter.write(text, to: output)
        } catch {
            throw UsageError("\(error)")
        }
        terminal.output("\(report.summary.line) (report: \(output))\n")
    }
}
