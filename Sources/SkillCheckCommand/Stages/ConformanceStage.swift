import Foundation
import SkillCheckSupport
import SkillConformance

/// One skill's findings from a conformance run.
@available(SkillCheckTesting, *)
package struct SkillResult: Sendable {
    package var skill: DiscoveredSkill
    /// The skill's id, as its findings name it (empty when no finding came back).
    package var id: String
    package var findings: [Finding]
}

/// Why a stage could not run at all.
@available(SkillCheckTesting, *)
package enum StageFailure: Error, Sendable, CustomStringConvertible {
    /// The package (or the harness around it) does not build: the compiler's error lines.
    case buildFailed(command: String, lines: [String])
    case tool(String)
    /// `--shard` dealt this shard no skill: the package has only `skills` that can be made.
    case emptyShard(Shard, skills: Int)

    package var description: String {
        switch self {
        case .buildFailed(let command, let lines):
            (["the package does not build (\(command)):"] + lines.map { "  \($0)" }).joined(separator: "\n")
        case .tool(let text): text
        case .emptyShard(let shard, let skills): "shard \(shard) has no skill: the package has \(counted(skills, "skill"))"
        }
    }
}

/// The conformance stage: builds the generated harness once, then runs its tests in one process per
/// skill, each under a real-time watchdog, reading Swift Testing's event stream for what ran and the
/// findings file (``FindingsLog``) for what each check found. A skill that traps or hangs ends its own
/// process only: it gets a CRASH-1 or HANG-1 finding naming the rule it was in, and every other skill
/// still gets its full result.
@available(SkillCheckTesting, *)
package struct ConformanceStage: Sendable {
    package var harness: HarnessPackage
    /// Where the harness builds (kept between runs).
    package var buildFolder: URL
    /// Real time one skill's process may take.
    package var perSkillTimeout: Duration
    /// The machine's shared build folders (``SharedBuildCache``), or `nil` to build in ``buildFolder``.
    package var shared: SharedBuildCache?
    /// The provider profiles TOOL-7 holds tool skills to (`--provider`).
    package var providers: [String]
    /// The seed and schedule budget (`--seed`, `--schedules`); `nil` keeps the defaults.
    package var seed: UInt64?
    package var schedules: Int?
    /// Variables each skill's process gets on top of the harness environment, by the skill's index: a
    /// placeholder for each credential its code reads from the environment (``placeholders(for:)``).
    package var settings: [Int: [String: String]]
    /// The credentials each skill's code reads from the environment, by the skill's index, whether this machine sets
    /// them or not: CRASH-1 runs that skill's checks once more with them unset
    /// (``checkedWithoutCredentials(skillAt:names:skillID:triesToolCall:)``).
    package var credentials: [Int: [String]]

    package init(
        harness: HarnessPackage, buildFolder: URL, perSkillTimeout: Duration = .seconds(300), shared: SharedBuildCache? = nil,
        providers: [String] = [], seed: UInt64? = nil, schedules: Int? = nil, settings: [Int: [String: String]] = [:],
        credentials: [Int: [String]] = [:]
    ) {
        self.settings = settings
        self.credentials = credentials
        self.seed = seed
        self.schedules = schedules
        self.harness = harness
        self.buildFolder = buildFolder
        self.perSkillTimeout = perSkillTimeout
        self.shared = shared
        self.providers = providers
    }

    /// Builds the harness (written already: ``HarnessPackage/write()``); throws the compiler's error
    /// lines when it does not build. `onProgress` gets the build's progress lines.
    package func build(onProgress: (@Sendable (String) -> Void)? = nil) throws(StageFailure) {
        try HarnessBuild(
            harness: harness.folder, flavor: .plain, buildFolder: buildFolder, shared: shared,
            products: [HarnessPackage.testBinaryName, ScenarioRunnerSource.targetName]
        ).run(onProgress: onProgress)
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

    /// The environment every harness process gets on top of this one's. `SWIFT_BACKTRACE=enable=no`: a
    /// trap's `Fatal error: …` line is printed before the runtime's backtracer starts, and is all CRASH-1
    /// needs; the backtracer itself (`swift-backtrace`, a process of its own that inherits the harness's
    /// output) was seen to stall for minutes under ThreadSanitizer, holding the pipes open.
    /// What every harness process skillcheck starts gets: no backtraces, no colour, no per-case processes
    /// (skillcheck runs each skill in a process of its own and reads a trap itself) except for the rules that
    /// run a sample again in another time zone, which only a process of the case's own may move, no case selection.
    package static let harnessEnvironment = [
        "SWIFT_BACKTRACE": "enable=no", "NO_COLOR": "1", "SKILLCHECK_ISOLATION": "off", SkillConformance.caseEnvironmentKey: "",
        HostTimeZone.environmentKey: "apart",
    ]

    /// A placeholder value for each of `names` (credentials a skill reads from the environment) this process's
    /// environment does not set: without one, a skill that answers "set WEATHER_API_KEY" never reaches the network
    /// it would use on a machine that sets it, and the rules about that path find nothing to judge.
    package static func placeholders(
        for names: [String], environment: [String: String] = ProcessInfo.processInfo.environment
    )
        -> [String: String]
    {
        Dictionary(
            uniqueKeysWithValues: names.filter { (environment[$0] ?? "").isEmpty }.map { ($0, SkillConformance.credentialPlaceholder) })
    }

    /// The folder, under a skill's run folder, that its harness process runs in: what a skill writes to a relative
    /// path (`memory.jsonl`, `hello.txt`) lands there, never in the folder `skillcheck` was started from, and the
    /// next run of that skill starts from an empty one, so a run never reads what an earlier one left.
    package static let workingDirectoryName = "working-directory"

    /// `folder`, emptied (or made): a harness process's own.
    static func freshFolder(_ folder: URL) throws(StageFailure) -> URL {
        do {
            if FileManager.default.fileExists(atPath: folder.path) { try FileManager.default.removeItem(at: folder) }
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .tool("could not prepare \(folder.path) for the skill's run: \(error)")
        }
        return folder
    }

    /// The subject of the findings about a skill's process as a whole (CRASH-1, HANG-1).
    package static let processSubject = "the skill's checks, in a process of their own"

    /// The rules no harness process runs: SEND-1 and SEND-3 are the static stage's (in here each process
    /// would compile the package again); CRASH-1's suite test runs every check again in an exit test,
    /// and this process is already the skill's own, so a trap here is CRASH-1's finding, a clean end its pass.
    static let rulesOutsideHarness = ["SEND-1", "SEND-3", "CRASH-1"]

    /// Runs the built harness for the skill at `index` of ``HarnessPackage/skills``.
    ///
    /// A trap costs one check, not the rest: the rule being checked when the process trapped gets a
    /// CRASH-1 failure (and is itself reported as not judged), and the rules that had not run yet run in
    /// a fresh process, so that every other rule still gets its own result. A process the watchdog ended
    /// (HANG-1) is not started again: each further check would wait out the watchdog as well.
    package func run(skillAt index: Int) throws(StageFailure) -> SkillResult {
        let skill = harness.skills[index]
        var findings: [Finding] = []
        var judged: Set<String> = []
        var crashes: [Finding] = []
        var id = ""
        var triesToolCall = true
        for attempt in 1...(SkillConformance.implementedRuleIDs.count + 2) {
            let pass = try runOnce(
                skillAt: index, label: attempt > 1 ? "\(attempt)" : "", skipping: Self.rulesOutsideHarness + judged.sorted(),
                triesToolCall: triesToolCall)
            // The rules this process was told to skip: a rule it trapped in is none of them, even when one of the rule's
            // cases ended with findings before another of its cases trapped (SEND-2's stress case after its outputs).
            let skipped = judged
            findings += pass.findings
            if id.isEmpty { id = pass.findings.first?.skillID ?? "" }
            judged.formUnion(pass.findings.map(\.ruleID))
            judged.formUnion(pass.stream.endedRules)
            if !pass.run.timedOut && pass.stream.runEnded { break }
            let rule = pass.stream.interruptedRule
            // A trap in the one run that tried a model's call of the skill's tool: CRASH-1's, and every rule runs
            // again with text answers only, the rule that was fitting its reply too.
            if triesToolCall, !pass.run.timedOut, let tool = Self.crashReport(pass.run).trappedInToolCallTrial {
                triesToolCall = false
                crashes.append(
                    crashFinding(
                        pass.run, place: "while a model's answer called its tool \(tool) (every rule then ran with text answers only)",
                        skillID: id))
                continue
            }
            guard !pass.run.timedOut, let rule, !skipped.contains(rule) else {
                // A hang, or a trap outside any check: a fresh process would only do the same again.
                findings += ended(pass.run, stream: pass.stream, skillID: id, recorded: findings, kind: skill.kind)
                findings += notApplicable(after: findings + crashes, skillID: id, kind: skill.kind)
                return SkillResult(skill: skill, id: id, findings: findings + crashes)
            }
            crashes.append(crashFinding(pass.run, place: "while checking \(rule)" + Self.attempt(pass.run), skillID: id))
            if !pass.findings.contains(where: { $0.ruleID == rule }) {
                findings.append(
                    Finding(
                        ruleID: rule, skillID: id, outcome: .skipped(reason: Self.trappedReason), subject: ConformanceCheck.wholeRule,
                        expected: "a check of this rule that runs to its end", observed: Self.trappedReason))
            }
            judged.insert(rule)
            if remainingRules(after: judged, kind: skill.kind).isEmpty { break }
        }
        findings += notApplicable(after: findings + crashes, skillID: id, kind: skill.kind)
        if crashes.isEmpty {
            crashes.append(
                Finding(
                    ruleID: "CRASH-1", skillID: id, outcome: .passed, subject: Self.processSubject,
                    expected: "every check runs to its end", observed: "every check ran to its end without a trap"))
        }
        if let names = credentials[index], !names.isEmpty {
            crashes.append(try checkedWithoutCredentials(skillAt: index, names: names, skillID: id, triesToolCall: triesToolCall))
        }
        return SkillResult(
            skill: skill, id: id,
            findings: findings
                + crashes.map {
                    var finding = $0
                    finding.skillID = id
                    return finding
                })
    }

    /// Why a rule whose check trapped has no result of its own.
    package static let trappedReason =
        "the skill trapped, or ended its process, while this rule was checked (CRASH-1 reports how), so this rule "
        + "could not be judged; every other rule ran in a fresh process"

    /// The not-applicable findings of the rules that do not apply to `kind` and that no process reached (a
    /// process that trapped in every run never got to them): such a rule reads not applicable, as it does
    /// for a skill that ran through, never "not checked".
    func notApplicable(after findings: [Finding], skillID: String, kind: SkillKind) -> [Finding] {
        let judged = Set(findings.map(\.ruleID))
        return SkillConformance.implementedRuleIDs.filter { rule in
            !judged.contains(rule) && RuleCatalog.standard[rule]?.applies(to: kind) == false
        }.map { rule in
            let reason = SkillConformance.notApplicableReason(rule, for: kind)
            return Finding(
                ruleID: rule, skillID: skillID, outcome: .notApplicable, subject: ConformanceCheck.wholeRule,
                expected: "a skill of the kinds the rule applies to", observed: "\(kind.withArticle): \(reason)")
        }
    }

    /// The rules of `kind` that a harness process runs and that have no result yet.
    func remainingRules(after judged: Set<String>, kind: SkillKind) -> [String] {
        SkillConformance.implementedRuleIDs.filter { rule in
            !judged.contains(rule) && !Self.rulesOutsideHarness.contains(rule) && RuleCatalog.standard[rule]?.applies(to: kind) != false
        }
    }

    /// CRASH-1's failure for a process that trapped at `place` (`while checking CAN-1`, `before any check`).
    func crashFinding(_ run: ToolRunner.Run, place: String, skillID: String) -> Finding {
        let report = Self.crashReport(run)
        var finding = report.finding(skillID: skillID)
        finding.observed = Self.crashed(report, place: place)
        return finding
    }

    /// How a harness process ended and what it wrote, as CRASH-1 reads it.
    static func crashReport(_ run: ToolRunner.Run) -> CrashReport {
        // Only a process that did not run to its end is read as a crash: one that exited with status 0 ended in a check.
        CrashReport(
            termination: run.signal.map { .signal($0) } ?? .exitCode(run.status ?? -1),
            standardError: run.standardError + run.standardOutput, endedInCheck: true)
    }

    /// How a process that ended at `place` (`while checking SEND-2`) ended, with the runtime's trap message; a
    /// crash with none while SEND-2 ran many calls at once says what it most often is.
    package static func crashed(_ report: CrashReport, place: String) -> String {
        "the process \(report.termination) \(place)"
            + (report.howItEnded.map { ": \($0)" }
                ?? (place.hasSuffix("SEND-2")
                    ? ", with no trap message, while \(SkillConformance.stressCalls) calls ran at once: most often memory two calls wrote at the same time "
                        + "(a shared array or dictionary), which SEND-2's run under ThreadSanitizer names" : ""))
    }

    /// CRASH-1's finding for the skill's checks run once more, in a process of their own, with the credentials `names`
    /// unset, as on a machine that never set them (HANG-1's when that process had to be stopped). Every other run gives
    /// each credential a value (this machine's, or a placeholder), so a skill that traps or ends the program without one
    /// (`environment["KEY"]!`, or `exit(1)` after printing "KEY is required", as a ported server does at start-up) would
    /// pass there. Only how this process ends is judged: what the rules find without the credential is not theirs to judge.
    func checkedWithoutCredentials(
        skillAt index: Int, names: [String], skillID: String, triesToolCall: Bool
    ) throws(StageFailure) -> Finding {
        let pass = try runOnce(
            skillAt: index, label: "unset", skipping: Self.rulesOutsideHarness, triesToolCall: triesToolCall, unsetting: names)
        let place = pass.stream.interruptedRule.map { "while checking \($0)" + Self.attempt(pass.run) } ?? "before any check"
        let finding: Finding
        if pass.run.timedOut {
            finding = Finding(
                ruleID: "HANG-1", skillID: skillID, outcome: .failed, subject: "",
                expected: "every check ends within \(perSkillTimeout) of real time",
                observed: "the process was still running after \(perSkillTimeout) \(place), and was stopped")
        } else if pass.stream.runEnded {
            finding = Finding(ruleID: "CRASH-1", skillID: skillID, outcome: .passed, subject: "", expected: "", observed: "")
        } else {
            finding = crashFinding(pass.run, place: place, skillID: skillID)
        }
        return CrashReport.withoutCredentials(finding, names: names)
    }

    /// One process of the harness for the skill at `index`, skipping `skipped` rules, in a work folder of its own (named by
    /// `label`); the credentials in `unsetting` are left out of its environment, and get no placeholder.
    func runOnce(
        skillAt index: Int, label: String = "", skipping skipped: [String], triesToolCall: Bool = true, unsetting: [String] = []
    ) throws(StageFailure)
        -> (run: ToolRunner.Run, stream: EventStream, findings: [Finding])
    {
        // A leftover findings file would be read as this run's; one that cannot be written would read as a crash.
        let work = try Self.freshFolder(buildFolder.appendingPathComponent("skillcheck-runs/\(index)" + (label.isEmpty ? "" : "-\(label)")))
        let workingDirectory = try Self.freshFolder(work.appendingPathComponent(Self.workingDirectoryName))
        let events = work.appendingPathComponent("events.jsonl"), findingsFile = work.appendingPathComponent("findings.jsonl")
        let arguments = Self.testCommand(
            harness: harness.folder, buildFolder: buildFolder,
            [
                "--no-parallel", "--skip", skipped.joined(separator: "|"), "--event-stream-output-path", events.path,
                "--event-stream-version", EventStream.version,
            ])
        // The skill's placeholders first: the kit's own variables win over a name a skill happens to read.
        let placeholders = unsetting.isEmpty ? settings[index] ?? [:] : [:]
        let environment = placeholders.merging(Self.harnessEnvironment) { $1 }.merging(
            [
                "SKILLCHECK_SKILL": "\(index)", FindingsLog.environmentKey: findingsFile.path,
                CaseFolder.environmentKey: workingDirectory.path,
                SourceReplies.environmentKey: harness.discovery.package.path,
                SkillConformance.providersEnvironmentKey: providers.joined(separator: ","),
                SkillConformance.seedEnvironmentKey: seed.map(String.init),
                SkillConformance.schedulesEnvironmentKey: schedules.map(String.init),
                CrashReport.toolCallEnvironmentKey: triesToolCall ? "try" : "off",
            ].compactMapValues { $0 }
        ) { $1 }
        let run: ToolRunner.Run
        do {
            run = try ToolRunner.run(
                arguments, in: workingDirectory, environment: environment, unsetting: unsetting, timeout: perSkillTimeout, grace: .standard)
        } catch {
            throw .tool(error.description)
        }
        let findings = (try? FindingsLog.read(findingsFile)) ?? []
        do {
            return (run, try EventStream((try? Data(contentsOf: events)) ?? Data()), findings)
        } catch {
            throw .tool(error.description)
        }
    }

    /// The run the check under way was making as the process ended, as a place says it: ` (offline at operation 2 of 3
    /// (GET …), input "weather in Paris")`; empty when it did not say.
    static func attempt(_ run: ToolRunner.Run) -> String {
        crashReport(run).attempt.map { " (\($0))" } ?? ""
    }

    /// The findings of a process that did not finish: HANG-1 when the watchdog ended it, else CRASH-1;
    /// and a skip for every rule of the skill's kind that never got to run.
    func ended(_ run: ToolRunner.Run, stream: EventStream, skillID: String, recorded: [Finding], kind: SkillKind = .agent) -> [Finding] {
        let rule = stream.interruptedRule
        let place = rule.map { "while checking \($0)" + Self.attempt(run) } ?? "before any check"
        var findings: [Finding] = []
        if run.timedOut {
            findings.append(
                Finding(
                    ruleID: "HANG-1", skillID: skillID, outcome: .failed, subject: Self.processSubject,
                    expected: "every check ends within \(perSkillTimeout) of real time",
                    observed: "the process was still running after \(perSkillTimeout) \(place), and was stopped"))
        } else {
            findings.append(crashFinding(run, place: place, skillID: skillID))
        }
        let reason = "the skill's process ended \(place) (\(run.timedOut ? "HANG-1" : "CRASH-1")), so this rule did not finish"
        let finished = Set(recorded.map(\.ruleID))
        for ruleID in SkillConformance.implementedRuleIDs
        where !finished.contains(ruleID) && ruleID != findings[0].ruleID && !SkillConformance.staticRuleIDs.contains(ruleID)
            && RuleCatalog.standard[ruleID]?.applies(to: kind) != false
        {
            findings.append(
                Finding(
                    ruleID: ruleID, skillID: skillID, outcome: .skipped(reason: reason), subject: ConformanceCheck.wholeRule,
                    expected: "a check of this rule", observed: reason))
        }
        return findings
    }
}
