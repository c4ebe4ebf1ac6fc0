import BundledBrokenSkills
import BundledReferenceSkills
import BundledToolSkills
import Foundation
import SkillConformance
import TestSupport
import Testing

/// The example packages, as a skill author's package: the compile-time rules compile them (each in a
/// scratch path of its own under its `.build/`, reused between runs).
enum ExamplePackages {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Examples").standardizedFileURL
    static let broken = root.appendingPathComponent("BrokenSkills")
    static let reference = root.appendingPathComponent("ReferenceSkills")
    static let tools = root.appendingPathComponent("ToolSkills")

    /// The example tool skills, declared in Examples/ToolSkills.
    static let toolSkills: [SkillUnderTest] = [
        SkillUnderTest(declaredIn: tools, tool: { context in WeatherTool(context: context) }),
        SkillUnderTest(declaredIn: tools, tool: { context in CalendarTool(context: context) }),
        SkillUnderTest(declaredIn: tools, tool: { context in NotesTool(context: context) }),
    ]
}

@Suite("SEND-1 and SEND-3 compile the skill's package with strict concurrency", .endToEnd)
struct StaticConformanceTests {
    @Test("the SEND-1 fixture fails SEND-1, naming the stored property; it is the only broken skill that does")
    func sendOneFixture() async throws {
        let analysis = try await StaticAnalysis.shared(package: ExamplePackages.broken)
        // QuoteOfTheDaySkill is in LegacyBrokenSkills (Swift 5 mode), which this package cannot import.
        let findings = analysis.sendableFindings(typeName: "QuoteOfTheDaySkill", skillID: "quote-of-the-day")
        #expect(findings.map(\.outcome) == [.failed])
        let finding = try #require(findings.first)
        #expect(finding.subject.hasSuffix("Sources/LegacyBrokenSkills/QuoteOfTheDaySkill.swift:18:9"))
        #expect(
            finding.observed.contains(
                "stored property 'cache' of 'Sendable'-conforming struct 'QuoteOfTheDaySkill' has non-Sendable type 'QuoteCache'"))
        #expect(finding.message.contains(RuleCatalog.standard["SEND-1"]!.troubleshooting.fix))
        #expect(analysis.diagnostics.count == 1, "\(analysis.diagnostics.map(\.description))")
        for fixture in BrokenSkills.fixtures {
            let skill = SkillUnderTest(declaredIn: ExamplePackages.broken, fixture.make)
            let outcomes = await SkillConformance.check(for: "SEND-1").run(skill).map(\.outcome)
            #expect(outcomes == [.passed], "\(fixture.ruleID) fixture \(skill)")
        }
        for fixture in BrokenSkills.toolFixtures {
            let skill = SkillUnderTest(declaredIn: ExamplePackages.broken, tool: fixture.make)
            let outcomes = await SkillConformance.check(for: "SEND-1").run(skill).map(\.outcome)
            #expect(outcomes == [.passed], "\(fixture.ruleID) fixture \(skill)")
        }
    }

    @Test("the SEND-3 fixture's @unchecked Sendable memo is listed: a warning until SEND-2 is known to pass")
    func sendThreeFixture() async throws {
        let skill = SkillUnderTest(PhrasebookSkill(), declaredIn: ExamplePackages.broken)
        let findings = await SkillConformance.check(for: "SEND-3").run(skill)
        #expect(findings.map(\.outcome) == [.warning])
        let finding = try #require(findings.first)
        #expect(finding.subject.hasPrefix("`@unchecked Sendable` at ") && finding.subject.hasSuffix("PhrasebookSkill.swift:37:25"))
        #expect(
            finding.observed.contains("final class PhraseMemo: @unchecked Sendable {") && finding.observed.contains("needs SEND-2 to pass"))
        let backed = await SkillConformance.check(for: "SEND-3").run(skill, passedRules: ["SEND-2"])
        #expect(backed.map(\.outcome) == [.passed])
        // SEND-2's fixture hides its hatch in a nested type: listed too.
        let counting = await SkillConformance.check(for: "SEND-3").run(
            SkillUnderTest(CountingWeatherSkill(), declaredIn: ExamplePackages.broken))
        #expect(counting.map(\.outcome) == [.warning])
        #expect(counting.first?.observed.contains("final class QueryCounter: @unchecked Sendable {") == true)
        // A skill without any hatch: nothing to list.
        let quiet = await SkillConformance.check(for: "SEND-3").run(SkillUnderTest(ArchiveNoteSkill(), declaredIn: ExamplePackages.broken))
        #expect(quiet.map(\.outcome) == [.passed])
    }

    @Test("the reference skills and the tool skills pass SEND-1 and SEND-3", arguments: ["SEND-1", "SEND-3"])
    func referenceSkillsPass(_ rule: String) async {
        for skill in ReferenceSkills.skills.map({ SkillUnderTest($0, declaredIn: ExamplePackages.reference) }) + ExamplePackages.toolSkills
        {
            let findings = await SkillConformance.check(for: rule).run(skill)
            #expect(findings.map(\.outcome) == [.passed], "\(rule) \(skill):\n\(findings.map(\.message).joined(separator: "\n"))")
        }
    }

    /// A package whose skill holds a non-Sendable class in Swift 6 mode: it does not compile.
    static func notBuilding() throws -> URL {
        let package = try TemporaryFolder("static-tests").url.appendingPathComponent("NotBuilding")
        let sources = package.appendingPathComponent("Sources/NotBuilding")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        try """
        // swift-tools-version:6.2
        import PackageDescription
        let package = Package(name: "NotBuilding", targets: [.target(name: "NotBuilding")])
        """.write(to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try """
        final class Box { var n = 0 }
        struct Holder: Sendable { let box: Box }
        """.write(to: sources.appendingPathComponent("Holder.swift"), atomically: true, encoding: .utf8)
        return package
    }

    @Test("a package that does not build fails both rules with the compiler's own error lines, never a pass")
    func packageThatDoesNotBuild() async throws {
        let skill = SkillUnderTest(ReferenceSkills.skills[0], declaredIn: try Self.notBuilding())
        for rule in ["SEND-1", "SEND-3"] {
            let findings = await SkillConformance.check(for: rule).run(skill)
            #expect(findings.map(\.outcome) == [.failed], "\(rule)")
            #expect(findings.first?.observed.contains("does not build with -strict-concurrency=complete") == true)
            #expect(
                findings.first?.observed.contains(
                    "Holder.swift:2:31: error: stored property 'box' of 'Sendable'-conforming struct 'Holder' has non-Sendable type 'Box'")
                    == true,
                "\(findings.first?.observed ?? "")")
        }
    }

    @Test("a command past its real-time limit is stopped and reported; a folder without Package.swift is named")
    func limitsAndBadPaths() async throws {
        let package = try Self.notBuilding()
        let error = await #expect(throws: StaticAnalysisError.self) {
            try await StaticAnalysis.analyze(package: package, options: .init(timeLimit: .milliseconds(20)))
        }
        guard case .timedOut(let command, _) = error else {
            Issue.record("expected a time-out, got \(String(describing: error))")
            return
        }
        #expect(command.hasPrefix("swift package --package-path"))
        #expect(error?.description.contains("StaticAnalysis.Options.timeLimit") == true)
        let nowhere = package.appendingPathComponent("Sources")
        await #expect(throws: StaticAnalysisError.notAPackage(path: nowhere.path)) {
            try await StaticAnalysis.analyze(package: nowhere)
        }
    }
}
