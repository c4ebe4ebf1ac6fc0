import SkillConformance
import Testing

@testable import SkillCheckCommand

/// A finding may quote what the skill sent or threw; the report never prints a credential with it.
@Suite("A report prints no credential")
struct ReportRedactionTests {
    @Test("a key a finding quotes, by format or as this machine's credential variable, is redacted in the report")
    func redacted() throws {
        let rule = try #require(RuleCatalog.standard["ERR-1"])
        let finding = Finding(
            ruleID: "ERR-1", skillID: "weather", outcome: .failed, subject: "HTTP 500 at operation 1 of 1",
            expected: "a SkillError",
            observed: "threw URLError: GET https://api.openai.com/v1/models?key=sk-proj-abcdefghijklmnop1234 failed")
        let result = RuleResult(rule: rule, findings: [finding])
        #expect(result.findings.first?.observed.contains("sk-proj-abcdefghijklmnop1234") == false)
        #expect(result.message?.contains("sk-proj-") == false)
        #expect(result.findings.first?.observed.contains("«redacted") == true)
        let text = ReportRedaction.redacted("unauthorized for key k29Fq81", secrets: [("WEATHER_API_KEY", "k29Fq81")])
        #expect(text == "unauthorized for key «redacted: $WEATHER_API_KEY»")
        // The kit's own placeholder, and text with no secret, stay as they are.
        #expect(
            ReportRedaction.redacted("the reason shows skillcheck-placeholder", secrets: []) == "the reason shows skillcheck-placeholder")
    }
}

/// The user's own `swift test` prints a finding's message: it names the variable, never this machine's key.
@Suite("A finding's message prints no credential value")
struct FindingMessageRedactionTests {
    @Test("a credential value of this process's environment is replaced by its variable's name")
    func message() {
        #expect(
            CredentialValues.redacted("GET https://api.example.com?appid=Zq81LmZ0x failed", secrets: [("WEATHER_API_KEY", "Zq81LmZ0x")])
                == "GET https://api.example.com?appid=«redacted: $WEATHER_API_KEY» failed")
        // Which variables count: a credential's name, a value long enough to be one, and never the kit's placeholder.
        #expect(CredentialValues.environment.allSatisfy { StaticAnalysis.isCredential($0.name) && $0.value.count >= 6 })
    }

    @Test("a key a finding quotes is left out of the message the user's own swift test prints, found by its format")
    func keyByFormat() {
        let key = "sk-proj-" + String(repeating: "Zq81LmZ0x", count: 3)
        let finding = Finding(
            ruleID: "ERR-3", skillID: "weather", outcome: .failed, subject: "HTTP 500, input \"weather with \(key)\"",
            expected: "a readable reason", observed: "the reason \"POST failed with Authorization: Bearer \(key)\"")
        #expect(!finding.message.contains(key), "\(finding.message)")
        #expect(finding.message.contains("«redacted»"), "\(finding.message)")
        // The finding itself keeps what was observed: the report's own redaction, and a baseline, read it.
        #expect(finding.observed.contains(key))
    }
}
