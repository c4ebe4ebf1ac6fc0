import BundledBrokenSkills
import Foundation
import SkillCheckSupport
import SkillConformance
import SkillConformanceTesting
import SkillKit
import Testing

/// The one-line test under `swift test`: each case in a process of its own, so a trap costs one case.
@Suite("One trap costs one case of the one-line test")
struct CaseIsolationTests {
    /// TipSkill force-unwraps the number it expects, so ERR-2's empty input traps: in-process that would end
    /// this whole test run. Isolated, the case fails CRASH-1 with the runtime's words and where, and the
    /// other case (META-1) runs and passes.
    @Test(
        "a trapping case fails CRASH-1 with the trap's message; the other case passes",
        arguments: SkillConformance.cases(for: [TipSkill()], rules: ["ERR-2", "META-1"]))
    func trapCostsOneCase(_ c: ConformanceCase) async {
        guard c.ruleID == "ERR-2" else { return await c.expectPasses() }
        await withKnownIssue("TipSkill traps on an input without a number") {
            await c.expectPasses()
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("CRASH-1 FAILED") && text.contains("while checking ERR-2") && text.contains("Fatal error")
        }
    }
}

/// Waits a moment on a real clock before it answers: TIME-1's failure, which HANG-1's runs see too.
private struct NappingSkill: AgentSkill {
    let id = "napping"
    let displayName = "Nap"
    let description = "Answers after a short nap, such as nap please."
    let keywords = ["nap"]
    var samples: SkillSamples { SkillSamples(handled: ["nap please"], unhandled: ["天气"]) }

    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        try await Task.sleep(for: .milliseconds(5))
        return SkillOutput(summary: "Rested.")
    }
}

/// A real sleep is TIME-1's failure: its own case fails, and another case whose runs saw it records a warning that
/// says so, so one sleep costs one case.
@Suite("A failure of another rule seen on a case's runs fails that rule's case")
struct OwnedFailureTests {
    @Test(
        "TIME-1's case fails on a real sleep; HANG-1's case, whose runs saw it, passes with a warning naming TIME-1",
        arguments: SkillConformance.cases(for: [NappingSkill()], rules: ["TIME-1", "HANG-1"]))
    func oneSleepOneCase(_ c: ConformanceCase) async {
        guard c.ruleID == "TIME-1" else { return await c.expectPasses() }
        await withKnownIssue("NappingSkill sleeps on a real clock") {
            await c.expectPasses()
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("TIME-1 FAILED")
        }
    }
}

/// Hands the conversation to a person and ends the program, as the OpenAI cookbook's escalate_to_human does with
/// `exit(0)`: only in an isolated case's own process, so that a kit which ran it in this one would see it return
/// (and fail the test) instead of ending the whole run with status 0.
private struct EscalateSkill: AgentSkill {
    let id = "escalate"
    let displayName = "Escalate"
    let description = "Hands the conversation to a person, such as escalate to a human."
    let keywords = ["escalate"]
    var samples: SkillSamples { SkillSamples(handled: ["escalate to a human"], unhandled: ["天气"]) }
    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        try Task.checkCancellation()
        if ProcessInfo.processInfo.environment["SKILLCHECK_ISOLATION"] == "child" { exit(0) }
        return SkillOutput(summary: "a person will answer")
    }
}

/// A skill that ends the program with status 0 fails the case it ended, CRASH-1: a status of 0 is no pass when the
/// case never wrote its findings.
@Suite("A skill that calls exit(0) fails its case")
struct ExitingSkillTests {
    @Test(
        "a case whose skill calls exit(0) fails CRASH-1 naming the exit; the other case passes",
        .enabled(if: ProcessInfo.processInfo.environment["SKILLCHECK_ISOLATION"] != "off"),
        arguments: SkillConformance.cases(for: [EscalateSkill()], rules: ["ERR-1", "META-1", "CRASH-1"]))
    func exitCostsOneCase(_ c: ConformanceCase) async {
        guard c.ruleID != "META-1" else { return await c.expectPasses() }
        // CRASH-1's own case runs every check: the exit comes in the first that runs the skill, which the finding names.
        let place = c.ruleID == "ERR-1" ? "while checking ERR-1" : "while checking "
        await withKnownIssue("EscalateSkill ends the program") {
            await c.expectPasses()
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("CRASH-1 FAILED") && text.contains("exited with status 0 \(place)")
                && text.contains("ended the program (`exit(0)`)")
        }
    }
}

