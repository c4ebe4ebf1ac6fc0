/// How a report is written: text for people, JSON for tools, JUnit XML for CI dashboards.
///
/// `skillcheck check` and `skillcheck scenarios` take it as `--format`:
///
/// ```swift
/// let xml = ScenarioReport.render(cases, as: .junit)
/// ```
@available(SkillCheckTesting, *)
public enum ReportFormat: String, Sendable, Hashable, CaseIterable {
    case text, json, junit
}
