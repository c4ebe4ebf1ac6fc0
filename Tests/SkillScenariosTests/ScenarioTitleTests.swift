import Foundation
import SkillScenarios
import TestSupport
import Testing

/// The transcript `name` member is what reports call a case, with its file beside it, and what
/// `--filter` matches, as well as the path.
@Suite("Transcript names in reports and filters")
struct ScenarioTitleTests {
    static func titled(_ title: String, _ word: String) -> String {
        SampleTranscripts.echo(word).replacingOccurrences(of: #""skills""#, with: #""name": "\#(title)", "skills""#)
    }

    func folder() throws -> URL {
        let directory = try TemporaryFolder("title")
        let files = [
            "a/one.json": Self.titled("echo: says one", "1"), "b/two.json": SampleTranscripts.echo("2"),
            "b/three.json": Self.titled("echo: says three", "3").replacingOccurrences(of: #""content": "3""#, with: #""content": "9""#),
        ]
        for (name, text) in files { try directory.file(name, text) }
        return directory.url
    }

    @available(SkillCheckTesting, *)
    @Test("--filter matches the name member, the case name and the file path")
    func filter() throws {
        let root = try folder()
        var runner = ScenarioRunner(skills: Fixtures.skills)
        runner.filter = "says one"
        #expect(try runner.discover(paths: [root.path]).map(\.name) == ["a/one"])
        runner.filter = "echo:"
        #expect(try runner.discover(paths: [root.path]).map(\.name) == ["a/one", "b/three"])
        runner.filter = "b/t"
        #expect(try runner.discover(paths: [root.path]).map(\.name) == ["b/three", "b/two"])
        runner.filter = "two.json"
        #expect(try runner.discover(paths: [root.path]).map(\.name) == ["b/two"])
    }

    @available(SkillCheckTesting, *)
    @Test("text, JSON and JUnit reports show the name member with the file beside it; without one, the case name")
    func reports() throws {
        let root = try folder()
        let cases = try ScenarioRunner(skills: Fixtures.skills).run(paths: [root.path])
        #expect(cases.map(\.title) == ["echo: says one", "echo: says three", nil])
        let text = ScenarioReport.render(cases, as: .text)
        #expect(text.contains("✔ echo: says one (\(cases[0].file))\n"))
        #expect(text.contains("✘ echo: says three (\(cases[1].file))\n"))
        #expect(text.contains("✔ b/two\n"))
        let json = try JSONParser.parse(Data(ScenarioReport.render(cases, as: .json).utf8), file: "report").value
        guard case .array(let reported)? = json["cases"] else {
            Issue.record("no cases")
            return
        }
        #expect(reported.map { $0["title"] } == [.string("echo: says one"), .string("echo: says three"), nil])
        #expect(reported.map { $0["name"] } == [.string("a/one"), .string("b/three"), .string("b/two")])
        let junit = ScenarioReport.render(cases, as: .junit)
        #expect(junit.contains(#"name="echo: says one" file="\#(cases[0].file)""#))
        #expect(junit.contains(#"name="b/two" file="\#(cases[2].file)""#))
    }
}
