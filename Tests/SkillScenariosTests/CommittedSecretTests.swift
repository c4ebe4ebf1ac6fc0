import Foundation
import SkillKit
import SkillTesting
import TestSupport
import Testing

@testable import SkillScenarios

/// A transcript is committed with the code, so a credential written in it is in the repository: a replay fails it,
/// naming the JSON pointer, never the value, even when the replay itself would pass.
@Suite("Credentials committed in a transcript")
struct CommittedSecretTests {
    static func transcript(description: String) -> String {
        """
        {"schema": "skillcheck.transcript/1", "skills": ["weather"],
         "description": "\(description)",
         "fixtures": {"network": [{"match": {"weather": "上海"}, "fault": "offline"}]},
         "steps": [{"send": "上海天气怎么样"},
           {"expect": {"network": [{"method": "GET", "url": "https://weather.skillcheck.invalid/v1/current?city=%E4%B8%8A%E6%B5%B7",
                                    "headers": {"Accept": "application/json"}}]}}]}
        """
    }

    static func run(_ text: String) throws -> ScenarioCase {
        let url = URL(fileURLWithPath: try TemporaryFolder("committed").file("t.json", text))
        return ScenarioRunner(skills: Fixtures.skills).runOne(name: "t", url: url)
    }

    @available(SkillCheckTesting, *)
    @Test("a key from a live session's URL fails the replay, by pointer; a stand-in or «redacted» does not")
    func keyFromAURL() throws {
        let leaked = try Self.run(Self.transcript(description: "recorded against https://www.omdbapi.com/?t=Heat&apikey=4f2a9c1e"))
        let report = leaked.result?.report ?? ""
        #expect(leaked.status == .failed)
        #expect(report.contains("the transcript holds what looks like a credential at /description"), "\(report)")
        #expect(report.contains("write «redacted» in its place"), "\(report)")
        for format in ReportFormat.allCases {
            #expect(!ScenarioReport.render([leaked], as: format).contains("4f2a9c1e"), "\(format)")
        }
        for standIn in ["https://www.omdbapi.com/?t=Heat&apikey=«redacted»", "https://www.omdbapi.com/?t=Heat&apikey=test-key"] {
            let result = try Self.run(Self.transcript(description: standIn))
            #expect(result.status == .passed, "\(result.result?.report ?? "")")
        }
    }
}
