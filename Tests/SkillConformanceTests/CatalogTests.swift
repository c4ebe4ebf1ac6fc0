import Foundation
import SkillKit
import Testing

@testable import SkillConformance

@Suite("The rule catalogue and findings are data")
struct CatalogTests {
    @Test("every rule has a unique id, a sentence and troubleshooting with a two-line example")
    func rulesAreComplete() {
        let rules = RuleCatalog.standard.rules
        #expect(Set(rules.map(\.id)).count == rules.count)
        #expect(Set(rules.map(\.category)) == Set(ConformanceRule.Category.allCases))
        for rule in rules {
            #expect(!rule.sentence.isEmpty && !rule.troubleshooting.cause.isEmpty && !rule.troubleshooting.fix.isEmpty, "\(rule.id)")
            #expect(rule.troubleshooting.example.split(separator: "\n").count == 2, "\(rule.id) example has two lines")
        }
    }

    @Test("the issue's rules are all there")
    func issueRulesExist() {
        let ids = Set(RuleCatalog.standard.rules.map(\.id))
        let named = [
            "SEND-1", "SEND-2", "SEND-3", "SEND-4", "SEND-5", "CAN-1", "CAN-2", "CAN-3", "CAN-4", "HANG-1", "ERR-1", "ERR-2", "ERR-3",
            "META-1", "META-2", "META-3", "META-4", "META-5", "META-6", "META-7", "META-8", "TIME-1", "TIME-2",
            "IO-1", "CRASH-1", "TOOL-1", "TOOL-2", "TOOL-3", "TOOL-4", "TOOL-5", "TOOL-6", "TOOL-7", "TOOL-8",
        ]
        #expect(ids == Set(named))
        let shoulds = RuleCatalog.standard.rules.filter { $0.level == .should }.map(\.id)
        #expect(shoulds == ["SEND-3", "META-8", "TIME-2", "TOOL-6", "TOOL-7"])
    }

    @Test("the TOOL rules are for tool skills; the routing, raw-text and TIME-2 rules for AgentSkills; the rest for both")
    func rulesSayWhichSkillsTheyApplyTo() throws {
        let byKinds = Dictionary(grouping: RuleCatalog.standard.rules, by: \.appliesTo).mapValues { $0.map(\.id) }
        #expect(byKinds[[.tool]] == ["TOOL-1", "TOOL-2", "TOOL-3", "TOOL-4", "TOOL-5", "TOOL-6", "TOOL-7", "TOOL-8"])
        #expect(byKinds[[.agent]] == ["ERR-2", "META-3", "META-4", "META-5", "META-6", "META-7", "META-8", "TIME-2"])
        #expect(
            byKinds[[.agent, .tool]] == [
                "SEND-1", "SEND-2", "SEND-3", "SEND-4", "SEND-5", "CAN-1", "CAN-2", "CAN-3", "CAN-4", "HANG-1",
                "ERR-1", "ERR-3", "META-1", "META-2", "TIME-1", "IO-1", "CRASH-1",
            ])
        // A catalogue written before tool skills (no appliesTo) reads as rules for both kinds.
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        var json = try #require(String(data: encoder.encode(RuleCatalog.standard["META-1"]!), encoding: .utf8))
        json = json.replacingOccurrences(of: #""appliesTo":["agent","tool"],"#, with: "")
        #expect(!json.contains("appliesTo"))
        #expect(try JSONDecoder().decode(ConformanceRule.self, from: Data(json.utf8)).appliesTo == [.agent, .tool])
    }

    @Test("the catalogue round-trips through JSON with its schema")
    func catalogueIsCodable() throws {
        let data = try JSONEncoder().encode(RuleCatalog.standard)
        let back = try JSONDecoder().decode(RuleCatalog.self, from: data)
        #expect(back == RuleCatalog.standard)
        #expect(back.schema == "skillcheck.rules/1")
    }

    @Test("findings round-trip through JSON, and another schema is refused")
    func findingsAreCodable() throws {
        let findings = [
            Finding(ruleID: "META-1", skillID: "note", outcome: .passed, subject: "id", expected: "a", observed: "b"),
            Finding(
                ruleID: "CAN-1", skillID: "note", outcome: .skipped(reason: "not implemented yet (issue 8)"),
                subject: "s", expected: "e", observed: "o", seed: 42, limits: .init(virtualSeconds: 10, realStallSeconds: 1)),
        ]
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        let data = try encoder.encode(FindingsReport(findings: findings))
        #expect(try FindingsReport.decode(data).findings == findings)
        let other = Data(
            String(decoding: data, as: UTF8.self)
                .replacingOccurrences(of: "skillcheck.findings/1", with: "skillcheck.findings/9").utf8)
        #expect(throws: FindingsReport.SchemaMismatch.self) { try FindingsReport.decode(other) }
    }

