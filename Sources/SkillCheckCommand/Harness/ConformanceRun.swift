import Foundation
import SkillConformance

/// A whole `skillcheck check PATH` run's work, up to findings: discovery, the harness, its build, and
/// one process per skill. The report layer turns its result into text, JSON or JUnit.
///
/// ```swift
/// let results = try ConformanceRun(package: url).run { print($0) }
/// ```
@available(SkillCheckTesting, *)
public struct ConformanceRun: Sendable {
    public var package: URL
    /// The scratch folder: symbol graphs, the harness and its build. Defaults to one per package path.
    public var scratch: URL
    /// Only these skill types (`--skill`).
    public var only: [String]
    public var perSkillTimeout: Duration
    /// Whether to run the race stage (SEND-2 under ThreadSanitizer); `--no-tsan` turns it off.
    public var runsRaceStage: Bool

    public init(
        package: URL, scratch: URL? = nil, only: [String] = [], perSkillTimeout: Duration = .seconds(300),
        runsRaceStage: Bool = true
    ) {
        self.package = package.standardizedFileURL
        self.scratch = scratch ?? Self.defaultScratch(for: self.package)
        self.only = only
        self.perSkillTimeout = perSkillTimeout
        self.runsRaceStage = runsRaceStage
    }

    /// `~/.cache/skillcheck/<folder>-<hash of the absolute path>`: one per package, never shared.
    public static func defaultScratch(for package: URL) -> URL {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in package.path.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        let cache = ProcessInfo.processInfo.environment["XDG_CACHE_HOME"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache")
        return cache.appendingPathComponent("skillcheck/\(package.lastPathComponent)-\(String(hash, radix: 16))")
    }

    /// Discovers the skills (throws ``DiscoveryFailure``), then runs the stages: static (a strict-concurrency
    /// build, SEND-1 and SEND-3), conformance (the harness, one process per skill), race (SEND-2 under
    /// ThreadSanitizer). A package that does not build throws ``StageFailure/buildFailed(command:lines:)``.
    public func run(progress: @escaping @Sendable (String) -> Void) async throws -> (discovery: SkillDiscovery, results: [SkillResult]) {
        progress("discovering skills in \(package.path)")
        let (package, scratch) = (package, scratch)
        let discovery = try await offThePool("discovery") {
            try SkillDiscovery.discover(at: package, scratch: scratch.appendingPathComponent("symbols"))
        }
        let harness = HarnessPackage(discovery: discovery, folder: scratch.appendingPathComponent("harness"), only: only)
        progress("static: building \(package.lastPathComponent) with strict concurrency")
        let analysis: StaticAnalysis
        do {
            analysis = try await StaticAnalysis.analyze(
                package: package, options: .init(scratchRoot: scratch.appendingPathComponent("strict"))
            )
        } catch let error as StaticAnalysisError {
            throw StageFailure.buildFailed(command: "swift build -Xswiftc -strict-concurrency=complete", lines: [error.description])
        }
        let stage = ConformanceStage(harness: harness, buildFolder: scratch.appendingPathComponent("harness-build"),
                                     perSkillTimeout: perSkillTimeout)
        progress("conformance: building the harness for \(harness.skills.count) skills")
        try await offThePool("harness build") { try stage.build() }
        var results: [SkillResult] = []
        for (index, skill) in harness.skills.enumerated() {
            progress("conformance: \(skill) (\(index + 1) of \(harness.skills.count))")
            results.append(try await offThePool("conformance") { try stage.run(skillAt: index) })
        }
        if runsRaceStage {
            let race = RaceStage(harness: harness, buildFolder: scratch.appendingPathComponent("harness-tsan"))
            progress("race: building the harness under ThreadSanitizer")
            try await offThePool("race build") { try race.build() }
            for index in results.indices {
                progress("race: \(results[index].skill) (\(index + 1) of \(results.count))")
                let id = results[index].id
                results[index].findings.append(try await offThePool("race") { try race.run(skillAt: index, skillID: id) })
            }
        }
        // An escape hatch is accepted (SEND-3) once SEND-2 passed under ThreadSanitizer, not before.
        for index in results.indices {
            let result = results[index]
            let sendTwo = result.findings.filter { $0.ruleID == "SEND-2" }
            let raceFree = runsRaceStage && !sendTwo.isEmpty && sendTwo.allSatisfy { $0.outcome == .passed }
            results[index].findings += analysis.sendableFindings(typeName: result.skill.typeName, moduleHint: result.skill.module,
                                                                 skillID: result.id)
                + analysis.escapeHatchFindings(typeName: result.skill.typeName, moduleHint: result.skill.module,
                                               skillID: result.id, sendTwoPassed: raceFree)
        }
        return (discovery, results)
    }
}
