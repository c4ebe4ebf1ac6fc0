/// What `skillcheck check` runs: discovery, the harness, and the static, conformance and race stages,
/// turned into a ``ConformanceReport``. The command parses the options, reads the baseline, shows
/// progress, judges and renders the report; a pipeline only finds out.
///
/// ```swift
/// struct FakePipeline: ConformancePipeline {
///     func run(_ options: CheckOptions, progress: ProgressReporter) async throws(CheckError) -> ConformanceReport {
///         progress.stageStarted(.conformance, detail: "1 skill")
///         let report = ConformanceReport(package: .init(path: options.packagePath), stages: [StageResult(.conformance, .ran)],
///                                        skills: [SkillReport(type: "NoteSkill", id: "note", findings: [])])
///         progress.stageFinished(StageResult(.conformance, .ran))
///         return report
///     }
/// }
/// let status = await SkillCheckCommandLine(pipeline: FakePipeline()).run(["check", "."])
/// ```
///
/// A pipeline's contract:
/// - every stage it was asked for appears in the report's `stages`, with `.skipped` and a reason when it
///   did not run (`--no-tsan`), `.buildFailed` with the compiler's lines, or `.error`;
/// - a stage that fails keeps the results of the stages before it (return the report, do not throw);
/// - every selected skill appears in `skills`, with a finding for each rule (or a `problem`);
/// - `options.skills` names types or ids; a name that matches no skill throws
///   ``CheckError/usage(_:)``, built with ``CheckOptions/unknownSkill(_:among:)`` for its "did you mean";
/// - it throws only when no report can be made at all (exit status 2).
@available(SkillCheckTesting, *)
package protocol ConformancePipeline: Sendable {
    func run(_ options: CheckOptions, progress: ProgressReporter) async throws(CheckError) -> ConformanceReport
}

/// Why `skillcheck check` could make no report: exit status 2, with this text.
///
/// ```swift
/// throw CheckError.packageUnreadable(path: "/tmp/x", reason: "swift package describe failed:\n...")
/// ```
@available(SkillCheckTesting, *)
package enum CheckError: Error, Sendable, CustomStringConvertible {
    /// A mistake in what the user typed, found while running (such as `--skill` naming no skill).
    case usage(UsageError)
    /// The package's manifest cannot be read (`swift package describe` failed).
    case packageUnreadable(path: String, reason: String)
    /// No skill type was found in the package.
    case noSkills(path: String, detail: String)
    /// The tool itself failed (a process that could not start, a scratch folder that cannot be written).
    case failed(String)
    /// This build of skillcheck has no pipeline.
    case notBuilt(String)

    package var description: String {
        switch self {
        case .usage(let error): error.message
        case .packageUnreadable(let path, let reason): "cannot read the package at \(path): \(reason)"
        case .noSkills(let path, let detail): "no skill found in \(path): \(detail)"
        case .failed(let reason): reason
        case .notBuilt(let reason): reason
        }
    }
}

/// The pipeline `skillcheck check` runs until the conformance pipeline is built: it refuses, exit
/// status 2, rather than print a report that checked nothing.
@available(SkillCheckTesting, *)
package struct UnavailablePipeline: ConformancePipeline {
    package init() {}

    package func run(_ options: CheckOptions, progress: ProgressReporter) async throws(CheckError) -> ConformanceReport {
        throw .notBuilt(
            "skillcheck check is not built yet: this version cannot discover and run a package's skills. "
                + "Use the Conformance suites in a test target (see Conformance/README.md), "
                + "or 'skillcheck scenarios' for transcripts.")
    }
}

@available(SkillCheckTesting, *)
extension SkillCheckCommandLine {
    /// The pipeline `skillcheck` (the executable) runs.
    package static var standardPipeline: any ConformancePipeline { HarnessPipeline() }
}
