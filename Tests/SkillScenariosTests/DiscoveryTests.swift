import Foundation
import SkillScenarios
import TestSupport
import Testing

@Suite("Finding transcripts: links followed, nothing found is an error, names unique")
struct DiscoveryTests {

    func names(_ paths: [String], filter: String? = nil) throws -> [String] {
        var runner = ScenarioRunner(skills: Fixtures.skills)
        runner.filter = filter
        return try runner.discover(paths: paths).map(\.name)
    }

    /// The error `discover` throws for `paths`, as text.
    func error(_ paths: [String], filter: String? = nil, shard: (Int, Int)? = nil) -> String? {
        var runner = ScenarioRunner(skills: Fixtures.skills)
        runner.filter = filter
        runner.shard = shard
        do {
            _ = try runner.run(paths: paths)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @available(SkillCheckTesting, *)
    @Test("an empty folder is an error that says where it looked, resolved")
    func emptyFolder() throws {
        let folder = try TemporaryFolder()
        try folder.folder("empty")
        try folder.link("link", to: "empty")
        let message = try #require(error([folder("link")]))
        let real = try #require(realpath(folder("empty"), nil))
        defer { free(real) }
        #expect(message.hasPrefix("no transcript (a .json file) in \(folder("link")) (\(String(cString: real)))"))
        #expect(throws: DiscoveryError.self) { try ScenarioRunner(skills: Fixtures.skills).verify(paths: [folder("empty")]) }
    }

    @available(SkillCheckTesting, *)
    @Test("a folder reached through a symbolic link is searched, given or inside another")
    func linkedFolder() throws {
        let folder = try TemporaryFolder()
        try folder.file("real/one.json", SampleTranscripts.passing)
        try folder.file("root/two.json", SampleTranscripts.passing)
        try folder.link("root/inner", to: "../real")
        try folder.link("given", to: "real")
        #expect(try names([folder("given")]) == ["one"])
        #expect(try names([folder("root")]) == ["inner/one", "two"])
        #expect(try ScenarioRunner(skills: Fixtures.skills).run(paths: [folder("root")]).map(\.status) == [.passed, .passed])
    }

    @available(SkillCheckTesting, *)
    @Test("a symbolic link to a transcript is one, named after the link")
    func linkedFile() throws {
        let folder = try TemporaryFolder()
        try folder.file("store/real.json", SampleTranscripts.passing)
        try folder.folder("root")
        try folder.link("root/x.json", to: "../store/real.json")
        #expect(try names([folder("root")]) == ["x"])
        #expect(try names([folder("root/x.json")]) == ["x"])
    }

    @available(SkillCheckTesting, *)
    @Test("a .json link to nothing is an error that names it and where it points")
    func brokenLink() throws {
        let folder = try TemporaryFolder()
        try folder.file("root/good.json", SampleTranscripts.passing)
        try folder.link("root/gone.json", to: "moved.json")
        #expect(error([folder("root")]) == "\(folder("root/gone.json")) is a symbolic link to moved.json, which does not exist")
    }

    @available(SkillCheckTesting, *)
    @Test("a link cycle is searched once; a file reached twice is replayed once")
    func linkLoop() throws {
        let folder = try TemporaryFolder()
        try folder.file("root/a/t.json", SampleTranscripts.passing)
        try folder.link("root/a/up", to: "..")
        try folder.link("root/self", to: ".")
        #expect(try names([folder("root")]) == ["a/t"])
        #expect(try names([folder("root"), folder("root/a/t.json"), folder("root/a")]) == ["a/t"])
    }

    @available(SkillCheckTesting, *)
    @Test("a filter or a shard that leaves nothing is an error that says so")
    func nothingSelected() throws {
        let folder = try TemporaryFolder()
        try folder.file("a/one.json", SampleTranscripts.passing)
        try folder.file("a/two.json", SampleTranscripts.passing)
        #expect(
            error([folder.path], filter: "timeout")
                == "no transcript matched --filter 'timeout' among the 2 found; --filter matches part of a name such as 'a/one'")
        #expect(error([folder.path], shard: (3, 3)) == "--shard 3/3 selects none of the 2 transcripts; use at most 2 shards")
        #expect(
            error([folder.path], filter: "one", shard: (2, 2))
                == "--shard 2/2 selects nothing: there is 1 transcript; drop --shard, or use --shard 1/1")
    }

    @available(SkillCheckTesting, *)
    @Test("transcripts with the same file name in different folders get different names and artifacts")
    func sameFileNames() throws {
        let folder = try TemporaryFolder()
        try folder.file("a/x.json", SampleTranscripts.failing)
        try folder.file("b/x.json", SampleTranscripts.failing.replacingOccurrences(of: "echo 2", with: "echo 3"))
        try folder.file("b/y.json", SampleTranscripts.passing)
        #expect(try names([folder("a/x.json"), folder("b/x.json")]) == ["a/x", "b/x"])
        #expect(try names([folder("a"), folder("b")]) == ["a/x", "b/x", "y"])
        let artifacts = folder.url.appendingPathComponent("artifacts")
        let cases = try ScenarioRunner(skills: Fixtures.skills, artifacts: artifacts).run(paths: [folder("a"), folder("b")])
        #expect(cases.map(\.status) == [.failed, .failed, .passed])
        #expect(try folder.contents("artifacts/a") == ["x.actual.json"])
        #expect(try folder.contents("artifacts/b") == ["x.actual.json"])
        #expect(try TemporaryFolder.text(folder("artifacts/b/x.actual.json")).contains("echo 3"))
    }
}
