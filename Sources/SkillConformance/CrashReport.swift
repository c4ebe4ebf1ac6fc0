import Foundation
import SkillCheckSupport

/// What a process that ran CRASH-1's check left behind, read by the process that started it: how it ended and
/// what it wrote on standard error.
///
/// Turns a trap into a finding that names the rule being checked when it happened and the runtime's own
/// message.
///
/// ```swift
/// let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
///     _ = await SkillConformance.check(for: "CRASH-1").run(SkillUnderTest(NoteSkill()))
/// }
/// CrashReport(result)?.expectNoTrap(skillID: "note")   // CRASH-1 failed: trapped while checking ERR-2: Fatal error: …
/// ```
@available(SkillCheckTesting, *)
public struct CrashReport: Sendable, Hashable {
    /// How a process ended.
    package enum Termination: Sendable, Hashable, CustomStringConvertible {
        case exitCode(Int32)
        case signal(Int32)

        package var description: String {
            switch self {
            case .exitCode(let code): "exited with status \(code)"
            case .signal(let signal): "was killed by signal \(signal)" + (ToolRunner.Run.signalName(signal).map { " (\($0))" } ?? "")
            }
        }
    }

    package var termination: Termination
    package var standardError: String
    /// Whether the parent knows, from elsewhere than the markers (an event stream, a findings file never written),
    /// that the process ended before its checks did.
    package var endedInCheck: Bool

    package init(termination: Termination, standardError: String, endedInCheck: Bool = false) {
        self.termination = termination
        self.standardError = standardError
        self.endedInCheck = endedInCheck
    }

    /// The line CRASH-1's check writes on standard error before it runs each rule's check.
    static let markerPrefix = "skillcheck: checking "
    static let markerEnd = "skillcheck: every check ran for "

    /// The lines around the one run that tries a model's call of the skill's own tool (``WorkingReply``): a trap
    /// between them is that run's, and the skill's other runs go on with text answers only.
    static let toolCallTrialStart = "skillcheck: trying a model's call of the tool "
    static let toolCallTrialEnd = "skillcheck: tried a model's call of a tool"

    /// The line a check writes before each run it makes on purpose (a fault at one operation, an odd input): a trap
    /// after it is that run's, and CRASH-1 names it.
    static let attemptPrefix = "skillcheck: running with "

    /// Whether the check under way writes ``announceAttempt(_:)``'s markers: inside CRASH-1's run of every check and
    /// an isolated case's run, whose process a parent reads when it traps; never in a user's own test run, whose
    /// output they would crowd.
    @TaskLocal package static var marksAttempts = false

    /// Whether this process is `skillcheck`'s harness, which marks every run (it sets ``toolCallEnvironmentKey``).
    private static let isHarness = ProcessInfo.processInfo.environment[toolCallEnvironmentKey] != nil

    /// Writes the marker for a run of the check under way, `what` it does (`offline at operation 2 of 3 (GET …)`),
    /// on standard error: at most 300 characters of it. Only where a parent reads it (``marksAttempts``).
    static func announceAttempt(_ what: String) {
        guard marksAttempts || isHarness else { return }
        let shown = what.count > 300 ? what.prefix(300) + "…" : Substring(what)
        FileHandle.standardError.write(Data((attemptPrefix + shown.replacingOccurrences(of: "\n", with: " ") + "\n").utf8))
    }

    /// The run the check under way was making when the process ended (``announceAttempt(_:)``), if it said.
    package var attempt: String? {
        for line in standardError.split(separator: "\n").reversed() {
            if line.hasPrefix(Self.markerPrefix) || line.hasPrefix(Self.markerEnd) { return nil }
            if line.hasPrefix(Self.attemptPrefix) { return String(line.dropFirst(Self.attemptPrefix.count)) }
        }
        return nil
    }

    /// The environment variable that turns the tool-call trial on (`try`), as `skillcheck` does for its harness
    /// processes until one traps in it.
    package static let toolCallEnvironmentKey = "SKILLCHECK_TOOL_CALL"

    /// Writes the marker for the start (`tool`, its name, and the `arguments` when they are not the schema's example,
    /// with how they do not fit) or the end (`nil`) of the tool-call trial on standard error.
    static func announceToolCallTrial(tool: String?, arguments: (text: String, unfitness: String)? = nil) {
        let call = tool.map { "\"\($0)\"" + (arguments.map { " with arguments \($0.text) (\($0.unfitness))" } ?? "") }
        let line = call.map { "\(toolCallTrialStart)\($0)\n" } ?? "\(toolCallTrialEnd)\n"
        FileHandle.standardError.write(Data(line.utf8))
    }

    /// The call of a tool by a model (`"save_note"`, its name quoted, and its arguments when they were made not to
    /// fit) the process was trying when it ended, if that is where it ended.
    package var trappedInToolCallTrial: String? {
        for line in standardError.split(separator: "\n").reversed() {
            if line.hasPrefix(Self.toolCallTrialEnd) || line.hasPrefix(Self.markerPrefix) || line.hasPrefix(Self.markerEnd) { return nil }
            if line.hasPrefix(Self.toolCallTrialStart) { return String(line.dropFirst(Self.toolCallTrialStart.count)) }
        }
        return nil
    }

