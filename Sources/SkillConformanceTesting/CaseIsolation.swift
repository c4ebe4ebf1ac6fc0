import Foundation
import SkillCheckSupport
import SkillConformance
import SkillTestingTraits
import Testing

/// One conformance case run in a process of its own: the test binary started again for that one test and
/// that one case (`--filter`, `SKILLCHECK_CASE`), so a skill that traps costs that case alone, and one that
/// hangs is ended by the watchdog.
///
/// It applies where the test binary can be started again (`swift test`'s `.xctest` executable); elsewhere
/// (Xcode's test runner), and when `SKILLCHECK_ISOLATION` is `off`, the case runs in the test's own process.
@available(SkillCheckTesting, *)
enum CaseIsolation {
    /// How long an isolated case may run in real time before it is ended and fails HANG-1. Each check ends a
    /// hang of its own within seconds (`CheckLimits`); this ends what nothing else can, a loop with no
    /// suspension point, and is generous because a case on a 2-core machine busy building can take minutes.
    static func watchdog(_ limits: CheckLimits) -> Duration { max(.seconds(600), limits.realStress * 10) }

    /// Whether this process is an isolated case's.
    static var isChild: Bool { TestProcess.isChild }

    /// The findings of `c`, from a process of its own; `nil` when isolation does not apply here, or the
    /// child found no case to run (then the caller runs it in-process: a case is never left unchecked).
    ///
    /// The child tries a model's call of the skill's own tool (the tool-call trial, as under `skillcheck`), unless
    /// `SKILLCHECK_TOOL_CALL` says otherwise: a trap in it fails the CRASH-1 case, naming the call, and any other
    /// case whose child it ended runs again without the trial, so the trap is reported once.
    ///
    /// CRASH-1's case of a skill given with its package (`declaredIn:`) runs once more with each credential the skill's
    /// code reads from the environment unset, as `skillcheck` does: on your machine the key is set, and a skill that
    /// ends the program without it would pass.
    static func findings(of c: ConformanceCase, limits: CheckLimits) async -> [Finding]? {
        let trial = ProcessInfo.processInfo.environment[CrashReport.toolCallEnvironmentKey] ?? "try"
        guard let found = await findings(of: c, limits: limits, toolCall: trial) else { return nil }
        guard c.ruleID == "CRASH-1", let declaration = c.skill.declaration,
            let analysis = try? await StaticAnalysis.shared(package: declaration.package, options: declaration.options)
        else { return found }
        let names = analysis.credentialNames(typeName: declaration.typeName, moduleHint: declaration.moduleHint)
        guard !names.isEmpty, let without = await findings(of: c, limits: limits, toolCall: trial, unsetting: names) else { return found }
        return found
            + without.filter { ["CRASH-1", "HANG-1"].contains($0.ruleID) }.map { CrashReport.withoutCredentials($0, names: names) }
    }

    private static func findings(of c: ConformanceCase, limits: CheckLimits, toolCall: String, unsetting: [String] = []) async -> [Finding]?
    {
        // The compile-time rules build the package and never run the skill: nothing of the skill's can trap there.
        guard !SkillConformance.staticRuleIDs.contains(c.ruleID), let test = Test.current else { return nil }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("skillcheck-case-\(UUID().uuidString).jsonl")
        // The child runs in an empty folder of its own: what the skill writes to a relative path lands there, not in
        // the package the tests run from.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("skillcheck-case-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: file)
            try? FileManager.default.removeItem(at: folder)
        }
        let madeFolder = (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil
        var environment = [
            SkillConformance.caseEnvironmentKey: "\(c.skill.id)/\(c.ruleID)", FindingsLog.environmentKey: file.path,
            CrashReport.toolCallEnvironmentKey: toolCall,
        ]
        // Alone in its process, the case may move the process's time zone to run a sample again in another.
        let movesZone = HostTimeZone.ruleIDs.contains(c.ruleID)
        if movesZone { environment[HostTimeZone.environmentKey] = "move" }
        guard
            let alone = await TestProcess.run(
                test, environment: environment, timeout: watchdog(limits), evenWhenOff: movesZone && HostTimeZone.runsApart,
                in: madeFolder ? folder : nil, unsetting: unsetting)
        else { return nil }
        let run = alone.run
        let findings = (try? FindingsLog.read(file)) ?? []
        if run.timedOut {
            return findings.filter { $0.ruleID == c.ruleID } + [
                Finding(
                    ruleID: "HANG-1", skillID: c.skill.id, outcome: .failed,
                    subject: "\(c.ruleID)'s check, in a process of its own",
                    expected: "it ends within \(watchdog(limits)) of real time",
                    observed: "it was still running, and was ended: a hang that no check's own limit caught")
            ]
        }
        if let signal = run.signal {
            let crash = CrashReport(termination: .signal(signal), standardError: run.standardError)
            // CRASH-1's case runs every check, the trial too, and reports the trap; another case judges its rule again
            // on text answers only.
            if crash.trappedInToolCallTrial != nil, c.ruleID != "CRASH-1", toolCall == "try" {
                return await Self.findings(of: c, limits: limits, toolCall: "off", unsetting: unsetting)
            }
            return findings + [crash.finding(skillID: c.skill.id)]
        }
        // The child started the case (its marker) and never wrote its findings: the skill ended the program, with
        // whatever status (`exit(0)` too). Running it again here would end this process the same way. CRASH-1's case
        // runs every other check, each announced: its last marker names the check the program ended in.
        let report = CrashReport(termination: .exitCode(run.status ?? -1), standardError: run.standardError, endedInCheck: true)
        let started = report.ruleID == c.ruleID || (c.ruleID == "CRASH-1" && report.ruleID != nil)
        if findings.isEmpty, !alone.ranToTheEnd, started { return [report.finding(skillID: c.skill.id)] }
        return findings.isEmpty ? nil : findings
    }
}