/// Keeps a tally in a file at a relative path, as a script's port would.
private struct RelativeTallySkill: AgentSkill {
    static let file = "skillcheck-isolation-tally.txt"
    let id = "relative-tally"
    let displayName = "Tally"
    let description = "Counts, such as tally up."
    let keywords = ["tally"]
    var samples: SkillSamples { SkillSamples(handled: ["tally up"], unhandled: ["天气"]) }
    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        try Task.checkCancellation()
        do {
            try Data("1".utf8).write(to: URL(fileURLWithPath: Self.file))
        } catch {
            throw SkillError.executionFailed("the tally was not kept")
        }
        return SkillOutput(summary: "1")
    }
}

/// An isolated case runs in an empty folder of its own: a skill's relative write never lands in the package.
@Suite("An isolated case runs in a folder of its own")
struct CaseFolderTests {
    @Test("a file written to a relative path by the case's runs is not left in the folder the tests run from")
    func relativeWrite() async throws {
        let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(RelativeTallySkill.file)
        let c = try #require(SkillConformance.cases(for: [RelativeTallySkill()], rules: ["IO-1"]).first)
        await withKnownIssue("the skill writes a file outside its context") {
            await c.expectPasses()
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("IO-1 FAILED")
                && issue.comments.map(\.rawValue).joined().contains(RelativeTallySkill.file)
        }
        // The case's own process runs this test's body too, up to here: only this process looks.
        guard ProcessInfo.processInfo.environment["SKILLCHECK_ISOLATION"] != "child" else { return }
        let landedHere = FileManager.default.fileExists(atPath: here.path)
        try? FileManager.default.removeItem(at: here)
        #expect(!landedHere, "\(here.path) was written by the case's runs")
    }
}

/// skillcheck's harness runs every case of a skill in one process, in a folder it made: each case starts it empty.
@Suite("A case in skillcheck's harness starts from an empty folder")
struct CaseFolderEmptyingTests {
    @Test("the folder the environment names is emptied when it is the current one; a link in it goes, its target stays")
    func emptied() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("skillcheck-emptying-\(UUID().uuidString)")
        let folder = root.appendingPathComponent("working-directory"), outside = root.appendingPathComponent("outside.txt")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("nested"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("corrupt".utf8).write(to: folder.appendingPathComponent("memory.jsonl"))
        try Data("kept".utf8).write(to: outside)
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("link"), withDestinationURL: outside)

        // Not the current folder, or none named: nothing is touched.
        #expect(!CaseFolder.empty(folder.path, whenCurrentIs: root.path))
        #expect(!CaseFolder.empty(nil, whenCurrentIs: folder.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["link", "memory.jsonl", "nested"])

        #expect(CaseFolder.empty(folder.path, whenCurrentIs: folder.path + "/"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        #expect(try String(contentsOf: outside, encoding: .utf8) == "kept")
    }
}

