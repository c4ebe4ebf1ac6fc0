import Foundation
import SkillCheckSupport
import Testing

/// The system's headless Chromium, reading a page as a person's browser would: the DOM it built, and what it
/// logged. `.ci/run` installs it when it is missing.
enum HeadlessChromium {
    static let binary = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// The DOM Chromium built from `file`, its log (console messages included), and every address the page
    /// asked the network for (from Chromium's net log).
    static func dumpDOM(of file: URL) async throws -> (dom: String, log: String, requests: [String]) {
        let binary = try #require(binary, "no chromium on this machine: .ci/run installs it (apt-get install -y chromium)")
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("skillcheck-chromium-\(UUID())")
        let netLog = FileManager.default.temporaryDirectory.appendingPathComponent("skillcheck-netlog-\(UUID()).json")
        defer {
            try? FileManager.default.removeItem(at: profile)
            try? FileManager.default.removeItem(at: netLog)
        }
        let run = try await offThePool("chromium") {
            try ToolRunner.run(
                [
                    binary, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--enable-logging=stderr", "--v=0",
                    "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-default-apps",
                    "--no-pings", "--user-data-dir=" + profile.path, "--log-net-log=" + netLog.path, "--net-log-capture-mode=Everything",
                    "--dump-dom", file.absoluteString,
                ], timeout: .seconds(180))
        }
        #expect(run.succeeded, "chromium: \(run.standardError)")
        return (run.standardOutput, run.standardError, try requests(in: netLog))
    }

    /// Every address the page asked for, from a Chromium net log: each request whose network isolation key is
    /// the page's own site (`file://`). Chromium's own traffic (its updater, its clock, its account check) is
    /// keyed elsewhere, and `data:` and `file:` addresses are the page's own.
    static func requests(in netLog: URL) throws -> [String] {
        var text = try String(contentsOf: netLog, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        // A log Chromium did not get to close ends in "…},": its last brackets are missing.
        if !text.hasSuffix("}") { text = String(text.dropLast(text.hasSuffix(",") ? 1 : 0)) + "]}" }
        let log = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let constants = try #require(log["constants"] as? [String: Any])
        let types = try #require(constants["logEventTypes"] as? [String: Int])
        let start = try #require(types["URL_REQUEST_START_JOB"])
        let events = log["events"] as? [[String: Any]] ?? []
        let urls = events.compactMap { event -> String? in
            guard event["type"] as? Int == start, let params = event["params"] as? [String: Any],
                let url = params["url"] as? String, (params["network_isolation_key"] as? String)?.hasPrefix("file://") == true
            else { return nil }
            return url
        }
        return Set(urls).filter { url in !["file:", "data:", "about:"].contains { url.hasPrefix($0) } }.sorted()
    }
}
