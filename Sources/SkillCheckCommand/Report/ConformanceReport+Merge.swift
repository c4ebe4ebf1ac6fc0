import Foundation

@available(SkillCheckTesting, *)
extension ConformanceReport {
    /// Why shard reports cannot be put together.
    package struct MergeError: Error, CustomStringConvertible {
        package var description: String
    }

    /// The report one unsharded run would have given, from the reports of shards `1/N` to `N/N` of the same
    /// package (in any order).
    ///
    /// Skills come back in discovery order (``Shard/interleave(_:)``). Each stage keeps its most severe
    /// status (an error or a build failure in any shard is the merged stage's), every shard's diagnostics
    /// once each in order, and the longest of the shards' times, as the shards ran side by side. The
    /// shards' own judgement (`--strict`, `--baseline`) is not kept: judge the merged report instead
    /// (``judged(strict:baseline:selection:)``), so that a baseline entry for a skill in another shard is
    /// never called stale.
    ///
    /// ```swift
    /// let merged = try ConformanceReport.merging(["1.json", "2.json", "3.json"].map(read))
    /// ```
    package static func merging(_ reports: [(file: String, report: ConformanceReport)]) throws(MergeError) -> ConformanceReport {
        guard let first = reports.first else { throw MergeError(description: "no report to merge: give each shard's JSON report") }
        var byIndex: [Int: (file: String, report: ConformanceReport)] = [:]
        for (file, report) in reports {
            guard let shard = report.shard else {
                throw MergeError(
                    description: "\(file) is not a shard's report (it was made without --shard): there is nothing to merge it with")
            }
            guard shard.count == first.report.shard?.count else {
                throw MergeError(
                    description: "\(file) is shard \(shard), but \(first.file) is shard \(first.report.shard.map(\.description) ?? "-"): "
                        + "merge the reports of one split")
            }
            guard report.package.path == first.report.package.path else {
                throw MergeError(
                    description: "\(file) is about \(report.package.path), \(first.file) about \(first.report.package.path): "
                        + "merge the shards of one package")
            }
            if let other = byIndex[shard.index] {
                throw MergeError(description: "\(file) and \(other.file) are both shard \(shard): give each shard's report once")
            }
            byIndex[shard.index] = (file, report)
        }
        let count = first.report.shard?.count ?? 0
        let missing = (1...count).filter { byIndex[$0] == nil }
        guard missing.isEmpty else {
            throw MergeError(
                description: "the reports of shard \(missing.map { "\($0)/\(count)" }.joined(separator: ", ")) are missing: "
                    + "a merged report covers every skill only with all \(count)")
        }
        let shards = (1...count).compactMap { byIndex[$0]?.report }
        // A shard lists the skills it ran, then the types it could not make (no result at all): each
        // dealt out on its own.
        let ran = shards.map { $0.skills.filter { !$0.results.isEmpty } }
        let unmade = shards.map { $0.skills.filter { $0.results.isEmpty } }
        var merged = ConformanceReport(
            package: first.report.package, stages: Self.mergedStages(shards.map(\.stages)),
            skills: Shard.interleave(ran) + Shard.interleave(unmade))
        merged.package.name = shards.compactMap(\.package.name).first
        for index in merged.skills.indices {
            for result in merged.skills[index].results.indices { merged.skills[index].results[result].baseline = nil }
        }
        return merged
    }

    /// Each stage as the shards ran it, merged: the most severe status, every diagnostic once, the
    /// longest times.
    static func mergedStages(_ shards: [[StageResult]]) -> [StageResult] {
        let severity: [StageResult.Status] = [.error, .buildFailed, .ran, .reused, .skipped]
        var merged: [StageResult] = []
        for stage in StageResult.Stage.allCases {
            let results = shards.compactMap { $0.first { $0.stage == stage } }
            guard
                var result = results.min(by: {
                    (severity.firstIndex(of: $0.status) ?? 0) < (severity.firstIndex(of: $1.status) ?? 0)
                })
            else { continue }
            var seen = Set<String>()
            result.diagnostics = results.flatMap(\.diagnostics).filter { seen.insert($0).inserted }
            result.seconds = results.compactMap(\.seconds).max()
            result.buildSeconds = results.compactMap(\.buildSeconds).max()
            result.checkSeconds = results.compactMap(\.checkSeconds).max()
            merged.append(result)
        }
        return merged
    }
}
