import Foundation
import SkillCheckCommand
import SkillCheckSupport
import Testing

@testable import SkillConformance

/// `skillcheck` on skills that are hard on the process that checks them (Tests/Fixtures/StrayProcessSkills):
/// one traps on every run, one traps only when cancelled before it starts, one leaves a helper holding its
/// output open that ignores SIGTERM, one spins without suspending, one keeps a file at a relative path, one
/// reads its API key from the environment, and one does nothing wrong. The run must end, report each problem for
/// its skill alone, and leave no process behind. Builds a real package.
@Suite("skillcheck on a stranger's worst day: it ends, reports each skill alone, and leaves nothing running", .serialized, .endToEnd)
struct ProcessHygieneTests {
    static let package = DiscoveryTests.root.appendingPathComponent("Tests/Fixtures/StrayProcessSkills")
    static let scratch = DiscoveryTests.scratch("check-StrayProcessSkills")
    /// The per-skill watchdog: the spinning skill's process is ended by it. Generous, since every other
    /// skill's process must end well within it on a machine busy with the rest of `swift test`.
    static let watchdog: Duration = .seconds(45)

    @Test("every skill gets its own result; traps cost one check; the spinner is HANG-1; nothing is left running")
    func strayProcesses() async throws {
        let sessionBefore = Self.strays()
        let run = ConformanceRun(package: Self.package, scratch: Self.scratch, perSkillTimeout: Self.watchdog, reusesMemory: false)
        let outcome = try await run.run { _ in }
        let byID = Dictionary(uniqueKeysWithValues: outcome.results.map { ($0.id, $0.findings) })
        #expect(
            Set(byID.keys) == [
                "tip.always-traps", "greeting.traps-when-cancelled", "cache.warmer", "sync.spinner", "echo.steady", "tally.relative-file",
                "weather.keyed",
            ])

        // No rule of any skill is left as "the process ended" after a trap: the rules after it ran afresh.
        for (id, findings) in byID where id != "sync.spinner" {
            let lost = findings.filter { if case .skipped(let reason) = $0.outcome { reason.contains("process ended") } else { false } }
            #expect(lost.isEmpty, "\(id): \(lost.map(\.message))")
        }

        // Trapping in one check costs that check: CRASH-1 names CAN-1, and every other rule has a result.
        let once = try #require(byID["greeting.traps-when-cancelled"])
        let crashes = once.filter { $0.ruleID == "CRASH-1" && $0.outcome == .failed }
        #expect(crashes.count == 1 && crashes[0].observed.contains("while checking CAN-1"), "\(crashes.map(\.observed))")
        #expect(crashes.first?.observed.contains("Fatal error") == true, "the runtime's message reaches CRASH-1")
        for rule in SkillConformance.implementedRuleIDs where RuleCatalog.standard[rule]?.applies(to: .agent) == true && rule != "CAN-1" {
            let results = once.filter { $0.ruleID == rule }
            let judged = !results.isEmpty && results.allSatisfy { if case .skipped = $0.outcome { false } else { true } }
            #expect(judged, "\(rule): \(results.map(\.message))")
        }
        #expect(once.contains { $0.ruleID == "CAN-1" && $0.outcome == .skipped(reason: ConformanceStage.trappedReason) })

        // A skill that traps on every run: CRASH-1 each time, under ThreadSanitizer too (not a pass there).
        let always = try #require(byID["tip.always-traps"])
        #expect(always.contains { $0.ruleID == "CRASH-1" && $0.outcome == .failed })
        let sanitized = always.filter { $0.ruleID == "SEND-2" && $0.subject.contains("ThreadSanitizer") }
        #expect(sanitized.count == 1 && sanitized.allSatisfy { $0.outcome != .passed }, "\(sanitized.map(\.message))")