    @Test("a rule without a check is skipped with its reason, never passed")
    func unimplementedRulesAreSkipped() async {
        // Every rule of the catalogue has a check now; a rule added without one gets this placeholder.
        let unimplemented = SkillConformance.checks.filter { !$0.isImplemented } + [ConformanceCheck.unimplemented("NEW-1")]
        for check in unimplemented {
            let findings = await check.run(SkillUnderTest(EchoSkill()))
            #expect(findings.map(\.outcome) == [.skipped(reason: "not implemented yet (issue 8)")], "\(check.ruleID)")
            #expect(findings.allSatisfy { $0.outcome.isProblem })
        }
    }

    @Test("an unknown rule id fails, naming the known ids")
    func unknownRuleFails() async {
        let findings = await SkillConformance.check(for: "META-99").run(SkillUnderTest(EchoSkill()))
        #expect(findings.map(\.outcome) == [.failed])
        #expect(findings.first?.expected.contains("META-1") == true)
    }

    @Test("a skill with no samples fails the routing rules: a missing prerequisite is never a pass")
    func missingSamplesFail() async {
        for rule in ["META-4", "META-5"] {
            let findings = await SkillConformance.check(for: rule).run(SkillUnderTest(EchoSkill(samples: SkillSamples(handled: []))))
            #expect(findings.map(\.outcome) == [.failed], "\(rule)")
        }
    }
}

@Suite("A skill with no handled samples")
struct MissingSamplesTests {
    @Test("the rules that run samples are skipped, naming META-4, which fails: one cause, one failure")
    func runRulesSkip() async {
        let skill = SkillUnderTest(EchoSkill(samples: SkillSamples(handled: [])))
        for rule in ["SEND-2", "CAN-1", "CAN-2", "CAN-3", "CAN-4", "HANG-1", "ERR-1", "TIME-1", "TIME-2"] {
            let findings = await SkillConformance.check(for: rule).run(skill)
            #expect(findings.count == 1, "\(rule)")
            guard case .skipped(let reason)? = findings.first?.outcome else {
                Issue.record("\(rule): \(findings.map(\.outcome))")
                continue
            }
            #expect(reason.contains("META-4") && reason.contains("declare `samples`"), "\(rule): \(reason)")
        }
        #expect(await SkillConformance.check(for: "META-4").run(skill).map(\.outcome) == [.failed])
    }
}

/// Repeats the text; needs nothing.
struct EchoSkill: AgentSkill {
    let id = "echo"
    let displayName = "Echo"
    let description = "Repeats what the user said."
    let keywords = ["echo"]
    var samples = SkillSamples(handled: ["echo hi"], unhandled: ["weather"])

    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        SkillOutput(summary: input.rawText)
    }
}

/// ERR-2 with a skill the kit's working fakes do not fit: they answer every request with a weather
/// document, and this skill decodes a quote.
@Suite("ERR-2 when the working fakes do not fit the skill")
struct UnfitFakesTests {
    @Test("a failure after a request is skipped, saying why, never failed for the wrong cause")
    func afterRequest() async {
        let findings = await SkillConformance.check(for: "ERR-2").run(SkillUnderTest(QuoteSkill(validates: false)))
        let problems = findings.filter { $0.outcome != .passed }
        #expect(!problems.isEmpty)
        for finding in problems {
            guard case .skipped(let reason) = finding.outcome else {
                Issue.record("expected skipped: \(finding.message)")
                continue
            }
            #expect(reason.contains("weather document") && reason.contains("\"quote\""), "\(reason)")
        }
        #expect(!findings.contains { $0.outcome == .failed })
    }

    @Test("a failure before any request is still judged: the fakes played no part")
    func beforeRequest() async {
        let findings = await SkillConformance.check(for: "ERR-2").run(SkillUnderTest(QuoteSkill(validates: true, rejectsWrongly: true)))
        #expect(findings.contains { $0.outcome == .failed && $0.subject.hasPrefix("empty input") }, "\(findings.map(\.message))")
    }
}

/// Fetches a quote of the day and decodes it: `{"text": …}`.
struct QuoteSkill: AgentSkill {
    struct Quote: Decodable { var text: String }
    let id = "quote"
    let displayName = "Quote"
    let description = "A quote of the day."
    let keywords = ["quote"]
    var samples: SkillSamples { SkillSamples(handled: ["quote"], unhandled: ["weather"]) }
    /// Whether it checks the input before asking; with `rejectsWrongly`, an empty input is an executionFailed.
    var validates: Bool
    var rejectsWrongly = false

    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        if validates && input.rawText.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw rejectsWrongly ? SkillError.executionFailed("empty") : SkillError.invalidInput("say 'quote'")
        }
        let response = try await context.networkService.send(NetworkRequest(url: URL(string: "https://quotes.example/today")!))
        do {
            return SkillOutput(summary: try response.decode(Quote.self).text)
        } catch {
            throw SkillError.executionFailed("the quote service answered something unreadable")
        }
    }
}
