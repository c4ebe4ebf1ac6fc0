import Foundation
import SkillCheckSupport
import Testing

/// The child processes `skillcheck` starts, on a stranger's worst day: a helper that keeps the output open
/// and ignores SIGTERM, a child that outlives its watchdog, and hundreds of runs in one process. These run
/// real processes (`/bin/sh`), so they wait on real time, but only for the short grace periods given here.
@Suite("ChildProcess: a session of its own, ended whole, nothing left open")
struct ChildProcessTests {
    /// Short grace periods: what the tests wait for is a real process's end, never a fixed sleep.
    let grace = ChildProcess.Grace(termination: .milliseconds(200), output: .milliseconds(200))

    @Test("the child leads a session of its own, and its output, errors and status pass through")
    func ownSession() throws {
        let run = try ToolRunner.run(
            ["/bin/sh", "-c", "echo $$ $(cut -d' ' -f6 /proc/$$/stat); echo oops >&2; exit 3"],
            timeout: .seconds(30), grace: grace)
        let fields = run.standardOutput.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        #expect(fields.count == 2 && fields[0] == fields[1], "pid and session: \(run.standardOutput)")
        #expect(run.standardError == "oops\n")
        #expect(run.status == 3 && run.signal == nil && !run.timedOut)
    }

    @Test("a process the child started keeps its output open and ignores SIGTERM: the run ends after the grace, and so does it")
    func helperHoldsOutputOpen() throws {
        let marker = "skillcheck-test-\(UUID().uuidString)"
        let started = ContinuousClock.now
        let run = try ToolRunner.run(
            ["/bin/sh", "-c", "trap '' TERM; (trap '' TERM; exec sleep 600) & echo started"],
            environment: ["SKILLCHECK_TEST_MARK": marker], timeout: .seconds(30), grace: grace)
        let took = started.duration(to: .now)
        #expect(run.standardOutput == "started\n")
        #expect(run.status == 0 && !run.timedOut)
        #expect(run.leftBehind.contains { $0.hasSuffix(" sleep") }, "left behind: \(run.leftBehind)")
        #expect(took < .seconds(20), "the run waited \(took) for a pipe a helper held")
        let survivors = Self.survivors(marked: marker)
        #expect(survivors.isEmpty, "still running: \(survivors)")
    }

    @Test("at the watchdog the whole session ends: SIGTERM, then SIGKILL for what ignores it")
    func watchdogEndsTheSession() throws {
        let marker = "skillcheck-test-\(UUID().uuidString)"
        let run = try ToolRunner.run(
            ["/bin/sh", "-c", "trap '' TERM; (trap '' TERM; exec sleep 600) & sleep 600; wait"],
            environment: ["SKILLCHECK_TEST_MARK": marker], timeout: .milliseconds(200), grace: grace)
        #expect(run.timedOut)
        #expect(run.signal == SIGKILL, "the shell ignores SIGTERM, so SIGKILL ended it: \(String(describing: run.signal))")
        let survivors = Self.survivors(marked: marker)
        #expect(survivors.isEmpty, "still running: \(survivors)")
    }

    @Test("descriptors stay flat over 200 runs, helpers holding output included")
    func descriptorsStayFlat() throws {
        // Each child names the pipes it writes to (`pipe:[inode]`): afterwards none of them may still be open
        // here. (Counting this process's descriptors would count other tests' too: they run alongside.)
        var pipes: Set<String> = []
        for index in 0..<200 {
            let names = "readlink /proc/$$/fd/1; readlink /proc/$$/fd/2 >&2"
            let script = index % 20 == 0 ? "(exec sleep 600) & \(names)" : names
            let run = try ToolRunner.run(["/bin/sh", "-c", script], timeout: .seconds(30), grace: grace)
            let named = [run.standardOutput, run.standardError].map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            #expect(named.allSatisfy { $0.hasPrefix("pipe:[") }, "\(named)")
            pipes.formUnion(named)
        }
        #expect(pipes.count == 400)
        let open = Self.openPipes()
        #expect(open.isDisjoint(with: pipes), "still open here: \(open.intersection(pipes).sorted().prefix(5))")
    }

    @Test("a variable named in unsetting is left out of the child's environment, whether this process or the call sets it")
    func unsetting() throws {
        // A name of this test's own, set in this process: a shell gives PATH and others a value of its own when they are unset.
        let inherited = "SKILLCHECK_INHERITED_BY_CHILDREN"
        setenv(inherited, "inherited", 1)
        let run = try ToolRunner.run(
            ["/bin/sh", "-c", "echo \"[${\(inherited)-unset}] [${SKILLCHECK_GIVEN-unset}] [${SKILLCHECK_KEPT-unset}]\""],
            environment: ["SKILLCHECK_GIVEN": "given", "SKILLCHECK_KEPT": "kept"], unsetting: [inherited, "SKILLCHECK_GIVEN"],
            timeout: .seconds(30), grace: grace)
        #expect(run.standardOutput == "[unset] [unset] [kept]\n")
        // Without `unsetting`, the child gets both.
        let plain = try ToolRunner.run(
            ["/bin/sh", "-c", "echo \"[${\(inherited)-unset}] [${SKILLCHECK_GIVEN-unset}]\""], environment: ["SKILLCHECK_GIVEN": "given"],
            timeout: .seconds(30), grace: grace)
        #expect(plain.standardOutput == "[inherited] [given]\n")
    }

    @Test("a program that does not exist is an error naming it, not a run")
    func missingProgram() {
        #expect(throws: ToolError.self) {
            try ToolRunner.run(["skillcheck-no-such-program-\(UUID().uuidString)"], timeout: .seconds(5))
        }
    }

    /// The pipes this process has open, as `pipe:[inode]`.
    static func openPipes() -> Set<String> {
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return Set(
            descriptors.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)") }
                .filter { $0.hasPrefix("pipe:") })
    }

    /// The live processes whose environment holds `marker`: everything a run started inherits it.
    /// The processes still carrying `marker` once any that were killed have had up to 5 s of real time to finish
    /// dying: a SIGKILLed process is gone only when the kernel has torn it down, which on a loaded 2-core machine
    /// can come after the call that sent it returns. It returns as soon as none is left.
    static func survivors(marked marker: String) -> [String] {
        let deadline = ContinuousClock.now.advanced(by: .seconds(5))
        var left = processes(marked: marker)
        while !left.isEmpty, ContinuousClock.now < deadline {
            usleep(10_000)
            left = processes(marked: marker)
        }
        return left
    }

    static func processes(marked marker: String) -> [String] {
        SessionMembers.all().compactMap { member in
            guard let environment = FileManager.default.contents(atPath: "/proc/\(member.pid)/environ"),
                String(decoding: environment, as: UTF8.self).contains(marker)
            else { return nil }
            return "\(member.pid) \(member.name)"
        }
    }
}