    /// Writes the marker for `ruleID` (`nil`: every check ran) on standard error.
    package static func announce(ruleID: String?, skillID: String) {
        let line = ruleID.map { "\(markerPrefix)\($0) for skill \"\(skillID)\"\n" } ?? "\(markerEnd)skill \"\(skillID)\"\n"
        FileHandle.standardError.write(Data(line.utf8))
    }

    /// The rule whose check was running when the process ended, from the last marker; `nil` when every
    /// check had run or none had started.
    package var ruleID: String? {
        for line in standardError.split(separator: "\n").reversed() {
            if line.hasPrefix(Self.markerEnd) { return nil }
            if line.hasPrefix(Self.markerPrefix) {
                return line.dropFirst(Self.markerPrefix.count).split(separator: " ").first.map(String.init)
            }
        }
        return nil
    }

    /// The runtime's words about the trap, such as `Fatal error: Unexpectedly found nil while unwrapping
    /// an Optional value` with its file and line, when it wrote any.
    package var trapMessage: String? { ToolRunner.Run.trapMessage(in: standardError) }

    /// Whether the process ended normally: with status 0, and not in the middle of a check (a skill that calls
    /// `exit(0)` ends its process with status 0 too, and every check after it never runs).
    package var endedNormally: Bool { termination == .exitCode(0) && !endedInCheck && ruleID == nil }

    /// What a process that did not end normally did, after how it ended: the runtime's words about the trap, or, for
    /// a process that exited in the middle of a check, that the skill ended the program.
    package var howItEnded: String? {
        if let trapMessage { return trapMessage }
        guard case .exitCode(let code) = termination else { return nil }
        return "the skill, or code it calls, ended the program (`exit(\(code))`) before the check did; a skill returns or "
            + "throws, since ending the program ends the app it runs in, and no check after it runs"
    }

    /// What a run of a skill's checks with the credentials `names` unset is about: `the skill's checks, with
    /// WEATHER_API_KEY unset, as on a machine that never set it`.
    package static func withoutCredentials(_ names: [String]) -> String {
        "the skill's checks, with \(names.joined(separator: ", ")) unset, as on a machine that never set \(names.count == 1 ? "it" : "them")"
    }

    /// CRASH-1's (or HANG-1's) `finding` of a run of the skill's checks with the credentials `names` unset, said as such:
    /// every other run gives each credential a value (the machine's, or `skillcheck`'s placeholder), so a skill that
    /// traps or ends the program without one (`environment["KEY"]!`, or `exit(1)` after "KEY is required", as a ported
    /// server does at start-up) would pass there. A failure says what to do instead.
    package static func withoutCredentials(_ finding: Finding, names: [String]) -> Finding {
        var finding = finding
        finding.subject = withoutCredentials(names)
        guard finding.ruleID == "CRASH-1" else { return finding }
        finding.expected = "every check runs to its end: without its credential, a skill throws a SkillError that names it"
        if finding.outcome == .passed {
            finding.observed = "every check ran to its end without a trap"
        } else if let name = names.first {
            finding.observed +=
                "; read \(names.count == 1 ? "it" : "each") where a request needs it and, when it is missing, throw a "
                + "SkillError that names it: `guard let key = ProcessInfo.processInfo.environment[\"\(name)\"], !key.isEmpty else { "
                + "throw SkillError.executionFailed(\"set \(name)\") }`"
        }
        return finding
    }

    /// CRASH-1's finding for the skill the process checked.
    package func finding(skillID: String) -> Finding {
        let expected = "every check runs to its end"
        if endedNormally {
            return Finding(
                ruleID: "CRASH-1", skillID: skillID, outcome: .passed, subject: "the checks, in a process of their own",
                expected: expected, observed: "the process ran every check and exited normally")
        }
        let place =
            trappedInToolCallTrial.map { "while a model's answer called its tool \($0) (every other rule runs with text answers only)" }
            ?? ruleID.map { "while checking \($0)" + (attempt.map { " (\($0))" } ?? "") } ?? "outside any check"
        let words = howItEnded.map { ": \($0)" } ?? " (it wrote no message)"
        return Finding(
            ruleID: "CRASH-1", skillID: skillID, outcome: .failed, subject: "the checks, in a process of their own",
            expected: expected, observed: "the process \(termination) \(place)\(words)")
    }
}

/// One skill by its place among the skills under test: what an exit test can carry to its child process
/// (it is Codable, and a skill is not).
///
/// ```swift
/// @Test(arguments: CrashCase.all(SkillsUnderTest.skills))
/// func crash(_ c: CrashCase) async { _ = SkillsUnderTest.skills[c.index] }   // run CRASH-1's check on it in an exit test
/// ```
@available(SkillCheckTesting, *)
public struct CrashCase: Sendable, Codable, Hashable, CustomStringConvertible {
    public var index: Int
    public var skillID: String

    package init(index: Int, skillID: String) {
        self.index = index
        self.skillID = skillID
    }

    /// One case per skill, in order.
    public static func all(_ skills: [SkillUnderTest]) -> [CrashCase] {
        skills.enumerated().map { CrashCase(index: $0.offset, skillID: $0.element.id) }
    }

    public var description: String { skillID.isEmpty ? "skill \(index)" : skillID }
}
