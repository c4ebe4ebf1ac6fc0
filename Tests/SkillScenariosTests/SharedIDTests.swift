import Foundation
import SkillKit
import SkillScenarios
import TestSupport
import Testing

/// Two skill types with one id: the engine could register only one, so a transcript naming that id
/// cannot say which it means. It used to replay against whichever came first, silently.
@Suite("Replayer: an id two skill types share")
struct SharedIDTests {
    /// Copied from EchoSkill, id and all.
    struct LoudEchoSkill: AgentSkill {
        let id = "echo"
        let displayName = "Loud echo"
        let description = "Answers with the text after the word echo, in capitals."
        let keywords = ["echo"]

        func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
            SkillOutput(summary: input.rawText.uppercased())
        }
    }

    @available(SkillCheckTesting, *)
    @Test("a transcript that names the shared id is an error naming both types, at its skills entry")
    func namesSharedID() throws {
        let replayer = Replayer(skills: ScriptSkills.skills + [LoudEchoSkill()])
        #expect(
            replayer.sharedIDs == ["echo": ["SkillScenarios.ScriptSkills.EchoSkill", "SkillScenariosTests.SharedIDTests.LoudEchoSkill"]])
        #expect {
            try replayer.replay(Fixtures.transcript(SampleTranscripts.echo("1")))
        } throws: { error in
            let error = try #require(error as? TranscriptError)
            return error.pointer == "/skills/0"
                && error.description.contains(
                    #"found "echo", the id of 2 skills (SkillScenarios.ScriptSkills.EchoSkill, "#
                        + "SkillScenariosTests.SharedIDTests.LoudEchoSkill); give each its own id (META-2)")
        }
    }

    @available(SkillCheckTesting, *)
    @Test("a transcript that names other skills replays; one type listed twice shares its id with nobody")
    func otherIDsReplay() throws {
        let replayer = Replayer(skills: ScriptSkills.skills + ScriptSkills.skills + [LoudEchoSkill()])
        #expect(replayer.sharedIDs.keys.sorted() == ["echo"])
        let fail = #"{"schema": "skillcheck.transcript/1", "skills": ["fail"], "steps": [{"send": "fail 满"}]}"#
        #expect(throws: Never.self) { try replayer.replay(Fixtures.transcript(fail), recordMode: .missing) }
    }
}
