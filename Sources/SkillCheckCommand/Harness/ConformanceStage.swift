import Foundation
import SkillConformance

/// One skill's findings from a conformance run.
@available(SkillCheckTesting, *)
public struct SkillResult: Sendable {
    public var skill: DiscoveredSkill
    /// The skill's id, as its findings name it (empty when no finding came back).
    public var id: String
    public var findings: [Finding]
}

/// Why a stage could not run at all.
@available(SkillCheckTesting, *)
public enum StageFailure: Error, Sendable, CustomStringConvertible {
    /// The package (or the harness around it) does not build: the compiler's error lines.
    case buildFailed(command: String, lines: [String])
    case tool(String)

    public var description: String {
        switch self {
        case .buildFailed(let command, let lines):
            (["the package does not build (\(command)):"] + lines.map { "  \($0)" }).joined(separator: "\n")
        case .tool(let text): text
        }
    }
}

/// The conformance stage: builds the generated harness once, then runs its tests in one process per
/// skill, each under a real-time watchdog, reading Swift Testing's event stream for what ran and the
/// findings file (``FindingsLog``) for what each check found. A skill that traps or hangs ends its own
/// process only: it gets a CRASH-1 or HANG-1 finding naming the rule it was in, and every other skill
/// still gets its full result.
@available(SkillCheckTesting, *)
public struct ConformanceStage: Sendable {
    public var harness: HarnessPackage
    /// Where the harness builds (kept between runs).
    public var buildFolder: URL
    /// Real time one skill's process may take.
    public var perSkillTimeout: Duration

    public init(harness: HarnessPackage, buildFolder: URL, perSkillTimeout: Duration = .seconds(300)) {
        self.harness = harness
        self.buildFolder = buildFolder
        self.perSkillTimeout = perSkillTimeout
    }

    /// Builds the harness (written already: ``HarnessPackage/write()``); throws the compiler's error
    /// lines when it does not build.
    public func build(onLine: (@Sendable (String) -> Void)? = nil) throws(StageFailure) {
        // Without manifest caching: a source file added to the kit or the package since the last build
        // is otherwise missed ("cannot find type"). Only a build that is needed pays for it.
        let arguments = ["swift", "build", "--build-tests", "--package-path", harness.folder.path,
                         "--scratch-path", buildFolder.path, "--disable-build-manifest-caching"]
        let run: ToolRunner.Run
        do {
            run = try ToolRunner.run(arguments, timeout: .seconds(3_600), onOutputLine: onLine)
        } catch {
            throw .tool(error.description)
        }
        guard run.succeeded else {
            throw .buildFailed(command: run.command, lines: DiscoveryFailure.errorLines(run.standardOutput + run.standardError))
        }
    }

    /// The command that runs the harness built in `buildFolder` with Swift Testing's `options`. On Linux,
    /// the test binary itself (what `swift test` runs, without loading the manifest again: 0.07 s
    /// instead of 0.5 s a skill); elsewhere `swift test --skip-build` with `swiftTestOptions` too.
    static func testCommand(harness: URL, buildFolder: URL, swiftTestOptions: [String] = [], _ options: [String]) -> [String] {
        #if os(Linux)
        [HarnessPackage.testBinary(in: buildFolder).path, "--testing-library", "swift-testing"] + options
        #else
        ["swift", "test", "--skip-build"] + swiftTestOptions
            + ["--package-path", harness.path, "--scratch-path", buildFolder.path] + options
        #endif
    }

    /// Runs the built harness for the skill at `index` of ``HarnessPackage/skills``.
    public func run(skillAt index: Int) throws(StageFailure) -> SkillResult {
        let skill = harness.skills[index]
        let work = buildFolder.appendingPathComponent("skillcheck-runs/\(index)")
        // A leftover findings file would be read as this run's; one that cannot be written would read as a crash.
        do {
            if FileManager.default.fileExists(atPath: work.path) { try FileManager.default.removeItem(at: work) }
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        } catch {
            throw .tool("could not prepare \(work.path) for the skill's run: \(error)")
        }
        let events = work.appendingPathComponent("events.jsonl"), findingsFile = work.appendingPathComponent("findings.jsonl")
        // SEND-1 and SEND-3 are the static stage's: in here each process would compile the package again.
        // CRASH-1's suite test runs every check again in an exit test; this process is already the skill's
        // own, so a trap here is CRASH-1's finding (below), and a clean end its pass.
        let arguments = Self.testCommand(
            harness: harness.folder, buildFolder: buildFolder,
            ["--no-parallel", "--skip", "SEND-1|SEND-3|CRASH-1", "--event-stream-output-path", events.path,
             "--event-stream-version", EventStream.version])
        let run: ToolRunner.Run
        do {
            run = try ToolRunner.run(arguments, environment: ["SKILLCHECK_SKILL": "\(index)",
                                                              FindingsLog.environmentKey: findingsFile.path, "NO_COLOR": "1"],
                                     timeout: perSkillTimeout)
        } catch {
            throw .tool(error.description)
        }
        var findings = (try? FindingsLog.read(findingsFile)) ?? []
        let stream: EventStream
        do {
            stream = try EventStream((try? Data(contentsOf: events)) ?? Data())
        } catch {
            throw .tool(error.description)
        }
        let id = findings.first?.skillID ?? ""
        if run.timedOut || !stream.runEnded {
            findings += ended(run, stream: stream, skillID: id, recorded: findings, kind: skill.kind)
        } else {
            findings.append(Finding(ruleID: "CRASH-1", skillID: id, outcome: .passed, subject: "the skill's checks, in a process of their own",
                                    expected: "every check runs to its end", observed: "every check ran to its end without a trap"))
        }
        return SkillResult(skill: skill, id: id, findings: findings)
    }

    /// The findings of a process that did not finish: HANG-1 when the watchdog ended it, else CRASH-1;
    /// and a skip for every rule of the skill's kind that never got to run.
    func ended(_ run: ToolRunner.Run, stream: EventStream, skillID: String, recorded: [Finding], kind: SkillKind = .agent) -> [Finding] {
        let rule = stream.interruptedRule
        let place = rule.map { "while checking \($0)" } ?? "before any check"
        var findings: [Finding] = []
        if run.timedOut {
            findings.append(Finding(ruleID: "HANG-1", skillID: skillID, outcome: .failed, subject: "the skill's checks, in a process of their own",
                                    expected: "every check ends within \(perSkillTimeout) of real time",
                                    observed: "the process was still running after \(perSkillTimeout) \(place), and was stopped"))
        } else {
            let report = CrashReport(termination: run.signal.map { .signal($0) } ?? .exitCode(run.status ?? -1),
                                     standardError: run.standardError + run.standardOutput)
            var finding = report.finding(skillID: skillID)
            finding.observed = "the process \(report.termination) \(place)" + (report.trapMessage.map { ": \($0)" } ?? "")
            findings.append(finding)
        }
        let reason = "the skill's process ended \(place) (\(run.timedOut ? "HANG-1" : "CRASH-1")), so this rule did not finish"
        let finished = Set(recorded.map(\.ruleID))
        for ruleID in SkillConformance.implementedRuleIDs
        where !finished.contains(ruleID) && ruleID != findings[0].ruleID && !SkillConformance.staticRuleIDs.contains(ruleID)
            && RuleCatalog.standard[ruleID]?.applies(to: kind) != false {
            findings.append(Finding(ruleID: ruleID, skillID: skillID, outcome: .skipped(reason: reason), subject: "the whole rule",
                                    expected: "a check of this rule", observed: reason))
        }
        return findings
    }
}
