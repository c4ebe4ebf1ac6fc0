import Foundation
import SkillCheckCommand
import SkillCheckSupport
import SkillConformance
import TestSupport
import Testing

@Suite("Did you mean ...?")
struct SuggestionTests {
    @available(SkillCheckTesting, *)
    @Test(
        "edit distance counts insertions, deletions, substitutions and swapped neighbours",
        arguments: [
            ("", "", 0), ("abc", "", 3), ("format", "format", 0), ("formt", "format", 1), ("fromat", "format", 1),
            ("fornat", "format", 1), ("kitten", "sitting", 3), ("CAN2", "CAN-2", 1),
        ])
    func distance(a: String, b: String, expected: Int) {
        #expect(Suggestion.distance(a, b) == expected)
        #expect(Suggestion.distance(b, a) == expected)
    }

    @available(SkillCheckTesting, *)
    @Test("the nearest name is suggested only when it is near; ties go to the first declared")
    func nearest() {
        let options = ["--skill", "--format", "--output", "--strict", "--baseline"]
        #expect(Suggestion.nearest(to: "--formt", among: options) == "--format")
        #expect(Suggestion.nearest(to: "--skills", among: options) == "--skill")
        #expect(Suggestion.nearest(to: "--Strict", among: options) == "--strict")
        #expect(Suggestion.nearest(to: "--verbose", among: options) == nil)
        #expect(Suggestion.nearest(to: "-x", among: options) == nil)
        #expect(Suggestion.nearest(to: "ab", among: ["ax", "ay"]) == "ax")
    }

    @available(SkillCheckTesting, *)
    @Test(
        "a misspelt option, command, value, rule id or skill name gets the nearest, exit 2",
        arguments: [
            (
                ["check", "--baseln", "b.json"],
                "unknown option '--baseln' for 'check'; did you mean '--baseline'?\nsee 'skillcheck check --help'"
            ),
            (
                ["scenarios", "--filtr", "x"],
                "unknown option '--filtr' for 'scenarios'; did you mean '--filter'?\nsee 'skillcheck scenarios --help'"
            ),
            (["rule"], "unknown command 'rule'; did you mean 'rules'?\nsee 'skillcheck --help'"),
            (["chekc"], "unknown command 'chekc'; did you mean 'check'?\nsee 'skillcheck --help'"),
            (["rules", "CAN2"], "no rule 'CAN2'; did you mean 'CAN-2'?\nsee 'skillcheck rules --help'"),
            (
                ["rules", "--format", "jsno"],
                "--format takes one of text, json; found 'jsno'; did you mean 'json'?\nsee 'skillcheck rules --help'"
            ),
            (
                ["scenarios", "--record", "misisng"],
                "--record takes one of never, missing, failed, all; found 'misisng'; did you mean 'missing'?\nsee 'skillcheck scenarios --help'"
            ),
        ])
    func misspelt(arguments: [String], message: String) async {
        let result = await run(arguments)
        #expect(result.status == 2)
        #expect(result.error == "error: \(message)\n")
    }

    @available(SkillCheckTesting, *)
    @Test("an unknown option far from every name lists the options; an unknown word neither command nor folder says so")
    func farFromEverything() async {
        let option = await run(["rules", "--verbose"])
        #expect(option.error.hasPrefix("error: unknown option '--verbose' for 'rules'; its options are --format\n"))
        let word = await run(["zzzz"])
        #expect(word.error.hasPrefix("error: 'zzzz' is neither a command (check, scenarios, rules, merge) nor a package folder\n"))
    }

    @available(SkillCheckTesting, *)
    @Test("--skill naming no skill: the pipeline's usage error names the nearest skill type or id")
    func unknownSkill() async throws {
        let package = try TemporaryFolder.withManifest()
        let found = [("NoteSkill", "note"), ("WeatherSkill", "weather")]
        let pipeline = FakePipeline { options, _ throws(CheckError) in
            let chosen = try options.select(found, type: \.0, id: \.1)
            return ConformanceReport(
                package: .init(path: options.packagePath), stages: Reports.stages,
                skills: chosen.map { SkillReport(type: $0.0, id: $0.1, findings: Reports.findings(skill: $0.1)) })
        }
        let misspelt = await run(["check", package.path, "--skill", "NoteSkil"], pipeline: pipeline)
        #expect(misspelt.status == 2)
        #expect(
            misspelt.error
                == "error: --skill 'NoteSkil' names no skill in the package; did you mean 'NoteSkill'?\nsee 'skillcheck check --help'\n")
        let far = await run(["check", package.path, "--skill", "Calendar"], pipeline: pipeline)
        #expect(
            far.error.hasPrefix(
                "error: --skill 'Calendar' names no skill in the package; its skills are NoteSkill, WeatherSkill, note, weather\n"))
        let chosen = await run(["check", package.path, "--skill", "weather", "--format", "json"], pipeline: pipeline)
        #expect(chosen.status == 0)
        #expect(try ConformanceReport.decode(Data(chosen.output.utf8)).skills.map(\.type) == ["WeatherSkill"])
    }
}
