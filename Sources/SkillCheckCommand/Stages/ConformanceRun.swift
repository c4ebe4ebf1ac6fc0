import Foundation
import SkillCheckSupport
import SkillConformance

/// A whole `skillcheck check PATH` run's work, up to findings: discovery, the static stage, the harness,
/// its builds, and one process per skill (several at a time). The report layer turns its outcome into
/// text, JSON or JUnit.
///
/// What an unchanged package would only produce again is kept in ``RunMemory``: a second run whose
/// ``PackageFingerprint`` matches reuses the discovery and the static stage's evidence, and does not
/// rebuild a harness whose build is current. The checks themselves always run.
///
/// ```swift
/// let outcome = try await ConformanceRun(package: url).run { print($0) }
/// for result in outcome.results { print(result.skill, result.findings.count) }
/// ```
@available(SkillCheckTesting, *)
package struct ConformanceRun: Sendable {
    package var package: URL
    /// The scratch folder: symbol graphs, the harness and its build. Defaults to one per package path.
    package var scratch: URL
    /// Only these skill types (`--skill`).
    package var only: [String]
    package var perSkillTimeout: Duration
    /// Whether to run the race stage (SEND-2 under ThreadSanitizer); `--no-tsan` turns it off.
    package var runsRaceStage: Bool
    /// How many skills' processes run at once (`--jobs`).
    package var jobs: Int
    /// Whether to reuse what an earlier run on the unchanged package kept (`--no-cache` turns it off;
    /// the run still keeps what it made for the next one).
    package var reusesMemory: Bool
    /// Where the harness builds that every package on this machine shares are kept
    /// (``SharedBuildCache``), or `nil` to build each package's harness in its own scratch folder
    /// (`--no-shared-cache`). Shared builds need the test binary to run by itself, as it does on Linux.
    package var sharedCache: URL?
    /// Only this share of the skills (`--shard`), dealt out from the selected ones in discovery order.
    package var shard: Shard?
    /// The provider profiles TOOL-7 holds tool skills to (`--provider`), passed to each skill's process.
    package var providers: [String] = []
    /// The seed and schedule budget (`--seed`, `--schedules`) passed to each skill's process; `nil` keeps the defaults.
    package var seed: UInt64?
    package var schedules: Int?
    /// Files the command writes its report to (`--output`): never part of the package's fingerprint, so a report
    /// kept inside the package does not make the next run start over.
    package var reportPaths: [String] = []

    /// What a run found: the discovery, each skill's findings, and how each stage went.
    package struct Outcome: Sendable {
        package var discovery: SkillDiscovery
        package var results: [SkillResult]
        /// The static, conformance and race stages, in that order, with their times.
        package var stages: [StageResult]
    }

    package init(
        package: URL, scratch: URL? = nil, only: [String] = [], perSkillTimeout: Duration = .seconds(300),
        runsRaceStage: Bool = true, jobs: Int = ProcessInfo.processInfo.activeProcessorCount, reusesMemory: Bool = true,
        sharedCache: URL? = ConformanceRun.defaultSharedCache, shard: Shard? = nil
    ) {
        self.package = package.standardizedFileURL
        self.scratch = scratch ?? Self.defaultScratch(for: self.package)
        self.only = only
        self.perSkillTimeout = perSkillTimeout
        self.runsRaceStage = runsRaceStage
        self.jobs = max(1, jobs)
        self.reusesMemory = reusesMemory
        self.sharedCache = sharedCache
        self.shard = shard
    }

    /// The skill types the harness checks: those `only` selects, or this shard's share of them (named
    /// `Module.Type`), empty for every skill; and the other shards' types, whose ids META-2 compares with.
    /// Throws when the shard was dealt none.
    func selection(in discovery: SkillDiscovery) throws -> (checked: [String], otherPeers: [String]) {
        guard let shard else { return (only, []) }
        let selected = discovery.instantiable.filter { only.isEmpty || only.contains($0.typeName) || only.contains($0.description) }
        let share = shard.select(selected).map(\.description)
        guard !share.isEmpty else { throw StageFailure.emptyShard(shard, skills: selected.count) }
        return (share, selected.map(\.description).filter { !share.contains($0) })
    }

    /// ``SharedBuildCache/defaultRoot(environment:)`` where the stages run the built test binary directly
    /// (Linux), else `nil`: `swift test --skip-build` needs the build folder the binary was built in.
    package static var defaultSharedCache: URL? {
        #if os(Linux)
        SharedBuildCache.defaultRoot()
        #else
        nil
        #endif
    }

    /// The shared build folders for the kit `discovery` found, when the run uses them.
    func shared(for discovery: SkillDiscovery) -> SharedBuildCache? {
        sharedCache.map { SharedBuildCache(root: $0, kit: discovery.kit.path) }
    }

    /// `~/.cache/skillcheck/<folder>-<hash of the absolute path>`: one per package, never shared.
    package static func defaultScratch(for package: URL) -> URL {
        let hash = PackageFingerprint.Digest.fnv1a(package.path)
        return SharedBuildCache.cacheFolder().appendingPathComponent("\(package.lastPathComponent)-\(String(hash, radix: 16))")
    }

    /// Discovers the skills (throws ``DiscoveryFailure``), then runs the stages: static (a strict-concurrency
    /// build, SEND-1 and SEND-3), conformance (the harness, one process per skill), race (SEND-2 under
    /// ThreadSanitizer). A package that does not build throws ``StageFailure/buildFailed(command:lines:)``.
    package func run(progress: @escaping @Sendable (String) -> Void) async throws -> Outcome {
        let clock = ContinuousClock()
        let started = clock.now
        let (before, memory) = fingerprintNow()
        var known = try await knownOrMade(before: before, memory: memory, progress: progress)
        let analysis = try StaticAnalysis(evidence: known.evidence)
        var stages = [
            known.reused
                ? StageResult(.static, .reused, reason: "nothing changed since the run of \(Self.describe(known.made))")
                : StageResult(.static, .ran, seconds: (clock.now - started).inSeconds, build: (clock.now - started).inSeconds)
        ]

        let selection = try selection(in: known.discovery)
        let harness = HarnessPackage(
            discovery: known.discovery, folder: scratch.appendingPathComponent("harness"), only: selection.checked,
            otherPeers: selection.otherPeers)
        let key: String
        do {
            try harness.write()
            key = known.fingerprint.value + "-" + (try harness.contentDigest())
        } catch {
            throw StageFailure.tool("could not write the harness in \(harness.folder.path): \(error)")
        }
        let shared = shared(for: known.discovery)
        let settings = Self.settings(harness.skills, analysis: analysis)
        let stage = ConformanceStage(
            harness: harness, buildFolder: scratch.appendingPathComponent("harness-build"),
            perSkillTimeout: perSkillTimeout, shared: shared, providers: providers, seed: seed, schedules: schedules,
            settings: settings, credentials: Self.credentials(harness.skills, analysis: analysis))
        let race = RaceStage(
            harness: harness, buildFolder: scratch.appendingPathComponent("harness-tsan"),
            perSkillTimeout: perSkillTimeout, shared: shared, settings: settings)
        let conformanceStarted = clock.now
        let plainBuild = try await Self.buildUnlessCurrent(
            stage.buildFolder, key: key, builds: known.builds,
            current: "conformance: the harness is built and current",
            building: "conformance: building the harness for \(counted(harness.skills.count, "skill"))",
            progress: progress
        ) { report in try stage.build(onProgress: report) }
        known.builds[stage.buildFolder.lastPathComponent] = plainBuild.entry
        // The sanitized build starts now, while the conformance checks run: they are mostly waiting on
        // their own processes, and the build has the cores in the meantime.
        let (builds, runsRaceStage) = (known.builds, runsRaceStage)
        let raceBuild = Task { () async throws -> BuildOutcome? in
            guard runsRaceStage else { return nil }
            return try await Self.buildUnlessCurrent(
                race.buildFolder, key: key, builds: builds,
                current: "race: the sanitized harness is built and current",
                building: "race: building the harness under ThreadSanitizer",
                progress: progress
            ) { report in try race.build(onProgress: report) }
        }
        let checksStarted = clock.now
        var results: [SkillResult]
        do {
            results = try await conformance(stage, progress: progress)
        } catch {
            raceBuild.cancel()
            _ = try? await raceBuild.value
            throw error
        }
        let conformanceEnded = clock.now
        stages.append(
            StageResult(
                .conformance, .ran, seconds: (conformanceEnded - conformanceStarted).inSeconds,
                build: plainBuild.seconds, checks: (conformanceEnded - checksStarted).inSeconds))
        if let raceBuilt = try await raceBuild.value {
            known.builds[race.buildFolder.lastPathComponent] = raceBuilt.entry
            let raceChecksStarted = clock.now
            try await self.race(race, results: &results, progress: progress)
            let raceEnded = clock.now
            stages.append(
                StageResult(
                    .race, .ran, seconds: (raceEnded - conformanceEnded).inSeconds, build: raceBuilt.seconds,
                    checks: (raceEnded - raceChecksStarted).inSeconds))
        } else {
            stages.append(StageResult(.race, .skipped, reason: "--no-tsan"))
            // SEND-2's stress case ran without the sanitizer: its pass says no wrong answer and no crash, not no race.
            for index in results.indices where results[index].findings.contains(where: { $0.ruleID == "SEND-2" && $0.outcome == .passed }) {
                results[index].findings.append(RaceStage.notRun(skillID: results[index].id))
            }
        }
        judgeStatically(&results, analysis: analysis)
        stages[0].diagnostics = Self.outsideSkills(analysis, skills: known.discovery.skills)
        remember(known, before: before, progress: progress)
        return Outcome(discovery: known.discovery, results: results, stages: stages)
    }

    /// The skills of the package, as ``run(progress:)`` finds them (reusing an unchanged package's
    /// ``RunMemory``, and keeping what it made for the next run), without running any check: what
    /// `skillcheck scenarios --package` needs.
    package func discover(progress: @escaping @Sendable (String) -> Void) async throws -> SkillDiscovery {
        let (before, memory) = fingerprintNow()
        let known = try await knownOrMade(before: before, memory: memory, progress: progress)
        remember(known, before: before, progress: progress)
        return known.discovery
    }

    /// The memory of an earlier run (unless `--no-cache`), and the fingerprint of the package (and of the
    /// dependencies that run found) now.
    func fingerprintNow() -> (PackageFingerprint, RunMemory?) {
        let memory = reusesMemory ? RunMemory.read(in: scratch) : nil
        return (PackageFingerprint(roots: [package.path] + (memory?.discovery.kit.dependencyPaths ?? []), ignoring: reportPaths), memory)
    }

    /// The memory's discovery and evidence when nothing changed since it was made, else both made now.
    func knownOrMade(before: PackageFingerprint, memory: RunMemory?, progress: @escaping @Sendable (String) -> Void) async throws -> Known {
        guard let memory, memory.fingerprint == before.value else { return try await discoverAndAnalyze(progress: progress) }
        progress("discovery and static: reusing the results of \(Self.describe(memory.made)) (nothing changed since)")
        return Known(
            fingerprint: before, discovery: memory.discovery, evidence: memory.evidence, made: memory.made,
            builds: memory.builds, reused: true)
    }

    /// What the run knows before the harness: from ``RunMemory`` or made now.
    struct Known {
        var fingerprint: PackageFingerprint
        var discovery: SkillDiscovery
        var evidence: StaticAnalysis.Evidence
        var made: Date
        var builds: [String: String]
        var reused: Bool
    }

    /// The strict-concurrency compile and discovery, made now: discovery reads the symbol graphs that
    /// compile left, so the package is compiled once for both.
    func discoverAndAnalyze(progress: @escaping @Sendable (String) -> Void) async throws -> Known {
        progress("discovering skills in \(package.path)")
        let (package, symbols) = (package, scratch.appendingPathComponent("symbols"))
        let described = try await offThePool("swift package describe") { try DescribedPackage.read(at: package, scratch: symbols) }
        progress("static: building \(package.lastPathComponent) with strict concurrency")
        let evidence: StaticAnalysis.Evidence
        do {
            (_, evidence) = try await StaticAnalysis.analyzeKeepingEvidence(
                package: package, options: .init(scratchRoot: scratch.appendingPathComponent("strict"))
            )
        } catch let error as StaticAnalysisError {
            throw StageFailure.buildFailed(command: "swift build -Xswiftc -strict-concurrency=complete", lines: [error.description])
        }
        let discovery = try await offThePool("discovery") {
            try SkillDiscovery.discover(described, at: package, evidence: evidence, scratch: symbols)
        }
        let fingerprint = PackageFingerprint(roots: [package.path] + discovery.kit.dependencyPaths, ignoring: reportPaths)
        return Known(fingerprint: fingerprint, discovery: discovery, evidence: evidence, made: Date(), builds: [:], reused: false)
    }

    /// Runs each skill in a process of its own, on the built harness.
    func conformance(_ stage: ConformanceStage, progress: @escaping @Sendable (String) -> Void) async throws -> [SkillResult] {
        let harness = stage.harness
        let count = harness.skills.count
        return try await Self.eachSkill(count, jobs: jobs) { index in
            progress("conformance: \(harness.skills[index]) (\(index + 1) of \(count))")
            return try await offThePool("conformance") { try stage.run(skillAt: index) }
        }
    }

    /// SEND-2 under ThreadSanitizer for each skill that ran, its finding added to that skill's.
    func race(_ race: RaceStage, results: inout [SkillResult], progress: @escaping @Sendable (String) -> Void) async throws {
        let harness = race.harness
        let ids = results.map(\.id), count = results.count
        // A skill whose checks the watchdog had to end would only wait it out again here.
        let hung = results.map { $0.findings.contains { $0.ruleID == "HANG-1" && $0.subject == ConformanceStage.processSubject } }
        let findings = try await Self.eachSkill(count, jobs: jobs) { index in
            if hung[index] { return RaceStage.notRunAfterHang(skillID: ids[index]) }
            progress("race: \(harness.skills[index]) (\(index + 1) of \(count))")
            return try await offThePool("race") { try race.run(skillAt: index, skillID: ids[index]) }
        }
        for index in results.indices { results[index].findings.append(findings[index]) }
    }

    /// A harness build's outcome: what to remember of it, and how long it took (`nil` when it was current).
    struct BuildOutcome: Sendable {
        /// The entry for ``RunMemory/builds``.
        var entry: String?
        var seconds: Double?
    }

    /// Runs `build` (a build into `folder`) unless `builds` remembers one made from `key` that left the
    /// test binary that is there now (size and modification time). The build's progress lines are shown
    /// after `building`.
    static func buildUnlessCurrent(
        _ folder: URL, key: String, builds: [String: String], current: String, building: String,
        progress: @escaping @Sendable (String) -> Void, _ build: @escaping @Sendable (@escaping @Sendable (String) -> Void) throws -> Void
    ) async throws -> BuildOutcome {
        if let binary = HarnessPackage.binaryStamp(in: folder), builds[folder.lastPathComponent] == key + " " + binary {
            progress(current)
            return BuildOutcome(entry: builds[folder.lastPathComponent], seconds: nil)
        }
        progress(building)
        let clock = ContinuousClock()
        let started = clock.now
        try await offThePool(building) { try build { line in progress("\(building) \(line)") } }
        return BuildOutcome(
            entry: HarnessPackage.binaryStamp(in: folder).map { key + " " + $0 }, seconds: (clock.now - started).inSeconds)
    }

    /// What each skill's processes get on top of the harness environment, by index: a placeholder for each
    /// credential its code reads from the environment and this machine does not set.
    static func settings(_ skills: [DiscoveredSkill], analysis: StaticAnalysis) -> [Int: [String: String]] {
        credentials(skills, analysis: analysis).compactMapValues { names in
            let placeholders = ConformanceStage.placeholders(for: names)
            return placeholders.isEmpty ? nil : placeholders
        }
    }

    /// The credentials each skill's code reads from the environment, by index (none: no entry).
    static func credentials(_ skills: [DiscoveredSkill], analysis: StaticAnalysis) -> [Int: [String]] {
        var credentials: [Int: [String]] = [:]
        for (index, skill) in skills.enumerated() {
            let names = analysis.credentialNames(typeName: skill.typeName, moduleHint: skill.module)
            if !names.isEmpty { credentials[index] = names }
        }
        return credentials
    }

    /// SEND-1, SEND-3, and TIME-1's and IO-1's source findings from the static stage. An escape hatch is accepted (SEND-3) once SEND-2 passed
    /// under ThreadSanitizer, not before. A rule the harness found nothing to judge for is skipped when the skill
    /// reads the process environment (``StaticAnalysis/steeredBySettings(_:typeName:moduleHint:)``), and a stall or a
    /// networking trap is skipped when its code waits on the real world (``StaticAnalysis/steeredByRealWorld(_:typeName:moduleHint:)``).
    func judgeStatically(_ results: inout [SkillResult], analysis: StaticAnalysis) {
        for index in results.indices {
            let result = results[index]
            // A credential the runs were given (a placeholder, or this machine's) steered nothing.
            results[index].findings = analysis.steeredBySettings(
                result.findings, typeName: result.skill.typeName, moduleHint: result.skill.module,
                given: Set(analysis.credentialNames(typeName: result.skill.typeName, moduleHint: result.skill.module)))
            // A stall while the skill's code waits on a real server or timer is not judged a hang, nor a trap of the
            // toolchain's networking under it a trap of the skill's.
            results[index].findings = analysis.steeredByRealWorld(
                results[index].findings, typeName: result.skill.typeName, moduleHint: result.skill.module)
            let sendTwo = result.findings.filter { $0.ruleID == "SEND-2" }
            let raceFree = runsRaceStage && !sendTwo.isEmpty && sendTwo.allSatisfy { $0.outcome == .passed }
            results[index].findings +=
                analysis.sendableFindings(
                    typeName: result.skill.typeName, moduleHint: result.skill.module,
                    skillID: result.id)
                + analysis.escapeHatchFindings(
                    typeName: result.skill.typeName, moduleHint: result.skill.module,
                    skillID: result.id, sendTwoPassed: raceFree)
                + analysis.realTimeFindings(typeName: result.skill.typeName, moduleHint: result.skill.module, skillID: result.id)
                + analysis.realIOFindings(typeName: result.skill.typeName, moduleHint: result.skill.module, skillID: result.id)
        }
    }

    /// The strict-concurrency diagnostics that concern no skill under test (a global `static var` the
    /// skills read, a helper type): no rule judges them, and the static stage lists them so none is lost.
    /// Every skill type found counts, checked this time (`--skill`) or not.
    static func outsideSkills(_ analysis: StaticAnalysis, skills: [DiscoveredSkill]) -> [String] {
        let covered = Set(skills.flatMap { analysis.report(typeName: $0.typeName, moduleHint: $0.module)?.diagnostics ?? [] })
        return analysis.diagnostics.filter { !covered.contains($0) }.map(\.description)
    }

    /// Keeps what this run knows for the next one, unless something it read changed while it ran (then the
    /// next run starts over). Failing to keep it changes no result here: it is said, and the run goes on.
    func remember(_ known: Known, before: PackageFingerprint, progress: @Sendable (String) -> Void) {
        let after = PackageFingerprint(roots: Array(known.fingerprint.roots.keys), ignoring: reportPaths)
        guard after.value == known.fingerprint.value && before.agrees(with: after) else {
            progress("the package changed while it was checked: the next run starts over")
            return
        }
        var memory = RunMemory(fingerprint: known.fingerprint.value, discovery: known.discovery, evidence: known.evidence, made: known.made)
        memory.builds = known.builds
        do {
            try memory.write(in: scratch)
        } catch {
            progress("could not keep this run's discovery for the next run (\(error)); the next run starts over")
        }
    }

    /// Runs `body` for each index in `0..<count`, at most `jobs` at a time; the results in index order.
    static func eachSkill<Result: Sendable>(
        _ count: Int, jobs: Int, _ body: @escaping @Sendable (Int) async throws -> Result
    ) async throws -> [Result] {
        try await withThrowingTaskGroup(of: (Int, Result).self) { group in
            var next = 0
            var results = [Result?](repeating: nil, count: count)
            while next < min(jobs, count) {
                let index = next
                group.addTask { (index, try await body(index)) }
                next += 1
            }
            while let (index, result) = try await group.next() {
                results[index] = result
                if next < count {
                    let index = next
                    group.addTask { (index, try await body(index)) }
                    next += 1
                }
            }
            return results.compactMap { $0 }
        }
    }

    static func describe(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }
}
