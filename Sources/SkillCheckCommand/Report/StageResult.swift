/// How one stage of a check went.
///
/// Ran, reused from an unchanged earlier run, skipped (and why), failed to build (with the compiler's lines),
/// or could not finish.
///
/// ```swift
/// let race = report.stage(.race)                      // status .skipped, reason "--no-tsan"
/// let diagnostics = report.stage(.static)?.diagnostics   // ["Sources/Notes/Note.swift:3:5: error: ..."] when it failed to build
/// ```
@available(SkillCheckTesting, *)
public struct StageResult: Sendable, Codable, Hashable {
    public enum Stage: String, Sendable, Codable, Hashable, CaseIterable {
        /// The user's package built with `-strict-concurrency=complete` (SEND-1, SEND-3).
        case `static`
        /// The generated harness's conformance tests.
        case conformance
        /// The SEND-2 stress cases under ThreadSanitizer.
        case race
    }

    public enum Status: String, Sendable, Codable, Hashable {
        case ran
        /// Not run again: its result from an earlier run is still true, because nothing it was made from
        /// changed (the package, its dependencies, the tools).
        ///
        /// `reason` says since when.
        case reused
        case skipped
        /// The code did not compile.
        ///
        /// `diagnostics` holds the compiler's error lines. Exit status 2.
        case buildFailed = "build-failed"
        /// The stage started and could not finish (a tool failed, a stream broke).
        ///
        /// `reason` says why. Exit 2.
        case error
    }

    public var stage: Stage
    public var status: Status
    /// Why the stage was skipped or could not finish.
    public var reason: String?
    /// The compiler's (or tool's) own lines, deduplicated, in order.
    ///
    /// For a static stage that ran: the strict-concurrency diagnostics that concern no skill under test (shown,
    /// judged by no rule).
    public var diagnostics: [String]
    /// Real seconds the stage added to the run, when it ran.
    public var seconds: Double?
    /// Real seconds its build took, when it had to build.
    ///
    /// The race stage's build runs while the conformance checks do, so it can exceed what the stage added.
    public var buildSeconds: Double?
    /// Real seconds its checks took, once built.
    public var checkSeconds: Double?

    package init(
        _ stage: Stage, _ status: Status, reason: String? = nil, diagnostics: [String] = [], seconds: Double? = nil,
        build: Double? = nil, checks: Double? = nil
    ) {
        self.stage = stage
        self.status = status
        self.reason = reason
        self.diagnostics = diagnostics
        self.seconds = seconds
        self.buildSeconds = build
        self.checkSeconds = checks
    }

    /// True when the run cannot be trusted as a whole: exit status 2.
    package var isBroken: Bool { status == .buildFailed || status == .error }
}
