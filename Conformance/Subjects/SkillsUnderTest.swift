// The skills the Conformance suites check in this package's own test run: the reference skills and the
// example tool skills. A harness that `skillcheck` generates replaces this file with the skills of the
// package it checks.
import BundledReferenceSkills
import BundledToolSkills
import Foundation
import SkillConformance

enum SkillsUnderTest {
    /// The package that declares them: SEND-1 and SEND-3 compile it (once per run, in a scratch path under
    /// its `.build/`).
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Examples/ReferenceSkills").standardizedFileURL
    /// The package that declares the tool skills.
    static let toolPackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Examples/ToolSkills").standardizedFileURL
    /// Compiling those packages takes minutes on a cold machine, so this package's fast `swift test` checks
    /// the skills in-process only (SEND-1 and SEND-3 then show as warnings saying they were not run);
    /// `SKILLCHECK_END_TO_END=1 swift test`, which `.ci/run` uses, checks them with their packages.
    static let compilesPackages = ProcessInfo.processInfo.environment["SKILLCHECK_END_TO_END"] == "1"
    static let skills: [SkillUnderTest] = compilesPackages ? declared : inProcess

    static let declared: [SkillUnderTest] =
        ReferenceSkills.skills.map { SkillUnderTest($0, declaredIn: package) } + [
            SkillUnderTest(declaredIn: toolPackage, tool: { context in WeatherTool(context: context) }),
            SkillUnderTest(declaredIn: toolPackage, tool: { context in CalendarTool(context: context) }),
            SkillUnderTest(declaredIn: toolPackage, tool: { context in NotesTool(context: context) }),
        ]
    static let inProcess: [SkillUnderTest] =
        ReferenceSkills.skills.map { SkillUnderTest($0) } + [
            SkillUnderTest(tool: { context in WeatherTool(context: context) }),
            SkillUnderTest(tool: { context in CalendarTool(context: context) }),
            SkillUnderTest(tool: { context in NotesTool(context: context) }),
        ]

    /// Failures known and not fixed yet: each is reported as a known issue, and fails once it passes.
    /// The reference skills and the tool skills have none.
    static let baseline = ConformanceBaseline([])

    /// Every skill's id: META-2 compares each skill's id with all of them.
    static let peers: [String] = skills.map(\.id)

    /// One case per skill for `ruleID`.
    static func cases(_ ruleID: String) -> [ConformanceCase] {
        SkillConformance.cases(
            for: skills, rules: [ruleID], peers: peers, providers: SkillConformance.providers(in: ProcessInfo.processInfo.environment))
    }
}
