import Foundation
import SkillKit
import Testing

@testable import SkillConformance

/// Reads its reply with a parser of its own that no fitted reply satisfies, as a port of Python's `raw["query"]`
/// through a helper does: every run fails after its request, with the parser's error or, `mapped`, a SkillError.
private struct UnreadableReplySkill: AgentSkill {
    struct ParseError: Error {}
    var mapped = false
    /// The twin whose parser reads the reply: it answers, and every rule judges its work.
    var readable = false
    let id = "unreadable-reply"
    let displayName = "Lookup"
    let description = "Looks a word up, such as look up swift."
    let keywords = ["look"]
    var samples: SkillSamples { SkillSamples(handled: ["look up swift"], unhandled: ["note this"]) }

    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        do {
            _ = try await context.networkService.send(NetworkRequest(url: URL(string: "https://dictionary.example/swift")!))
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw SkillError.executionFailed("The dictionary did not answer.")
        }
        if readable { return SkillOutput(summary: "swift: a programming language") }
        if mapped { throw SkillError.executionFailed("The dictionary's answer could not be read.") }
        throw ParseError()
    }
}

@Suite("A sample that fails with the working fakes never reached its work: the rules about that work skip it")
struct UnfitReplyTests {
    @Test("the same raw error twice is skipped pointing to ERR-1, which fails; the same SkillError twice is skipped naming no rule")
    func sameErrorTwiceIsSkipped() async {
        let raw = await SkillConformance.check(for: "TIME-2").run(SkillUnderTest(UnreadableReplySkill()))
        #expect(
            raw.count == 1 && raw[0].outcome.isProblem && raw[0].observed.contains("failed both times")
                && raw[0].observed.contains("(ERR-1 reports the error it let through)"),
            "\(raw.map(\.message))")
        let errors = await SkillConformance.check(for: "ERR-1").run(SkillUnderTest(UnreadableReplySkill()))
        #expect(errors.contains { $0.outcome == .failed && $0.subject.hasPrefix("working fakes, nothing injected") })
        let mapped = await SkillConformance.check(for: "TIME-2").run(SkillUnderTest(UnreadableReplySkill(mapped: true)))
        #expect(
            mapped.count == 1 && mapped[0].observed.contains("failed both times") && !mapped[0].observed.contains("ERR-"),
            "\(mapped.map(\.message))")
    }

    @Test(
        "CAN-2, CAN-3, CAN-4, SEND-4 and SEND-5 skip a sample that threw with the working fakes, saying what was never reached; its readable twin passes",
        arguments: ["CAN-2", "CAN-3", "CAN-4", "SEND-4", "SEND-5"])
    func laterRulesSkip(_ rule: String) async {
        let unread = await SkillConformance.check(for: rule).run(SkillUnderTest(UnreadableReplySkill()))
        #expect(!unread.isEmpty && !unread.contains { $0.outcome == .passed || $0.outcome == .notApplicable }, "\(unread.map(\.message))")
        #expect(
            unread.contains {
                if case .skipped(let reason) = $0.outcome {
                    reason.contains("ParseError()") && reason.contains("(ERR-1 reports the error it let through)")
                } else {
                    false
                }
            }, "\(unread.map(\.message))")
        let read = await SkillConformance.check(for: rule).run(SkillUnderTest(UnreadableReplySkill(readable: true)))
        #expect(read.allSatisfy { !$0.outcome.isProblem }, "\(read.map(\.message))")
        #expect(read.contains { $0.outcome == .passed || $0.outcome == .notApplicable }, "\(read.map(\.message))")
    }
}
