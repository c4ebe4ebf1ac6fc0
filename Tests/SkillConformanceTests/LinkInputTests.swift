import Foundation
import SkillKit
import Testing

@testable import SkillConformance

/// Names the site of the link in the message: `url.host!` traps on a link `URL(string:)` parses with no host, as
/// `https:example.com` and `https://` are.
struct SiteNameSkill: AgentSkill {
    let id = "site-name"
    let displayName = "Site"
    let description = "Names the site a link is on, such as site of https://example.com/news."
    let keywords = ["site"]
    var samples: SkillSamples { SkillSamples(handled: ["site of https://example.com/news"], unhandled: ["note this"]) }
    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        guard let word = input.rawText.split(separator: " ").last, let url = URL(string: String(word)), url.scheme != nil else {
            throw SkillError.invalidInput("no link in the message: type one, such as site of https://example.com")
        }
        return SkillOutput(summary: "On \(url.host!)")
    }
}

@Suite("ERR-2 types a sample's link without its slashes and with no host")
struct LinkInputTests {
    @Test("a sample with a link gives two more odd inputs; one without gives none")
    func inputs() {
        let inputs = SkillConformance.invalidInputs(keyword: "site", sample: "site of https://example.com/news now")
        #expect(inputs.first { $0.name == "its link without slashes" }?.text == "site of https:example.com/news now")
        #expect(inputs.first { $0.name == "its link with no host" }?.text == "site of https:// now")
        #expect(!SkillConformance.invalidInputs(keyword: "note", sample: "note this").contains { $0.name.hasPrefix("its link") })
    }

    @Test("a skill that force-unwraps the host of the link the user typed traps while ERR-2 runs, which CRASH-1 names")
    func hostlessLink() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = await SkillConformance.check(for: "CRASH-1").run(SkillUnderTest(SiteNameSkill()))
        }
        let report = try #require(CrashReport(result))
        #expect(report.ruleID == "ERR-2")
        #expect(report.finding(skillID: "site-name").observed.contains("nil"), "\(report.finding(skillID: "site-name").observed)")
    }
}
