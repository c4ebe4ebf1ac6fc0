import Foundation
import SkillScenarios
import TestSupport
import Testing

@Suite("ScenarioRunner and reports")
struct ScenarioRunnerTests {
    func folder(_ files: [String: String]) throws -> URL {
        let directory = try TemporaryFolder("runner")
        for (name, text) in files { try directory.file(name, text) }
        return directory.url
    }

    @available(SkillCheckTesting, *)
    @Test("cases have stable names from their relative paths; filter and shard select among them")
    func discovery() throws {
        let root = try folder([
            "a/one.json": SampleTranscripts.echo("1"), "a/two.json": SampleTranscripts.echo("2"),
            "b/three.json": SampleTranscripts.echo("3"),
            "README.md": "not a transcript",
        ])
        var runner = ScenarioRunner(skills: Fixtures.skills)
        #expect(try runner.discover(paths: [root.path]).map(\.name) == ["a/one", "a/two", "b/three"])
        runner.filter = "a/"
        #expect(try runner.discover(paths: [root.path]).map(\.name) == ["a/one", "a/two"])
        runner.filter = nil
        runner.shard = (2, 2)
        #expect(try runner.discover(paths: [root.path]).map(\.name) == ["a/two"])
    }

    @available(SkillCheckTesting, *)
    @Test("text, JSON and JUnit reports say which case failed and why")
    func reports() throws {
        let root = try folder([
            "good.json": SampleTranscripts.echo("1"),
            "bad.json": SampleTranscripts.echo("2").replacingOccurrences(of: #""content": "2""#, with: #""content": "3""#),
            "broken.json": "{",
        ])
        let cases = try ScenarioRunner(skills: Fixtures.skills).run(paths: [root.path])
        #expect(cases.map(\.status) == [.failed, .invalid, .passed])
        let text = ScenarioReport.render(cases, as: .text)
        #expect(text.contains("step 1 › messages[1] › /content\n    -3\n    +2"))
        #expect(text.hasSuffix("1 passed, 2 failed\n"))
        let json = try JSONParser.parse(Data(ScenarioReport.render(cases, as: .json).utf8), file: "report").value
        #expect(json["schema"] == .string("skillcheck.scenarios-report/1"))
        #expect(json["summary"]?["failed"] == .number(1))
        let junit = ScenarioReport.render(cases, as: .junit)
        #expect(junit.contains(#"<testsuite name="skillcheck.scenarios" tests="3" failures="1" errors="1""#))
        #expect(junit.contains(#"<testcase classname="scenarios" name="good""#))
    }
}
