import Foundation
import SkillCheckSupport
import SkillKit

// SEND-1 and SEND-3: compile-time rules, judged from the skill's package compiled with strict
// concurrency (StaticAnalysis), once per package per process.

@available(SkillCheckTesting, *)
extension SkillConformance {
    /// The rules judged by compiling the skill's package rather than by running the skill.
    public static let staticRuleIDs: Set<String> = ["SEND-1", "SEND-3"]

    /// Why a compile-time rule was not checked for a skill given without its package.
    package static let needsPackage =
        "a compile-time rule: give the skill's package (SkillUnderTest(..., declaredIn:)) or run `skillcheck PATH`"

    static let staticChecks: [ConformanceCheck] = [
        ConformanceCheck("SEND-1") { input in
            await judged(input, rule: "SEND-1") { analysis, declaration in
                analysis.sendableFindings(typeName: declaration.typeName, moduleHint: declaration.moduleHint, skillID: input.skill.id)
            }
        },
        ConformanceCheck("SEND-3") { input in
            await judged(input, rule: "SEND-3") { analysis, declaration in
                analysis.escapeHatchFindings(
                    typeName: declaration.typeName, moduleHint: declaration.moduleHint,
                    skillID: input.skill.id, sendTwoPassed: input.passedRules.contains("SEND-2"))
            }
        },
    ]

    /// Runs `judge` on the analysis of the skill's package: `skipped` without a package, `failed` when the
    /// package cannot be analysed (it does not build, a command timed out), never a pass.
    private static func judged(
        _ input: ConformanceCheck.Input, rule: String,
        judge: (StaticAnalysis, SkillDeclaration) -> [Finding]
    ) async -> [Finding] {
        guard let declaration = input.skill.declaration else {
            return [
                input.finding(
                    rule, .skipped(reason: needsPackage), subject: ConformanceCheck.wholeRule,
                    expected: "the package that declares the skill's type",
                    observed: "a skill instance only, with no package to compile")
            ]
        }
        do {
            let analysis = try await StaticAnalysis.shared(package: declaration.package, options: declaration.options)
            return judge(analysis, declaration)
        } catch {
            return [
                input.finding(
                    rule, .failed, subject: "the package at \(declaration.package.path)",
                    expected: "it builds with -strict-concurrency=complete",
                    observed: "\(error)")
            ]
        }
    }
}

@available(SkillCheckTesting, *)
extension SkillConformance {
    /// One case per rule and skill, the skills declared in the package at `package`, so that the
    /// compile-time rules (SEND-1, SEND-3) are checked too.
    ///
    /// ```swift
    /// @Test(arguments: SkillConformance.cases(for: [NoteSkill()], declaredIn: SkillConformance.package(containing: #filePath)))
    /// func conformance(_ c: ConformanceCase) async { await c.expectPasses() }
    /// ```
    public static func cases(
        for skills: [any AgentSkill], declaredIn package: URL, rules: [String] = implementedRuleIDs, limits: CheckLimits = CheckLimits()
    ) -> [ConformanceCase] {
        cases(for: skills.map { SkillUnderTest($0, declaredIn: package) }, rules: rules, limits: limits)
    }

    /// The nearest directory at or above `file` that holds a `Package.swift`.
    ///
    /// `file`'s own directory when none does (the static checks then fail, saying it is not a package).
    ///
    /// ```swift
    /// let package = SkillConformance.package(containing: #filePath)   // …/MySkills
    /// ```
    public static func package(containing file: String = #filePath) -> URL {
        let start = URL(fileURLWithPath: file).deletingLastPathComponent().standardizedFileURL
        var directory = start
        while directory.path != "/" {
            if PackageLocation.isPackage(directory) { return directory }
            directory = directory.deletingLastPathComponent()
        }
        return start
    }
}
