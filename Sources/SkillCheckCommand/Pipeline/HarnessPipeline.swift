import Foundation
import SkillCheckSupport
import SkillConformance

/// The pipeline `skillcheck check` runs: ``ConformanceRun`` (discovery, then the static, conformance and
/// race stages), its results turned into a ``ConformanceReport``.
///
/// `--skill` names types here (`NoteSkill` or `Module.NoteSkill`): ids are known only once a skill ran.
/// A type that cannot be instantiated is a skill with a `problem`; a package that does not build under
/// strict concurrency is the static stage's `build-failed`, a harness that does not build the conformance
/// stage's, each with the compiler's lines (exit status 2).
///
/// ```swift
/// let report = try await HarnessPipeline().run(CheckOptions(packagePath: "/home/me/Notes"), progress: .silent)
/// ```
@available(SkillCheckTesting, *)
package struct HarnessPipeline: ConformancePipeline {
    package init() {}

    package func run(_ options: CheckOptions, progress: ProgressReporter) async throws(CheckError) -> ConformanceReport {
        let package = URL(fileURLWithPath: options.packagePath)
        var run = ConformanceRun(
            package: package, scratch: options.scratchPath.map { URL(fileURLWithPath: $0) },
            only: options.skills, perSkillTimeout: options.timeout, runsRaceStage: options.runsRaceStage,
            jobs: options.jobs, reusesMemory: options.reusesMemory,
            sharedCache: options.sharedCache.map { URL(fileURLWithPath: $0) }, shard: options.shard)
        run.providers = options.providers
        run.seed = options.seed
        run.schedules = options.schedules
        run.reportPaths = options.output.map { [$0] } ?? []
        let outcome: ConformanceRun.Outcome
        do {
            outcome = try await run.run { progress.status($0) }
        } catch let failure as DiscoveryFailure {
            throw .packageUnreadable(path: options.packagePath, reason: failure.description)
        } catch StageFailure.emptyShard(let shard, let skills) {
            throw .failed(
                "shard \(shard) has no skill to check: the package has \(counted(skills, "skill")) that can be made, "
                    + "so split it into at most \(skills) shares (--shard I/\(max(1, skills)))")
        } catch StageFailure.buildFailed(let command, let lines) {
            let stage = StageResult(
                command.contains("strict-concurrency") ? .static : .conformance, .buildFailed,
                reason: command, diagnostics: lines)
            progress.stageFinished(stage)
            var report = ConformanceReport(package: .init(path: options.packagePath), stages: [stage], skills: [])
            report.shard = options.shard
            return report
        } catch {
            throw .failed("\(error)")
        }
        let (discovery, results, stages) = (outcome.discovery, outcome.results, outcome.stages)
        try Self.checkSelection(options.skills, discovery: discovery, results: results)
        stages.forEach(progress.stageFinished)
        var report = ConformanceReport(
            package: .init(path: options.packagePath, name: discovery.package.name), stages: stages,
            skills: Self.skills(results, discovery: discovery, selection: options.skills, shard: options.shard))
        report.shard = options.shard
        return report
    }

    /// Each skill that ran, then each selected type that could not be made, with the reason.
    /// A shard lists its own share of the types that could not be made, dealt out as the skills are.
    static func skills(_ results: [SkillResult], discovery: SkillDiscovery, selection: [String], shard: Shard? = nil) -> [SkillReport] {
        let ran = results.map { SkillReport(type: $0.skill.typeName, id: $0.id, findings: $0.findings) }
        var unmade = discovery.skills.filter { skill in
            skill.notInstantiable != nil
                && (selection.isEmpty || selection.contains(skill.typeName) || selection.contains(skill.description))
        }
        if let shard { unmade = shard.select(unmade) }
        return ran + unmade.map { SkillReport(type: $0.typeName, id: "", problem: $0.notInstantiable, results: []) }
    }

    /// `--skill` names that match no discovered type: a usage error naming the nearest.
    static func checkSelection(_ selection: [String], discovery: SkillDiscovery, results: [SkillResult]) throws(CheckError) {
        let names = discovery.skills.map(\.typeName)
        for name in selection where !discovery.skills.contains(where: { $0.typeName == name || $0.description == name }) {
            throw CheckOptions.unknownSkill(name, among: names + results.map(\.id).filter { !$0.isEmpty })
        }
    }
}
