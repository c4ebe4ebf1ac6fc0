import Foundation
import SkillCheckSupport
import SkillConformance

/// `skillcheck scenarios --package PATH`: transcripts replayed against a package's own skills.
///
/// It finds the package's skills as `skillcheck check` does, in the same scratch folder, writes the same
/// generated harness (``HarnessPackage``), builds its `skillcheck-scenarios` program
/// (``ScenarioRunnerSource``), and runs it with the command's other arguments in the current folder,
/// passing its standard output, standard error and exit status through. That program is
/// ``ScenariosCommand`` with the package's skills, so options, output and exit statuses are the same as
/// without `--package`. A package that cannot be read or built is exit status 2, with the tool's lines.
///
/// ```swift
/// let scenarios = PackageScenarios(package: URL(fileURLWithPath: "/home/me/NoteSkills"))
/// let status = await scenarios.run(["Tests/Transcripts", "--record", "never"], terminal: terminal)
/// ```
@available(SkillCheckTesting, *)
package struct PackageScenarios: Sendable {
    package var package: URL
    /// The scratch folder: symbol graphs, the harness and its build, shared with `skillcheck check`.
    package var scratch: URL
    /// The builds every package shares (``SharedBuildCache``), or `nil` to build in ``scratch`` only.
    package var sharedCache: URL?

    package init(package: URL, scratch: URL? = nil, sharedCache: URL? = ConformanceRun.defaultSharedCache) {
        self.package = package.standardizedFileURL
        self.scratch = scratch ?? ConformanceRun.defaultScratch(for: self.package)
        self.sharedCache = sharedCache
    }

    /// The harness's folder and its build folder, as `skillcheck check` names them.
    var harnessFolder: URL { scratch.appendingPathComponent("harness") }
    var buildFolder: URL { scratch.appendingPathComponent("harness-build") }

    /// Builds the program, then runs it with `arguments`; returns its exit status, or 2 (with the error on
    /// `terminal.error`) when the package cannot be read or built.
    package func run(_ arguments: [String], terminal: Terminal, environment: [String: String] = [:]) async -> Int32 {
        let progress = ProgressReporter(
            style: terminal.errorIsTerminal && environment["TERM"] != "dumb" ? .live : .lines,
            colour: terminal.errorIsTerminal && Terminal.allowsColour(environment),
            width: environment["COLUMNS"].flatMap(Int.init) ?? 80, write: terminal.error)
        let program: URL
        do {
            program = try await build { progress.status($0) }
            progress.finish()
        } catch {
            progress.finish()
            terminal.error("error: \(error)\n")
            return 2
        }
        do {
            return try await Self.runProgram(program, arguments: arguments, terminal: terminal)
        } catch {
            terminal.error("error: \(error)\n")
            return 2
        }
    }

    /// Discovers the skills, writes the harness and builds `skillcheck-scenarios`; returns its path.
    /// Throws ``DiscoveryFailure`` for a package it cannot read, ``StageFailure`` for one that does not build.
    package func build(progress: @escaping @Sendable (String) -> Void) async throws -> URL {
        let (package, scratch, harnessFolder, buildFolder) = (package, scratch, harnessFolder, buildFolder)
        let run = ConformanceRun(package: package, scratch: scratch, sharedCache: sharedCache)
        let discovery = try await run.discover(progress: progress)
        let harness = HarnessPackage(discovery: discovery, folder: harnessFolder)
        do {
            try harness.write()
        } catch {
            throw StageFailure.tool("could not write the harness in \(harnessFolder.path): \(error)")
        }
        let unavailable = ScenarioRunnerSource(discovery: discovery).unavailable
        progress(
            "building \(ScenarioRunnerSource.targetName) for \(package.lastPathComponent)"
                + (unavailable.isEmpty ? "" : " (\(unavailable.count) skill type(s) it cannot make: see --help)"))
        let build = HarnessBuild(
            harness: harnessFolder, flavor: .plain, buildFolder: buildFolder, shared: run.shared(for: discovery),
            products: [ScenarioRunnerSource.targetName], what: ["--product", ScenarioRunnerSource.targetName])
        try await offThePool("harness build") { try build.run() }
        let program = buildFolder.appendingPathComponent("debug/\(ScenarioRunnerSource.targetName)")
        guard FileManager.default.isExecutableFile(atPath: program.path) else {
            throw StageFailure.tool(
                "\(build.command(scratch: buildFolder).joined(separator: " ")) succeeded but left no program at \(program.path)")
        }
        return program
    }

    /// Runs `program` in the current folder with `arguments`, each line of its output and errors handed to
    /// `terminal` as it comes; returns its exit status (2, saying so, when a signal ended it).
    ///
    /// ```swift
    /// let status = try await PackageScenarios.runProgram(built, arguments: ["Tests/Transcripts"], terminal: terminal)
    /// ```
    package static func runProgram(_ program: URL, arguments: [String], terminal: Terminal) async throws -> Int32 {
        try await offThePool("scenarios") {
            let run: ToolRunner.Run
            do {
                run = try ToolRunner.run(
                    [program.path] + arguments, environment: ConformanceStage.harnessEnvironment, timeout: nil,
                    grace: .standard, linesKeepTheirEnd: true,
                    onOutputLine: terminal.output, onErrorLine: terminal.error)
            } catch {
                throw StageFailure.tool("could not run \(program.path): \(error)")
            }
            guard let status = run.status else {
                terminal.error(
                    "error: \(ScenarioRunnerSource.targetName) was ended by signal \(run.signal ?? 0) "
                        + "before it finished (a skill that traps ends the replay), so not every transcript was checked\n")
                return 2
            }
            return status
        }
    }

    /// The folder `--package` names, absolute, once it is known to hold a `Package.swift`.
    ///
    /// ```swift
    /// try PackageScenarios.packageFolder("Examples/ReferenceSkills", from: "/work/SkillCheck")
    /// // "/work/SkillCheck/Examples/ReferenceSkills"
    /// ```
    package static func packageFolder(_ path: String, from directory: String) throws(UsageError) -> String {
        let folder = PackageLocation.absolute(path, from: directory)
        switch PackageLocation.problem(with: folder) {
        case nil: return folder
        case .noSuchFolder: throw UsageError("--package \(path): no such folder", command: ScenariosCommand.spec)
        case .isAFile:
            throw UsageError(
                "--package \(path) is a file; give the folder that holds the package's Package.swift",
                command: ScenariosCommand.spec)
        case .noManifest:
            throw UsageError(
                "--package \(path) is not a Swift package (no Package.swift in it); give the folder of the "
                    + "package whose skills the transcripts name", command: ScenariosCommand.spec)
        }
    }

    /// The arguments for the harness's program: the command's own, without `--package` and `--scratch-path`
    /// (which are this side's), so that every other option means what it means without `--package`.
    ///
    /// ```swift
    /// PackageScenarios.harnessArguments(["--package", "../Notes", "Transcripts", "--record=never"])
    /// // ["Transcripts", "--record=never"]
    /// ```
    package static func harnessArguments(_ arguments: [String]) -> [String] {
        var kept: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" {
                kept += arguments[index...]
                break
            }
            if argument == "--package" || argument == "--scratch-path" {
                index += 2
                continue
            }
            if !argument.hasPrefix("--package=") && !argument.hasPrefix("--scratch-path=") { kept.append(argument) }
            index += 1
        }
        return kept
    }
}
