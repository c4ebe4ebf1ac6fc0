import SkillScenarios
import Testing

@Suite("RecordMode: the CI variable, read as CI systems mean it")
struct RecordModeTests {
    @available(SkillCheckTesting, *)
    @Test(
        "unset, empty, 0, false, no and off (any case) are not CI: record missing expectations",
        arguments: [
            nil, "", "0", "false", "False", "FALSE", "no", "No", "off", "OFF", " false ",
        ])
    func notCI(value: String?) {
        let environment = value.map { ["CI": $0] } ?? [:]
        #expect(!RecordMode.isCI(environment))
        #expect(RecordMode.default(environment: environment) == .missing)
    }

    @available(SkillCheckTesting, *)
    @Test("any other value is CI: never record", arguments: ["true", "TRUE", "1", "yes", "on", "github", "woodpecker"])
    func isCI(value: String) {
        #expect(RecordMode.isCI(["CI": value]))
        #expect(RecordMode.default(environment: ["CI": value]) == .never)
    }
}
