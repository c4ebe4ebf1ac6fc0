import Foundation
import SkillCheckSupport
import SkillConformance

/// The race stage: SEND-2's stress case again, under ThreadSanitizer, one process per skill (so every
/// report in a process belongs to that skill). Swift Testing still prints "passed" when ThreadSanitizer
/// reports a race; the process's exit status (66) and its standard error say otherwise, and are what
/// this stage reads.
@available(SkillCheckTesting, *)
package struct RaceStage: Sendable {
    package var harness: HarnessPackage
    /// Where the sanitized harness builds: a folder of its own (sanitizer flags on a shared build
    /// folder would rebuild everything twice per run).
    package var buildFolder: URL
    package var perSkillTimeout: Duration
    /// Variables each skill's process gets, by the skill's index (``ConformanceStage/settings``).
    package var settings: [Int: [String: String]]
    /// The machine's shared build folders (``SharedBuildCache``), or `nil` to build in ``buildFolder``.
    package var shared: SharedBuildCache?

    package init(
        harness: HarnessPackage, buildFolder: URL, perSkillTimeout: Duration = .seconds(600), shared: SharedBuildCache? = nil,
        settings: [Int: [String: String]] = [:]
    ) {
        self.settings = settings
        self.harness = harness
        self.buildFolder = buildFolder
        self.perSkillTimeout = perSkillTimeout
        self.shared = shared
    }

    /// Builds the harness with `--sanitize=thread`; `onProgress` gets the build's progress lines.
    package func build(onProgress: (@Sendable (String) -> Void)? = nil) throws(StageFailure) {
        try HarnessBuild(
            harness: harness.folder, flavor: .tsan, buildFolder: buildFolder, shared: shared,
            products: [HarnessPackage.testBinaryName]
        ).run(onProgress: onProgress)
    }

    /// Runs SEND-2 for the skill at `index` under ThreadSanitizer: one finding, passed or failed with the
    /// first report's summary and where it happened.
    package func run(skillAt index: Int, skillID: String) throws(StageFailure) -> Finding {
        let workingDirectory = try ConformanceStage.freshFolder(
            buildFolder.appendingPathComponent("skillcheck-races/\(index)/\(ConformanceStage.workingDirectoryName)"))
        let run: ToolRunner.Run
        do {
            run = try ToolRunner.run(
                ConformanceStage.testCommand(
                    harness: harness.folder, buildFolder: buildFolder,
                    swiftTestOptions: ["--sanitize=thread"], ["--filter", "SEND-2"]),
                in: workingDirectory,
                environment: (settings[index] ?? [:]).merging(ConformanceStage.harnessEnvironment) { $1 }.merging([
                    "SKILLCHECK_SKILL": "\(index)",
                    SourceReplies.environmentKey: harness.discovery.package.path,
                    "TSAN_OPTIONS": Self.sanitizerOptions(ProcessInfo.processInfo.environment["TSAN_OPTIONS"]),
                ]) { $1 },
                timeout: perSkillTimeout)
        } catch {
            throw .tool(error.description)
        }
        let reports = Self.reports(
            in: run.standardError + "\n" + run.standardOutput, package: harness.discovery.package.path,
            excluding: [harness.discovery.kit.path, harness.folder.path])
        let subject = "SEND-2's stress case under ThreadSanitizer"
        let expected = "no data race reported"
        if run.timedOut {
            return Finding(
                ruleID: "SEND-2", skillID: skillID, outcome: .failed, subject: subject, expected: expected,
                observed: "the stress case under ThreadSanitizer was still running after \(perSkillTimeout)")
        }
        if reports.isEmpty, let signal = run.signal {
            // A trap under ThreadSanitizer: nothing was looked at after it, so this is no pass.
            let reason =
                "the stress case under ThreadSanitizer \(CrashReport.Termination.signal(signal)) before it ended, so no "
                + "race could be looked for (CRASH-1 reports the trap)"
            return Finding(
                ruleID: "SEND-2", skillID: skillID, outcome: .skipped(reason: reason), subject: subject, expected: expected,
                observed: reason)
        }
        if reports.isEmpty && run.status != 66 {
            return Finding(
                ruleID: "SEND-2", skillID: skillID, outcome: .passed, subject: subject, expected: expected,
                observed: "ThreadSanitizer reported nothing")
        }
        let first = reports.first.map { "\(Self.demangled($0.summary))" + ($0.location.map { " at \($0)" } ?? "") } ?? "exit status 66"
        return Finding(
            ruleID: "SEND-2", skillID: skillID, outcome: .failed, subject: subject, expected: expected,
            observed: "ThreadSanitizer reported \(max(reports.count, 1)) data race(s); the first: \(first)")
    }

    /// SEND-2's finding for a skill whose conformance process the watchdog ended: not run again here.
    static func notRunAfterHang(skillID: String) -> Finding {
        let reason =
            "the skill's checks were still running at the watchdog (HANG-1), so its stress case was not run again "
            + "under ThreadSanitizer"
        return Finding(
            ruleID: "SEND-2", skillID: skillID, outcome: .skipped(reason: reason),
            subject: "SEND-2's stress case under ThreadSanitizer", expected: "no data race reported", observed: reason)
    }

    /// SEND-2's finding for a skill whose stress case was not run under ThreadSanitizer because the race stage was
    /// turned off (`--no-tsan`): the stress case's own pass says nothing about data races.
    package static func notRun(skillID: String) -> Finding {
        let reason = "--no-tsan: the race stage did not run, so no data race was looked for"
        return Finding(
            ruleID: "SEND-2", skillID: skillID, outcome: .skipped(reason: reason),
            subject: "SEND-2's stress case under ThreadSanitizer", expected: "no data race reported", observed: reason)
    }

    /// The user's `TSAN_OPTIONS`, plus `atexit_sleep_ms=0` unless they set it: by default ThreadSanitizer
    /// sleeps a whole second before a process exits (to catch races with threads still running at exit),
    /// which made each skill's race run 1.1 s instead of 0.1 s; SEND-2's stress case has ended by then,
    /// and the exit status still says whether a race was reported.
    static func sanitizerOptions(_ user: String?) -> String {
        guard let user, !user.isEmpty else { return "atexit_sleep_ms=0" }
        return user.contains("atexit_sleep_ms") ? user : user + ":atexit_sleep_ms=0"
    }

    /// A ThreadSanitizer report: its summary line and the first frame in the skill's own code.
    package struct Report: Sendable, Hashable {
        package var summary: String
        package var location: String?
    }

    /// `text` with each mangled Swift symbol (`$s11HomeDevices13DoorLockSkillC7execute…`) replaced by its
    /// readable name (`DoorLockSkill.execute(input:context:)`), by `swift demangle`; as it was when that
    /// cannot run.
    package static func demangled(_ text: String) -> String {
        let symbols = text.matches(of: /\$s[0-9A-Za-z_]+/).map { String($0.output) }
        guard !symbols.isEmpty,
            let run = try? ToolRunner.run(["swift", "demangle", "--simplified", "--compact"] + symbols, timeout: .seconds(60)),
            run.succeeded
        else { return text }
        let names = run.standardOutput.split(separator: "\n").map(String.init)
        guard names.count == symbols.count else { return text }
        var result = text
        for (symbol, name) in zip(symbols, names) { result = result.replacingOccurrences(of: symbol, with: name) }
        return result
    }

    /// The reports in a sanitized process's output, each `WARNING: ThreadSanitizer: …` up to its `SUMMARY:`.
    /// A report's location is its first frame in the package's own code (`package`), else its first frame
    /// outside the runtime and `folders` (the kit and the harness; a package may sit inside the kit's
    /// checkout, as the examples do).
    package static func reports(in text: String, package: String? = nil, excluding folders: [String] = []) -> [Report] {
        var reports: [Report] = []
        var current: [Substring]?
        for line in text.split(separator: "\n") {
            if line.contains("WARNING: ThreadSanitizer:") {
                current = [line]
                continue
            }
            guard current != nil else { continue }
            current?.append(line)
            if line.hasPrefix("SUMMARY: ThreadSanitizer:") {
                let frames = current ?? []
                // A frame: `#0 … /path/File.swift:27:9 (…)`.
                let swiftFrames = frames.filter { $0.contains("#") && $0.contains(".swift:") }
                let own = package.flatMap { root in swiftFrames.first { $0.contains(root + "/") } }
                let outside = swiftFrames.first { frame in !folders.contains { frame.contains($0) } && !frame.contains("swift/stdlib") }
                let location = (own ?? outside).flatMap { $0.split(separator: " ").first { $0.contains(".swift:") }.map(String.init) }
                reports.append(Report(summary: String(line.dropFirst("SUMMARY: ThreadSanitizer: ".count)), location: location))
                current = nil
            }
        }
        return reports
    }
}
