import SkillConformance

@available(SkillCheckTesting, *)
extension SkillReport {
    /// The findings of TIME-1 and IO-1 with what other checks' runs repeat taken out.
    ///
    /// Every check reports the reads its runs saw (``Finding/subject`` `"CAN-2's run on input …"`), so one
    /// `Date()` would be listed once per check and sample. A run's finding that says what the rule's own runs
    /// said is dropped, and those that say the same as each other are kept once, naming the other checks that
    /// saw it.
    ///
    /// ```swift
    /// let kept = SkillReport.collapsingRepeatedRuns(findings)   // one TIME-1 finding per call site
    /// ```
    package static func collapsingRepeatedRuns(_ findings: [Finding]) -> [Finding] {
        let owned: Set<String> = ["TIME-1", "IO-1"]
        func isOtherRun(_ finding: Finding) -> Bool { finding.subject.firstMatch(of: #/^[A-Z]+-[0-9]+'s run on /#) != nil }
        // What the rule's own runs reported.
        let said = findings.filter { owned.contains($0.ruleID) && !isOtherRun($0) && $0.outcome.isProblem }.map {
            ($0.ruleID, normalized($0.observed))
        }
        var kept: [Finding] = []
        var firstIndex: [String: Int] = [:]
        var others: [Int: [String]] = [:]
        for finding in findings {
            guard owned.contains(finding.ruleID), isOtherRun(finding) else {
                kept.append(finding)
                continue
            }
            let reading = normalized(String(finding.observed.split(separator: "; instead, ").first ?? ""))
            if said.contains(where: { $0.0 == finding.ruleID && $0.1.contains(reading) }) { continue }
            let key = finding.ruleID + " " + reading
            if let index = firstIndex[key] {
                let check = String(finding.subject.prefix { $0 != "'" })
                if !(others[index] ?? []).contains(check) { others[index, default: []].append(check) }
                continue
            }
            firstIndex[key] = kept.count
            kept.append(finding)
        }
        for (index, checks) in others {
            let own = String(kept[index].subject.prefix { $0 != "'" })
            let more = checks.filter { $0 != own }
            if !more.isEmpty { kept[index].subject += " (seen in \(more.joined(separator: ", ")) too)" }
        }
        return kept
    }

    /// A reading without its skill prefix and with its numbers blanked (a real sleep's length varies).
    private static func normalized(_ text: String) -> String {
        var text = Substring(text)
        if let prefix = text.firstMatch(of: #/^skill "[^"]*": /#) { text = text[prefix.range.upperBound...] }
        return String(text.replacing(/[0-9]+(\.[0-9]+)?/, with: "#"))
    }
}
