import Foundation
import SkillCheckCommand
import SkillConformance
import TestSupport
import Testing

@Suite("skillcheck rules")
struct RulesCommandTests {
    @available(SkillCheckTesting, *)
    @Test("prints a table: a row per rule with its id, category, level and sentence")
    func table() async {
        let result = await run(["rules"])
        #expect(result.status == 0)
        let sections = result.output.components(separatedBy: "\n\n")
        let lines = sections[0].split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("ID") == true)
        #expect(lines.count == RuleCatalog.standard.rules.count + 1)
        // Then the provider profiles TOOL-7 checks against, a row each.
        #expect(sections.count == 2 && sections[1].hasPrefix("Provider profiles for TOOL-7"))
        for id in ProviderProfile.choosableIDs { #expect(sections[1].contains("  \(id) ")) }
        for (line, rule) in zip(lines.dropFirst(), RuleCatalog.standard.rules) {
            #expect(line.hasPrefix(rule.id + " "))
            #expect(line.contains(" \(rule.category.rawValue) ") && line.contains(" \(rule.level.rawValue) "))
            #expect(line.hasSuffix(rule.sentence))
        }
    }

    @available(SkillCheckTesting, *)
    @Test("--format json prints the Codable catalogue, which decodes to the standard one")
    func json() async throws {
        let result = await run(["rules", "--format", "json"])
        #expect(result.status == 0)
        #expect(try JSONDecoder().decode(RuleCatalog.self, from: Data(result.output.utf8)) == RuleCatalog.standard)
    }

    @available(SkillCheckTesting, *)
    @Test("rule ids (any case) print those rules in full, with cause, fix and example; json keeps only them")
    func chosen() async throws {
        let result = await run(["rules", "can-2", "META-1"])
        #expect(result.status == 0)
        let can2 = try #require(RuleCatalog.standard["CAN-2"])
        #expect(result.output.hasPrefix("CAN-2 (cancellation, MUST)\n  \(can2.sentence)\n  Usual cause: \(can2.troubleshooting.cause)\n"))
        #expect(result.output.contains("  Fix: \(can2.troubleshooting.fix)\n  Example:\n      "))
        #expect(result.output.contains("\nMETA-1 (metadata, MUST)\n"))
        let json = await run(["rules", "--format", "json", "SEND-2"])
        #expect(try JSONDecoder().decode(RuleCatalog.self, from: Data(json.output.utf8)).rules.map(\.id) == ["SEND-2"])
    }
}
