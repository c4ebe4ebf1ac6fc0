import SkillScenarios

/// The job summary page of a GitHub Actions step: when `GITHUB_STEP_SUMMARY` names a file, `skillcheck
/// check` and `skillcheck scenarios` add their Markdown summary (``MarkdownReport``) to it, after what
/// earlier steps and commands wrote there.
///
/// The file is shared by every step of the job, so it is appended to, never replaced (see
/// ``FileWriter/append(_:to:)``); a write that fails is an error (exit status 2), not a green run with
/// a summary missing. Unset or empty, nothing is written.
///
/// ```swift
/// let environment = ["GITHUB_STEP_SUMMARY": "/tmp/summary.md"]
/// try StepSummary(environment: environment)?.append(MarkdownReport().render(report))
/// ```
@available(SkillCheckTesting, *)
package struct StepSummary: Sendable, Hashable {
    /// The variable GitHub Actions sets for each step.
    package static let variable = "GITHUB_STEP_SUMMARY"

    /// The file to append to.
    package var path: String

    package init(path: String) {
        self.path = path
    }

    /// The summary file `environment` names, or `nil` when `GITHUB_STEP_SUMMARY` is unset or empty.
    package init?(environment: [String: String]) {
        guard let path = environment[Self.variable], !path.isEmpty else { return nil }
        self.init(path: path)
    }

    /// Appends `markdown`, after a blank line so that it never runs into the previous step's last block.
    package func append(_ markdown: String) throws(StepSummaryError) {
        do {
            try FileWriter.append("\n" + markdown, to: path)
        } catch {
            throw StepSummaryError(underlying: error)
        }
    }
}

/// A summary that could not be added to `$GITHUB_STEP_SUMMARY`: the run fails (exit status 2).
@available(SkillCheckTesting, *)
package struct StepSummaryError: Error, Sendable, Hashable, CustomStringConvertible {
    package var underlying: FileWriteError

    package var description: String { "cannot add the summary to $\(StepSummary.variable): \(underlying)" }
}
