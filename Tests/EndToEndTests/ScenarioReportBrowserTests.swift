import Foundation
import SkillCheckCommand
import SkillCheckSupport
import SkillScenarios
import TestSupport
import Testing

/// The scenarios HTML page, opened in headless Chromium as a reader's browser would: every event and deadline
/// of each failing transcript's timeline, and the step it departed at, are in the DOM Chromium built; nothing
/// was logged to its console; and it asked the network for nothing. The network check is shown to work on a
/// page that does ask.
@Suite("The scenarios HTML page in a real browser", .endToEnd)
struct ScenarioReportBrowserTests {
    /// Text as Chromium serializes a text node: only `&`, `<` and `>` escaped.
    static func text(_ raw: String) -> String {
        raw.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(
            of: ">", with: "&gt;")
    }

    @available(SkillCheckTesting, *)
    @Test("a failing timeout transcript and a failing tool-calling one render with every event, no console error and no request")
    func failingTranscripts() async throws {
        let folder = try FailingTranscripts.folder()
        let cases = try FailingTranscripts.replayed(folder)
        let start = ContinuousClock.now
        let page = ScenarioHTMLReport().render(cases)
        print("skillcheck: the failing transcripts' HTML page is \(page.utf8.count) bytes, written in \(ContinuousClock.now - start)")
        let file = try folder.file("report.html", page)
        let (dom, log, requests) = try await HeadlessChromium.dumpDOM(of: URL(fileURLWithPath: file))
        for scenario in cases {
            let timeline = try #require(scenario.result?.timeline)
            for event in timeline.events { #expect(dom.contains(Self.text(HTMLText.clipped(event.text))), "\(event)") }
            for deadline in timeline.deadlines { #expect(dom.contains("deadline: " + Self.text(deadline.text)), "\(deadline)") }
            let departed = try #require(scenario.result?.differences.compactMap(\.step).min())
            #expect(dom.contains("◆ departed at step \(departed)"))
        }
        #expect(dom.contains("<svg class=\"timeline\""))
        #expect(!log.contains("CONSOLE"), "the page logged to the console: \(log)")
        #expect(requests.isEmpty, "the page asked the network for \(requests)")
    }

    @available(SkillCheckTesting, *)
    @Test("the network check sees a page that asks for an image")
    func networkCheckCanFail() async throws {
        let folder = try TemporaryFolder("chromium-request")
        let file = try folder.file(
            "asks.html", "<!doctype html><html><body><img src=\"http://skillcheck.invalid/pixel.png\" alt=\"\"></body></html>")
        let (_, _, requests) = try await HeadlessChromium.dumpDOM(of: URL(fileURLWithPath: file))
        #expect(requests.contains("http://skillcheck.invalid/pixel.png"), "\(requests)")
    }
}
