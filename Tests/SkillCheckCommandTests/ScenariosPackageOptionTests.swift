import Foundation
import SkillCheckCommand
import SkillScenarios
import TestSupport
import Testing

/// `skillcheck scenarios --package PATH`: what it checks before it builds anything, what it hands the
/// harness's program, and how that program's output and exit status come back.
@Suite("skillcheck scenarios --package: options, errors and the program's output")
struct ScenariosPackageOptionTests {
    @available(SkillCheckTesting, *)
    @Test("--package that names no package is an error naming the path (exit status 2), before anything is built")
    func notAPackage() async throws {
        let package = try TemporaryFolder.withManifest()
        try package.file("Notes/README.md", "not a package")
        let cases = [
            (package("missing"), "--package \(package("missing")): no such folder"),
            (
                package("Package.swift"),
                "--package \(package("Package.swift")) is a file; give the folder that holds the package's Package.swift"
            ),
            (package("Notes"), "--package \(package("Notes")) is not a Swift package (no Package.swift in it)"),
        ]
        for (path, message) in cases {
            let result = await run(["scenarios", "--package", path, package.path])
            #expect(result.status == 2)
            #expect(result.error.hasPrefix("error: " + message), "\(result.error)")
            #expect(result.error.contains("see 'skillcheck scenarios --help'"))
            #expect(result.output.isEmpty)
        }
    }

    @available(SkillCheckTesting, *)
    @Test(
        "a mistaken option value is an error before the harness is built",
        arguments: [
            (["--shard", "0/3"], "error: --shard takes i/n with 1 ≤ i ≤ n, such as 1/4; found '0/3'"),
            (["--record", "sometimes"], "error: --record takes one of never, missing, failed, all; found 'sometimes'"),
            (["--pakage", "."], "error: unknown option '--pakage' for 'scenarios'; did you mean '--package'?"),
        ])
    func mistakesFirst(arguments: [String], message: String) async throws {
        // A folder with a Package.swift that SwiftPM cannot read: reaching discovery would be a different error.
        let package = try TemporaryFolder.withManifest()
        let result = await run(["scenarios", "--package", package.path] + arguments)
        #expect(result.status == 2)
        #expect(result.error.hasPrefix(message), "\(result.error)")
    }

    @available(SkillCheckTesting, *)
    @Test("--scratch-path without --package is an error; --package in the in-process command is one too")
    func optionsThatNeedAPackage() async throws {
        let result = await run(["scenarios", "--scratch-path", "/tmp/x", "Scenarios"])
        #expect(result.status == 2)
        #expect(result.error.hasPrefix("error: --scratch-path goes with --package"))
        #expect(throws: UsageError.self) { try ScenariosCommand.run(["--package", "."]) { _ in } }
    }

    @available(SkillCheckTesting, *)
    @Test(
        "the harness's program gets every argument but --package and --scratch-path, in order",
        arguments: [
            (["--package", "../Notes", "Transcripts", "--record", "never"], ["Transcripts", "--record", "never"]),
            (["--package=../Notes", "--scratch-path=/tmp/s", "--format", "junit", "a", "b"], ["--format", "junit", "a", "b"]),
            (["--filter", "x", "--scratch-path", "/tmp/s", "--package", "N", "--", "--package"], ["--filter", "x", "--", "--package"]),
            (["--package", "N", "--help"], ["--help"]),
        ])
    func harnessArguments(arguments: [String], expected: [String]) {
        #expect(PackageScenarios.harnessArguments(arguments) == expected)
    }

    @available(SkillCheckTesting, *)
    @Test("help lists --package; the skills it names are the kit's without it, the package's with it")
    func help() throws {
        #expect(ScenariosCommand.spec.help.contains("--package <PATH>"))
        #expect(ScenariosCommand.spec.help.contains("The skills a transcript can name: note, weather, echo, fail, slow."))
        let packageHelp = ScenariosCommand.spec(
            skillIDs: ["todo", "todo", "mail"], package: "/home/me/Todo",
            unavailable: ["Todo.DraftSkill: it has no public init()"]
        ).help
        #expect(packageHelp.contains("The skills a transcript can name (those of the package at /home/me/Todo): todo, mail."))
        #expect(packageHelp.contains("Not available: Todo.DraftSkill: it has no public init()"))
    }

    @available(SkillCheckTesting, *)
    @Test("the program's output, errors and exit status pass through whole, even a line longer than one read")
    func passThrough() async throws {
        let output = Captured(), error = Captured()
        let terminal = Terminal(output: output.append, error: error.append)
        // 100,000 three-byte characters on one line: the pipe is read in pieces that cut characters.
        let script = "yes ✔ | head -n 100000 | tr -d '\\n'; echo; echo 'on standard error' >&2; printf 'no newline'; exit 3"
        let status = try await PackageScenarios.runProgram(URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", script], terminal: terminal)
        #expect(status == 3)
        #expect(output.value == String(repeating: "✔", count: 100_000) + "\nno newline")
        #expect(error.value == "on standard error\n")
    }

    @available(SkillCheckTesting, *)
    @Test("a program that a signal ends is exit status 2, saying that not every transcript was checked")
    func endedBySignal() async throws {
        let error = Captured()
        let terminal = Terminal(output: { _ in }, error: error.append)
        let status = try await PackageScenarios.runProgram(
            URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", "kill -KILL $$"],
            terminal: terminal)
        #expect(status == 2)
        #expect(error.value.contains("was ended by signal 9 before it finished"), "\(error.value)")
    }
}