        // The helper that held the output open did not stall the run, and the skill's only problem is the one it
        // has: starting a process of its own (Foundation's Process opens a socket for it), outside its context (IO-1).
        let holding = try #require(byID["cache.warmer"])
        #expect(
            holding.filter { $0.outcome.isProblem }.allSatisfy { $0.ruleID == "IO-1" },
            "\(holding.filter { $0.outcome.isProblem }.map(\.message))")

        // The spinner is stopped by the watchdog and reported as HANG-1; the race stage does not wait it out again.
        let spinner = try #require(byID["sync.spinner"])
        #expect(spinner.contains { $0.ruleID == "HANG-1" && $0.outcome == .failed })

        let steady = try #require(byID["echo.steady"])
        #expect(
            !steady.contains { $0.outcome.isProblem || $0.outcome == .warning }, "\(steady.filter { $0.outcome.isProblem }.map(\.message))")

        // A file written to a relative path lands in the harness process's own folder, never in the folder the run
        // was started from (this test's, the repository's root) or the package's; IO-1 names it there.
        let tally = try #require(byID["tally.relative-file"])
        // Each run's read or write of it: in the skill's harness folder, or in the folder of the process a TIME-2 case has.
        let touched = tally.filter { $0.ruleID == "IO-1" && $0.outcome == .failed && $0.observed.contains("the file ") }
        #expect(
            !touched.isEmpty
                && touched.allSatisfy {
                    $0.observed.contains("/\(ConformanceStage.workingDirectoryName)/tally.txt") || $0.observed.contains("/skillcheck-case-")
                },
            "\(touched.map(\.observed))")
        for folder in [FileManager.default.currentDirectoryPath, Self.package.path] {
            #expect(!FileManager.default.fileExists(atPath: folder + "/tally.txt"), "a skill's relative write landed in \(folder)")
        }

        // The key the skill reads from the environment was given a placeholder: its runs reached the network, and
        // ERR-1 found the error it lets through, where without it every run stopped at "set the key".
        let keyed = try #require(byID["weather.keyed"])
        #expect(keyed.contains { $0.ruleID == "ERR-1" && $0.outcome == .failed }, "\(keyed.filter { $0.ruleID == "ERR-1" }.map(\.message))")
        #expect(
            !keyed.contains { $0.outcome == .notApplicable && $0.ruleID.hasPrefix("CAN") }, "the cancellation rules had a request to cancel"
        )

        // Its checks ran once more with the key unset, where it answers "set the key": CRASH-1 passes there too
        // (BrokenSkills' KeyRequiredForecastSkill, which ends the program instead, fails it: CheckExamplesTests).
        let keyedWithout = keyed.filter { $0.ruleID == "CRASH-1" && $0.subject.contains("STRAY_WEATHER_API_KEY unset") }
        #expect(keyedWithout.count == 1 && keyedWithout.allSatisfy { $0.outcome == .passed }, "\(keyedWithout.map(\.message))")

        // Nothing the run started is still running: no process of this session that was not here before,
        // and no process anywhere whose environment names this run's scratch folder (every harness has it).
        let sessionAfter = Self.strays()
        #expect(sessionAfter.subtracting(sessionBefore).isEmpty, "new in this session: \(sessionAfter.subtracting(sessionBefore))")
        #expect(Self.processes(mentioning: Self.scratch.path).isEmpty, "left running: \(Self.processes(mentioning: Self.scratch.path))")
        // The fixture's helper (`sleep 86400`), from the conformance and the race stage alike.
        #expect(Self.processes(mentioning: "sleep\u{0}86400").isEmpty, "left running: \(Self.processes(mentioning: "sleep\u{0}86400"))")
    }

    /// The processes of this test's session that this process started (directly or not) or that lost their
    /// parent (a leftover is re-parented to init): what `skillcheck` would have left behind here. (`swift test`
    /// starts processes of its own in this session, and other suites run alongside.)
    static func strays() -> Set<String> {
        let all = SessionMembers.all()
        let parents = Dictionary(all.map { ($0.pid, $0.parent) }, uniquingKeysWith: { first, _ in first })
        func descends(_ pid: pid_t) -> Bool {
            var next = pid
            for _ in 0..<64 {
                guard let parent = parents[next] else { return false }
                if parent == getpid() { return true }
                next = parent
            }
            return false
        }
        // Exit tests elsewhere in this test run start this very binary as a child for a moment: not a stray.
        let ownProgram = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        func isThisProgram(_ pid: pid_t) -> Bool {
            ownProgram != nil && (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")) == ownProgram
        }
        return Set(
            all.filter { $0.session == getsid(0) && $0.pid != getpid() && ($0.parent == 1 || descends($0.pid)) }
                .filter { !isThisProgram($0.pid) && !descendsFromThisProgram($0.pid, parents: parents, isThisProgram: isThisProgram) }
                .map { "\($0.pid) \($0.name)" })
    }

    /// Whether a process between `pid` and this one is another copy of this program (an exit test's child).
    static func descendsFromThisProgram(_ pid: pid_t, parents: [pid_t: pid_t], isThisProgram: (pid_t) -> Bool) -> Bool {
        var next = parents[pid]
        for _ in 0..<64 {
            guard let current = next, current != getpid(), current > 1 else { return false }
            if isThisProgram(current) { return true }
            next = parents[current]
        }
        return false
    }

    /// Live processes whose environment or command line holds `text`.
    static func processes(mentioning text: String) -> [String] {
        SessionMembers.all().compactMap { member in
            let found = ["environ", "cmdline"].contains { file in
                FileManager.default.contents(atPath: "/proc/\(member.pid)/\(file)").map {
                    String(decoding: $0, as: UTF8.self).contains(text)
                } ?? false
            }
            return found ? "\(member.pid) \(member.name)" : nil
        }
    }
}
