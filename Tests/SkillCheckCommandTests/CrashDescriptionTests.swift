import SkillCheckCommand
import SkillConformance
import Testing

/// CRASH-1 says how the process ended and the runtime's words; a crash with none, while SEND-2 ran 64 calls at
/// once, says what it most often is, where the rule's own fix (an optional bound, not forced) would mislead.
@Suite("How a crashed harness process is described")
struct CrashDescriptionTests {
    @Test("a trap keeps its message; an abort with none under SEND-2 points at a data race; elsewhere it says nothing more")
    func described() {
        let trap = CrashReport(
            termination: .signal(4), standardError: "Fatal error: Unexpectedly found nil while unwrapping an Optional value")
        #expect(
            ConformanceStage.crashed(trap, place: "while checking SEND-2")
                == "the process was killed by signal 4 (SIGILL) while checking SEND-2: Fatal error: Unexpectedly found nil while unwrapping an Optional value"
        )
        let abort = CrashReport(termination: .signal(6), standardError: "")
        #expect(
            ConformanceStage.crashed(abort, place: "while checking SEND-2").hasSuffix(
                "with no trap message, while 64 calls ran at once: most often memory two calls wrote at the same time "
                    + "(a shared array or dictionary), which SEND-2's run under ThreadSanitizer names"))
        #expect(
            ConformanceStage.crashed(abort, place: "while checking ERR-2")
                == "the process was killed by signal 6 (SIGABRT) while checking ERR-2")
    }

    @Test("a process that exits with status 0 in the middle of a check failed CRASH-1: the skill ended the program")
    func exitInCheck() {
        let marker = "skillcheck: checking ERR-1 for skill \"escalate\"\n=== Escalation Report ===\n"
        let exited = CrashReport(termination: .exitCode(0), standardError: marker)
        #expect(exited.finding(skillID: "escalate").outcome == .failed)
        #expect(
            exited.finding(skillID: "escalate").observed.contains(
                "exited with status 0 while checking ERR-1: the skill, or code it calls, ended the program (`exit(0)`)"))
        let finished = CrashReport(
            termination: .exitCode(0), standardError: marker + "skillcheck: every check ran for skill \"escalate\"\n")
        #expect(finished.finding(skillID: "escalate").outcome == .passed)
        // skillcheck's harness process: the event stream, not a marker, says it ended in a check.
        let harness = CrashReport(termination: .exitCode(0), standardError: "", endedInCheck: true)
        #expect(
            ConformanceStage.crashed(harness, place: "while checking CAN-2").hasPrefix(
                "the process exited with status 0 while checking CAN-2: the skill, or code it calls, ended the program (`exit(0)`)"))
        #expect(harness.finding(skillID: "escalate").outcome == .failed)
    }

    @Test("a trap between the tool-call trial's markers is the trial's; one after it, or after the next rule's marker, is not")
    func toolCallTrial() {
        let start = "skillcheck: checking SEND-2 for skill \"loop\"\nskillcheck: trying a model's call of the tool \"save_note\"\n"
        #expect(CrashReport(termination: .signal(4), standardError: start + "Fatal error: boom").trappedInToolCallTrial == "\"save_note\"")
        let after = start + "skillcheck: tried a model's call of a tool\nFatal error: boom"
        #expect(CrashReport(termination: .signal(4), standardError: after).trappedInToolCallTrial == nil)
        #expect(
            CrashReport(termination: .signal(4), standardError: "skillcheck: checking CAN-1 for skill \"loop\"\n").trappedInToolCallTrial
                == nil)
    }
}
