import SkillEngine
import SkillKit
import SkillTesting
import Testing

@Suite("AgentEngine error mapping")
struct ErrorMappingTests {
    static let cases: [(SkillError, SkillLanguage, String)] = [
        (.invalidInput("没有内容"), .zhHans, "技能执行失败：输入无效：没有内容"),
        (.executionFailed("磁盘已满"), .zhHans, "技能执行失败：执行失败：磁盘已满"),
        (.timeout, .zhHans, "技能执行失败：技能执行超时"),
        (.invalidInput("no text"), .english, "Skill failed: Invalid input: no text"),
        (.executionFailed("disk full"), .english, "Skill failed: Execution failed: disk full"),
        (.timeout, .english, "Skill failed: The skill timed out"),
    ]

    @available(SkillCheckTesting, *)
    @Test("each SkillError becomes the catalogue's failure text and the failed state", arguments: cases)
    func skillErrorTexts(error: SkillError, language: SkillLanguage, expected: String) async throws {
        let harness = EngineHarness(
            catalog: .builtIn(language),
            skills: [ScriptedSkill(id: "f", keywords: ["go"], error: error)]
        )
        let output = try await harness.send("go")
        #expect(output.summary == expected)
        #expect(harness.contents.last == expected)
        #expect(harness.engine.state == .failed(error.message(in: language)))
    }

    @available(SkillCheckTesting, *)
    @Test("an error that is not a SkillError is shown by its localizedDescription")
    func foreignError() async throws {
        let harness = EngineHarness(skills: [ScriptedSkill(id: "f", keywords: ["go"], error: PlainError())])
        try await harness.send("go")
        #expect(harness.contents.last == "技能执行失败：" + PlainError().localizedDescription)
    }

    @available(SkillCheckTesting, *)
    @Test("SkillError.errorDescription is the seed's text")
    func seedTexts() {
        #expect(SkillError.invalidInput("x").localizedDescription == "输入无效：x")
        #expect(SkillError.executionFailed("x").localizedDescription == "执行失败：x")
        #expect(SkillError.timeout.localizedDescription == "技能执行超时")
    }
}
