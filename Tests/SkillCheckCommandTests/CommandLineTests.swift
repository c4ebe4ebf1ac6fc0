import Foundation
import SkillCheckCommand
import TestSupport
import Testing

@Suite("skillcheck: parsing and help")
struct CommandLineTests {
    @available(SkillCheckTesting, *)
    @Test("every command's help lists each option it parses, and its usage line", arguments: SkillCheckCommandLine.commands.map(\.name))
    func helpListsOptions(name: String) throws {
        let spec = try #require(SkillCheckCommandLine.commands.first { $0.name == name })
        for option in spec.options {
            #expect(spec.help.contains("  \(option.name)"), "\(option.name) missing from 'skillcheck \(name) --help'")
            #expect(spec.help.contains(option.helpText))
            for choice in option.choices { #expect(option.helpText.contains(choice)) }
        }
        #expect(spec.help.contains("USAGE: skillcheck \(name) [options] \(spec.arguments)"))
        #expect(spec.help.contains("--help"))
    }

    @available(SkillCheckTesting, *)
    @Test("the overview lists every command with its abstract, check first as the default")
    func overview() async {
        let overview = SkillCheckCommandLine.overview
        for command in SkillCheckCommandLine.commands {
            #expect(overview.contains("  \(command.name)"))
            #expect(overview.contains(command.abstract))
        }
        #expect(overview.contains("check (default)"))
        for arguments in [["--help"], ["-h"], ["help"]] {
            let result = await run(arguments)
            #expect(result.status == 0)
            #expect(result.output == overview + "\n")
        }
    }

    @available(SkillCheckTesting, *)
    @Test("'help COMMAND' and 'COMMAND --help' print that command's help, exit 0", arguments: ["check", "scenarios", "rules"])
    func commandHelp(name: String) async throws {
        let spec = try #require(SkillCheckCommandLine.commands.first { $0.name == name })
        for arguments in [["help", name], [name, "--help"], [name, "-h"]] {
            let result = await run(arguments)
            #expect(result.status == 0)
            #expect(result.output == spec.help + "\n")
        }
    }

    @available(SkillCheckTesting, *)
    @Test("check's options parse into CheckOptions")
    func checkOptions() throws {
        let package = try TemporaryFolder.withManifest()
        let parsed = try CheckCommand.spec.parse([
            package.path, "--skill", "NoteSkill", "--skill=weather", "--format", "junit", "--output", "r.xml", "--strict",
            "--baseline", "b.json", "--no-tsan", "--scratch-path", "scratch", "--timeout", "2.5", "--seed", "716632666546416052",
            "--schedules", "200",
        ])
        let options = try CheckCommand.options(parsed, currentDirectory: "/work/here")
        #expect(options.packagePath == URL(fileURLWithPath: package.path).standardizedFileURL.path)
        #expect(options.skills == ["NoteSkill", "weather"])
        #expect(options.format == .junit)
        #expect(options.output == "r.xml")
        #expect(options.strict)
        #expect(options.baselinePath == "b.json")
        #expect(!options.runsRaceStage)
        #expect(options.scratchPath == "/work/here/scratch")
        #expect(options.timeout == .milliseconds(2500))
        #expect(options.seed == 716_632_666_546_416_052 && options.schedules == 200)
    }

    @available(SkillCheckTesting, *)
    @Test("check's defaults: the current folder, every skill, text, race stage on, 120 s watchdog")
    func checkDefaults() throws {
        let package = try TemporaryFolder.withManifest()
        let options = try CheckCommand.options(CheckCommand.spec.parse([]), currentDirectory: package.path)
        #expect(options == CheckOptions(packagePath: URL(fileURLWithPath: package.path).standardizedFileURL.path))
        #expect(options.skills.isEmpty && options.format == .text && options.runsRaceStage && !options.strict)
        #expect(options.timeout == .seconds(120))
    }

    @available(SkillCheckTesting, *)
    @Test(
        "check's usage errors say what to type instead",
        arguments: [
            (["--timeout", "soon"], "--timeout takes a number of seconds above 0, at most 86400, such as 60; found 'soon'"),
            (["--timeout", "0"], "--timeout takes a number of seconds above 0, at most 86400, such as 60; found '0'"),
            (["--format", "xml"], "--format takes one of text, json, junit, html; found 'xml'"),
            (["--format", "jsn"], "--format takes one of text, json, junit, html; found 'jsn'; did you mean 'json'?"),
            (["--strict", "--strict"], "--strict given twice; give it once"),
            (["--output", "a", "--output", "b"], "--output given twice ('a', then 'b'); give it once"),
            (["--strict=yes"], "--strict takes no value"),
            (["--format="], "--format takes one of text, json, junit, html; found ''"),
            (["--timeout", "-5"], "--timeout takes a number of seconds above 0, at most 86400, such as 60; found '-5'"),
            (
                ["--output", "--strict"],
                "--output needs a value: <FILE>; found the option '--strict' (write --output=--strict for a value that starts with -)"
            ),
            (["--baseline"], "--baseline needs a value: <FILE>"),
            (["--seed", "-1"], "--seed takes a whole number from 0 to 18446744073709551615, such as 42; found '-1'"),
            (["--schedules", "0"], "--schedules takes a whole number from 1 to 100000, such as 200; found '0'"),
            (["a", "b"], "'check' takes at most 1 ([PATH]); found also 'b'"),
            (["no/such/folder"], "no such folder: no/such/folder"),
        ])
    func checkUsageErrors(arguments: [String], message: String) async throws {
        let package = try TemporaryFolder.withManifest()
        let folder = arguments.first?.hasPrefix("-") == true ? [package.path] : []
        let result = await run(["check"] + folder + arguments)
        #expect(result.status == 2)
        #expect(result.error == "error: \(message)\nsee 'skillcheck check --help'\n")
        #expect(result.output.isEmpty)
    }

    @available(SkillCheckTesting, *)
    @Test("a PATH that is a file, or a folder without Package.swift, is a usage error")
    func notAPackage() async throws {
        let package = try TemporaryFolder.withManifest()
        let file = try package.file("notes.txt", "")
        let empty = package("Sources")
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let fileRun = await run(["check", file])
        #expect(fileRun.status == 2)
        #expect(fileRun.error.hasPrefix("error: \(file) is a file; skillcheck checks a package"))
        let folderRun = await run([empty])
        #expect(folderRun.status == 2)
        #expect(folderRun.error.hasPrefix("error: no Package.swift in \(empty): skillcheck checks a Swift package"))
    }

    @available(SkillCheckTesting, *)
    @Test("'skillcheck PATH', 'skillcheck --option PATH' and 'skillcheck' alone mean check")
    func defaultCommand() async throws {
        let package = try TemporaryFolder.withManifest()
        let pipeline = FakePipeline(report: Reports.report())
        for arguments in [[package.path], ["--no-tsan", package.path], ["check", package.path]] {
            let result = await run(arguments, pipeline: pipeline)
            #expect(result.status == 0, "\(arguments): \(result.error)")
            #expect(result.output.contains("NoteSkill (note)"))
        }
        let bare = await run([], pipeline: pipeline) // the current folder: this package's own root
        #expect(bare.status == 0 || bare.error.contains("no Package.swift in ."))
    }

    @available(SkillCheckTesting, *)
    @Test("until the pipeline is built, check refuses with exit status 2 and says so, never a report")
    func notBuilt() async throws {
        let package = try TemporaryFolder.withManifest()
        let result = await run(["check", package.path])
        #expect(result.status == 2)
        #expect(result.error.hasPrefix("error: skillcheck check is not built yet"))
        #expect(result.output.isEmpty)
    }
}
