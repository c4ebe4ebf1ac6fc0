@available(SkillCheckTesting, *)
extension ConformanceReport {
    /// The counts a run ends with, and the exit status they give.
    ///
    /// ```swift
    /// let summary = report.summary
    /// print("\(summary.passed) passed, \(summary.failed) failed")   // exit(summary.exitStatus)
    /// ```
    public struct Summary: Sendable, Codable, Hashable {
        public var passed = 0
        /// Failed MUST results the baseline does not expect.
        public var failed = 0
        /// SHOULD warnings the baseline does not expect (they fail the run under `--strict`).
        public var warnings = 0
        public var skipped = 0
        public var notApplicable = 0
        /// Failures and warnings the baseline expects.
        public var baselined = 0
        /// Baseline entries whose failure is gone.
        public var stale = 0
        /// Skills that could not be checked at all.
        public var problems = 0
        /// 0: no MUST rule fails; 1: one does (or a warning under `--strict`, a stale baseline entry, a skill that could not be checked).
        ///
        /// 2: a stage failed to build or to finish, or nothing was checked (no skill, or every result skipped).
        public var exitStatus: Int32 = 0

        package init() {}

        /// The summary of `report`, as it stands.
        package init(of report: ConformanceReport) {
            for result in report.skills.flatMap(\.results) {
                switch result.effectiveOutcome {
                case nil: baselined += 1
                case .passed?: passed += 1
                case .failed?: failed += 1
                case .warning?: warnings += 1
                case .skipped?: skipped += 1
                case .notApplicable?: notApplicable += 1
                }
            }
            stale = report.stale.count
            problems = report.skills.filter { $0.problem != nil }.count
            let checkedSomething = report.skills.contains { skill in
                skill.problem != nil || skill.results.contains { $0.outcome != .skipped }
            }
            if report.stages.contains(where: \.isBroken) || !checkedSomething {
                exitStatus = 2
            } else if failed > 0 || stale > 0 || problems > 0 || (report.strict && warnings > 0) {
                exitStatus = 1
            }
        }

        /// One line: "20 passed, 1 failed, 2 warnings, 1 skipped".
        package var line: String {
            let parts: [(Int, String)] = [
                (passed, "passed"), (failed, "failed"), (warnings, warnings == 1 ? "warning" : "warnings"), (skipped, "skipped"),
                (notApplicable, "not applicable"), (baselined, "baselined"), (stale, "stale"),
                (problems, problems == 1 ? "skill not checked" : "skills not checked"),
            ]
            return ([("\(passed) passed")] + parts.dropFirst().filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }).joined(separator: ", ")
        }
    }
}

@available(SkillCheckTesting, *)
extension ConformanceReport {
    enum CodingKeys: String, CodingKey {
        case schema, package, strict, stages, skills, stale, summary, shard
    }

    /// What the report's results add up to; always computed from them (a decoded `summary` is not trusted).
    public var summary: Summary { Summary(of: self) }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        schema = try container.decode(String.self, forKey: .schema)
        package = try container.decode(Package.self, forKey: .package)
        strict = try container.decodeIfPresent(Bool.self, forKey: .strict) ?? false
        stages = try container.decodeIfPresent([StageResult].self, forKey: .stages) ?? []
        skills = try container.decode([SkillReport].self, forKey: .skills)
        stale = try container.decodeIfPresent([StaleEntry].self, forKey: .stale) ?? []
        shard = try container.decodeIfPresent(Shard.self, forKey: .shard)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(schema, forKey: .schema)
        try container.encode(package, forKey: .package)
        try container.encode(strict, forKey: .strict)
        try container.encode(stages, forKey: .stages)
        try container.encode(skills, forKey: .skills)
        try container.encode(stale, forKey: .stale)
        try container.encode(summary, forKey: .summary)
        try container.encodeIfPresent(shard, forKey: .shard)
    }
}
