import Foundation
import SkillCheckSupport
import Testing

/// A test run again by itself in a process of its own: the test binary started again with `--filter` for
/// that test, so that what no scope can end in-process (a trap, a body waiting on a continuation that nothing
/// resumes and that ignores cancellation) costs that test alone.
///
/// It applies where the test binary can be started again (`swift test`'s `.xctest` executable); elsewhere
/// (Xcode's test runner), and when `SKILLCHECK_ISOLATION` is `off`, the test runs in its own process.
@available(SkillCheckTesting, *)
package enum TestProcess {
    /// `off` runs every test and case in the test's own process; `child` marks the process a test runs in alone.
    package static let environmentKey = "SKILLCHECK_ISOLATION"

    /// Whether this process runs one test alone for a parent.
    package static var isChild: Bool { ProcessInfo.processInfo.environment[environmentKey] == "child" }

    /// An issue the child recorded, to record again in the parent.
    package struct RelayedIssue: Sendable {
        package var text: String
        package var severity: Issue.Severity
        package var sourceLocation: SourceLocation?
    }

    /// How the child's run of the test went.
    package struct Outcome: Sendable {
        /// The process's run: its status or signal, its standard error, and whether the watchdog ended it.
        package var run: ToolRunner.Run
        /// Whether the child started the test at all (a filter that matched nothing did not).
        package var started = false
        /// Issues the child recorded for the test, known issues left out (they did not fail it there).
        package var issues: [RelayedIssue] = []
        /// Why the child cancelled the test (`Test.cancel`), if it did.
        package var cancelled: String?
        /// Whether the child's run reached its end (its `runEnded` event).
        package var ranToTheEnd = false
    }

    /// The name `test` has in the event stream and for `--filter`: `Module.Suite/test()`.
    package static func name(of test: Test) -> String {
        test.id.moduleName + "." + test.id.nameComponents.joined(separator: "/")
    }

    /// Runs `test` alone in a new process of the test binary with `environment` added, ending it after
    /// `timeout`; `nil` when that cannot be done here (not under `swift test`, isolation off unless `evenWhenOff`,
    /// or this is the child already). With `forwardsAttachments`, the child writes its attachments where this run
    /// keeps them. With `directory`, the child runs in that folder instead of this process's. The variables in
    /// `unsetting` are left out of the child's environment.
    package static func run(
        _ test: Test, environment: [String: String], timeout: Duration, forwardsAttachments: Bool = false, evenWhenOff: Bool = false,
        in directory: URL? = nil, unsetting: [String] = []
    ) async -> Outcome? {
        let isolation = ProcessInfo.processInfo.environment[environmentKey]
        guard isolation == nil || (evenWhenOff && isolation == "off"), let binary = CommandLine.arguments.first,
            binary.hasSuffix(".xctest"), FileManager.default.isExecutableFile(atPath: binary)
        else { return nil }
        let name = name(of: test)
        let events = FileManager.default.temporaryDirectory.appendingPathComponent("skillcheck-test-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: events) }
        var arguments = [
            binary, "--testing-library", "swift-testing", "--filter", "^" + NSRegularExpression.escapedPattern(for: name) + "(/|$)",
            "--event-stream-output-path", events.path, "--event-stream-version", "6.3",
        ]
        if forwardsAttachments, let path = attachmentsPath(in: CommandLine.arguments) {
            arguments += ["--attachments-path", path]
        }
        let run: ToolRunner.Run
        do {
            run = try await offThePool("skillcheck: \(name)") { [arguments] in
                try ToolRunner.run(
                    arguments, in: directory,
                    environment: environment.merging([environmentKey: "child", "SWIFT_BACKTRACE": "enable=no", "NO_COLOR": "1"]) { $1 },
                    unsetting: unsetting, timeout: timeout, grace: .standard)
            }
        } catch {
            return nil
        }
        var outcome = Outcome(run: run)
        let text = (try? String(contentsOf: events, encoding: .utf8)) ?? ""
        for line in text.split(separator: "\n") {
            guard let record = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                record["kind"] as? String == "event", let payload = record["payload"] as? [String: Any],
                let kind = payload["kind"] as? String
            else { continue }
            let testID = payload["testID"] as? String
            let ofThisTest = testID.map { $0 == name || $0.hasPrefix(name + "/") } ?? false
            let messages = (payload["messages"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
            switch kind {
            case "testStarted" where ofThisTest: outcome.started = true
            case "runEnded": outcome.ranToTheEnd = true
            case "testEnded" where ofThisTest && outcome.cancelled != nil:
                outcome.cancelled = messages.first.flatMap(cancellationReason) ?? outcome.cancelled
            case "testCancelled", "testCaseCancelled":
                if ofThisTest, outcome.cancelled == nil { outcome.cancelled = "" }
            case "issueRecorded":
                guard testID == nil || ofThisTest, let issue = payload["issue"] as? [String: Any], issue["isKnown"] as? Bool != true
                else { continue }
                let words = messages.filter { $0 != "Issue recorded" }
                outcome.issues.append(
                    RelayedIssue(
                        text: words.isEmpty ? "Issue recorded" : words.joined(separator: "\n"),
                        severity: issue["severity"] as? String == "warning" ? .warning : .error,
                        sourceLocation: sourceLocation(issue["sourceLocation"] as? [String: Any])))
            default: continue
            }
        }
        return outcome
    }

    /// The reason in `Test x() was cancelled after 0.001 seconds: "reason"`.
    private static func cancellationReason(_ message: String) -> String? {
        guard let start = message.range(of: ": \"") else { return nil }
        return String(message[start.upperBound...].dropLast(message.hasSuffix("\"") ? 1 : 0))
    }

    private static func sourceLocation(_ json: [String: Any]?) -> SourceLocation? {
        guard let json, let fileID = json["fileID"] as? String, let line = json["line"] as? Int, let column = json["column"] as? Int,
            line > 0, column > 0
        else { return nil }
        let filePath = json["filePath"] as? String ?? json["_filePath"] as? String ?? fileID
        return SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// The folder given to this run as `--attachments-path DIR` (or `=DIR`), if any.
    private static func attachmentsPath(in arguments: [String]) -> String? {
        for (index, argument) in arguments.enumerated() {
            let path: String? =
                if argument == "--attachments-path", index + 1 < arguments.count {
                    arguments[index + 1]
                } else if argument.hasPrefix("--attachments-path=") {
                    String(argument.dropFirst("--attachments-path=".count))
                } else {
                    nil
                }
            // Absolute: the child may run in another folder.
            if let path { return PackageLocation.absolute(path, from: FileManager.default.currentDirectoryPath) }
        }
        return nil
    }
}