/// A failing case's page, attached beside its findings' JSON.
@Suite("A failing conformance case attaches its page")
struct CasePageTests {
    @Test("the page names the case and the rule, and holds each finding and the rule's fix, escaped")
    func page() async throws {
        let c = try #require(SkillConformance.cases(for: [TipSkill()], rules: ["META-1"]).first)
        let finding = Finding(
            ruleID: "META-1", skillID: "tip", outcome: .failed, subject: "canHandle(\"<b>小费</b>\")", expected: "true",
            observed: "false")
        let page = c.page([finding])
        #expect(page.hasPrefix("<!doctype html>") && page.contains("<title>skillcheck: tip × META-1</title>"))
        #expect(page.contains("canHandle(&quot;&lt;b&gt;小费&lt;/b&gt;&quot;)"))
        let rule = try #require(RuleCatalog.standard["META-1"])
        #expect(page.contains(HTMLText.escape(rule.sentence)) && page.contains(HTMLText.escape(rule.troubleshooting.fix)))
        for reference in ["<script", "<link", "<img", "src=", "url("] { #expect(!page.contains(reference)) }
    }

    @available(SkillCheckTesting, *)
    @Test("a finding from a run that took virtual time has that run drawn on the page")
    func run() async throws {
        let c = try #require(SkillConformance.cases(for: [SkillUnderTest(CatchAllForecastSkill())], rules: ["CAN-3"]).first)
        let findings = await SkillConformance.check(for: "CAN-3").run(SkillUnderTest(CatchAllForecastSkill()))
        let problem = try #require(findings.first { $0.outcome == .failed })
        let run = try #require(problem.run)
        let page = c.page([problem])
        #expect(page.contains("<svg class=\"timeline\"") == run.takesTime)
        for event in run.events { #expect(page.contains(HTMLText.escape(HTMLText.clipped(event.text))), "\(event)") }
    }
}

/// A weather agent that asks OpenAI's Chat Completions with one tool and decodes the tool's arguments with `try!`,
/// under a name its schema does not use (`location`, where the schema says `city`): a model's first call traps.
private struct ForcedArgumentsLoopSkill: AgentSkill {
    let id = "forced-arguments"
    let displayName = "Weather agent"
    let description = "Asks a model about the weather, such as weather in Paris."
    let keywords = ["weather"]
    var samples: SkillSamples { SkillSamples(handled: ["weather in Paris"], unhandled: ["note this"]) }

    struct Arguments: Decodable { let location: String }

    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        let schema: JSON = ["type": "object", "properties": ["city": ["type": "string"]], "required": ["city"]]
        let tools: JSON = [["type": "function", "function": ["name": "get_weather", "parameters": schema]]]
        var messages: [JSON] = [["role": "user", "content": .string(input.rawText)]]
        for _ in 0..<4 {
            let body: JSON = ["model": "gpt-4o-mini", "tools": tools, "messages": .array(messages)]
            let message = try await askModel(context, ChatCompletion.url, body, as: ChatCompletion.self).message
            guard let call = message.tool_calls?.first else { return SkillOutput(summary: message.content ?? "") }
            let arguments = try! JSONDecoder().decode(Arguments.self, from: Data(call.function.arguments.utf8))
            messages.append(["role": "tool", "tool_call_id": .string(call.id), "content": .string("晴 in \(arguments.location)")])
        }
        return SkillOutput(summary: "too many turns")
    }
}

/// The one-line test tries a model's call of the skill's tool, as `skillcheck` does: a trap there fails the CRASH-1
/// case, naming the call, and a case whose process it ended runs again with text answers only.
@Suite("A trap in a model's call of the tool costs the CRASH-1 case")
struct ToolCallTrialIsolationTests {
    @Test(
        "a trap in a model's call of the tool fails CRASH-1 naming the call; TIME-1's case runs again without it and passes",
        .enabled(if: ProcessInfo.processInfo.environment["SKILLCHECK_ISOLATION"] != "off"),
        arguments: SkillConformance.cases(for: [ForcedArgumentsLoopSkill()], rules: ["CRASH-1", "TIME-1"]))
    func toolCallTrapCostsOneCase(_ c: ConformanceCase) async {
        guard c.ruleID == "CRASH-1" else { return await c.expectPasses() }
        await withKnownIssue("ForcedArgumentsLoopSkill traps on a model's call of its tool") {
            await c.expectPasses()
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("CRASH-1 FAILED") && text.contains("get_weather") && text.contains("Fatal error")
        }
    }
}
