import Foundation
import SkillConformance
import TestSupport
import Testing

@testable import SkillCheckCommand

@Suite("check --shard I/N and skillcheck merge: a stable split, and a merged report equal to one run's")
struct ShardTests {
    @available(SkillCheckTesting, *)
    @Test("I/N is read with 1 ≤ I ≤ N; anything else is a usage error that shows the form")
    func parsing() async throws {
        #expect(Shard(parsing: "2/3") == Shard(index: 2, count: 3))
        for text in ["0/3", "4/3", "3", "a/b", "1/0", "1/3/4", "/3", "1/257"] { #expect(Shard(parsing: text) == nil, "\(text)") }
        let package = try TemporaryFolder.withManifest()
        let bad = await run(["check", package.path, "--shard", "4/3"])
        #expect(bad.status == 2)
        #expect(bad.error.contains("--shard takes I/N, the I-th of N shares, with 1 ≤ I ≤ N ≤ 256, such as 2/3; found '4/3'"))
    }

    @available(SkillCheckTesting, *)
    @Test("every item is in exactly one shard, the same every time, and interleaving the shards gives the order back")
    func split() throws {
        let items = (1...11).map { "Skill\($0)" }
        for count in 1...12 {
            let shares = (1...count).map { Shard(index: $0, count: count)!.select(items) }
            #expect(shares.flatMap { $0 }.sorted() == items.sorted(), "\(count) shards")
            #expect(Set(shares.flatMap { $0 }).count == items.count)
            #expect(Shard.interleave(shares) == items)
            #expect(shares.map(\.count).max()! - shares.map(\.count).min()! <= 1)
        }
        #expect(Shard(index: 2, count: 3)!.select(["A", "B", "C", "D", "E"]) == ["B", "E"])
    }

    /// The two-skill report (plus a type that could not be made), and what shard `index` of `count` of it says.
    @available(SkillCheckTesting, *)
    static func whole() -> ConformanceReport {
        var report = Reports.report([Reports.finding("CAN-2", .failed)])
        report.skills.append(SkillReport(type: "Broken", id: "", problem: "no public init()", results: []))
        return report
    }

    @available(SkillCheckTesting, *)
    static func shard(_ index: Int, of count: Int, seconds: Double) -> ConformanceReport {
        let shard = Shard(index: index, count: count)!
        let whole = whole()
        var report = ConformanceReport(
            package: whole.package,
            stages: whole.stages.map {
                var stage = $0
                stage.seconds = seconds
                return stage
            },
            skills: shard.select(whole.skills.filter { !$0.results.isEmpty }) + shard.select(whole.skills.filter { $0.results.isEmpty }))
        report.shard = shard
        return report
    }

    @available(SkillCheckTesting, *)
    @Test("the shards' reports, in any order, merge into the unsharded report, with the longest stage times")
    func mergeEqualsWhole() throws {
        let shards = [Self.shard(3, of: 3, seconds: 3), Self.shard(1, of: 3, seconds: 5), Self.shard(2, of: 3, seconds: 4)]
        var merged = try ConformanceReport.merging(shards.enumerated().map { ("shard-\($0.offset).json", $0.element) })
        #expect(merged.stages.map(\.seconds) == [5, 5, 5])
        for index in merged.stages.indices { merged.stages[index].seconds = Self.whole().stages[index].seconds }
        #expect(merged == Self.whole())
        #expect(merged.summary.exitStatus == Self.whole().summary.exitStatus)
        // Two shards of two skills: the second has only one skill and the unmade type goes to the first.
        let two = try ConformanceReport.merging([("b", Self.shard(2, of: 2, seconds: 1)), ("a", Self.shard(1, of: 2, seconds: 1))])
        #expect(two.skills.map(\.type) == Self.whole().skills.map(\.type))
    }

    @available(SkillCheckTesting, *)
    @Test("a missing, repeated or foreign shard, or a report made without --shard, is refused with what to do")
    func mergeRefuses() throws {
        func message(_ reports: [(String, ConformanceReport)]) -> String {
            do {
                _ = try ConformanceReport.merging(reports)
                return "merged"
            } catch {
                return error.description
            }
        }
        let (one, two) = (Self.shard(1, of: 3, seconds: 1), Self.shard(2, of: 3, seconds: 1))
        #expect(message([("1.json", one), ("2.json", two)]).contains("the reports of shard 3/3 are missing"))
        #expect(message([("1.json", one), ("again.json", one)]).contains("again.json and 1.json are both shard 1/3"))
        #expect(message([("1.json", one), ("w.json", Self.whole())]).contains("w.json is not a shard's report"))
        var other = two
        other.package.path = "/tmp/Other"
        #expect(message([("1.json", one), ("o.json", other)]).contains("merge the shards of one package"))
        #expect(message([("1.json", one), ("x.json", Self.shard(1, of: 2, seconds: 1))]).contains("merge the reports of one split"))
        #expect(message([]).contains("no report to merge"))
    }

    @available(SkillCheckTesting, *)
    @Test("skillcheck merge prints the merged report and exits as one run would; a baseline is judged once, for the whole")
    func mergeCommand() async throws {
        let folder = try TemporaryFolder("merge")
        let files = try (1...3).map { try folder.file("shard-\($0).json", try Self.shard($0, of: 3, seconds: 1).json()) }
        let result = await run(["merge"] + files + ["--format", "json"])
        #expect(result.status == 1, "CAN-2 failed in one shard: \(result.error)")
        var merged = try ConformanceReport.decode(Data(result.output.utf8))
        for index in merged.stages.indices { merged.stages[index].seconds = Self.whole().stages[index].seconds }
        #expect(merged == Self.whole())
        // NoteSkill's CAN-2 is in shard 1; an entry for it is never stale in shards 2 and 3 when judged here.
        let baseline = try folder.file("baseline.json", ExitStatusTests.baseline)
        let known = await run(["merge"] + files + ["--baseline", baseline, "--format", "json"])
        let judged = try ConformanceReport.decode(Data(known.output.utf8))
        #expect(judged.summary.baselined == 1 && judged.stale.isEmpty, "\(known.output)\(known.error)")
        #expect(known.status == 1, "the type that could not be made still fails the run, as in one run")
        let unreadable = await run(["merge", try folder.file("x.json", "{}")])
        #expect(unreadable.status == 2 && unreadable.error.contains("x.json is not a skillcheck JSON report"))
        let none = await run(["merge"])
        #expect(none.status == 2 && none.error.contains("'merge' needs every shard's JSON report"))
    }
}
