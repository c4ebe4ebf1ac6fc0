import Foundation
import SkillCheckSupport
import Testing

/// The system's headless Chromium, reading a page as a person's browser would: the DOM it built, and what it
/// logged. `.ci/run` installs it when it is missing.
enum HeadlessChromium {
    static let binary = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// The DOM Chromium built from `file`, and its log (console messages included).
    static func dumpDOM(of file: URL) async throws -> (dom: String, log: String) {
        let binary = try #require(binary, "no chromium on this machine: .ci/run installs it (apt-get install -y chromium)")
        let run = try await offThePool("chromium") {
            try ToolRunner.run(
                [
                    binary, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--enable-logging=stderr", "--v=0",
                    "--user-data-dir="
                        + FileManager.default.temporaryDirectory.appendingPathComponent("skillcheck-chromium-\(UUID())").path,
                    "--dump-dom", file.absoluteString,
                ], timeout: .seconds(180))
        }
        #expect(run.succeeded, "chromium: \(run.standardError)")
        return (run.standardOutput, run.standardError)
    }
}
