import SkillConformance

@available(SkillCheckTesting, *)
extension ConformanceReport {
    /// The report as the run's options judge it.
    ///
    /// `strict` makes SHOULD warnings fail; each `baseline` entry marks its failure as known, or, when the rule
    /// no longer fails, is listed as stale (which fails the run).
    ///
    /// With a `selection` (`--skill`), entries for skills left out are not judged.
    ///
    /// ```swift
    /// let judged = report.judged(strict: true, baseline: try ConformanceBaseline.read("baseline.json"))
    /// exit(judged.summary.exitStatus)
    /// ```
    package func judged(strict: Bool, baseline: ConformanceBaseline?, selection: [String] = []) -> ConformanceReport {
        var report = self
        report.strict = strict
        guard let baseline else { return report }
        for entry in baseline.entries {
            let matches = report.skills.indices.filter { report.skills[$0].type == entry.skill || report.skills[$0].id == entry.skill }
            if matches.isEmpty {
                if selection.isEmpty {
                    let known = report.skills.map(\.title).joined(separator: ", ")
                    report.stale.append(
                        .init(
                            skill: entry.skill, rule: entry.rule, reason: entry.reason,
                            why: "no skill with this type or id was checked (checked: \(known))"))
                }
                continue
            }
            for index in matches {
                report.apply(entry, to: index)
            }
        }
        return report
    }

    mutating func apply(_ entry: ConformanceBaseline.Entry, to index: Int) {
        guard let resultIndex = skills[index].results.firstIndex(where: { $0.rule == entry.rule }) else {
            stale.append(.init(skill: entry.skill, rule: entry.rule, reason: entry.reason, why: "the report has no result for this rule"))
            return
        }
        let result = skills[index].results[resultIndex]
        switch result.outcome {
        case .failed, .warning:
            skills[index].results[resultIndex].baseline = entry.reason
        case .passed, .notApplicable:
            stale.append(
                .init(
                    skill: skills[index].type, rule: entry.rule, reason: entry.reason,
                    why: "it \(result.outcome == .passed ? "passes" : "does not apply") now: remove it from the baseline"))
        case .skipped:
            break // not checked this time: the entry can be neither confirmed nor called stale
        }
    }
}
