import Foundation
import SkillConformance
import SkillKit
import SkillTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Fetches a page with URLSession, outside its context: IO-1's, and TIME-1's once the request leaves the clock.
private struct PageTitleSkill: AgentSkill {
    let id = "page-title"
    let displayName = "Page title"
    let description = "Reads a page's title, such as title of localhost."
    let keywords = ["title"]
    var samples: SkillSamples { SkillSamples(handled: ["title of localhost"], unhandled: ["天气"]) }

    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        do {
            let (data, _) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:9/")!)
            return SkillOutput(summary: "\(data.count) bytes")
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw SkillError.executionFailed("the page could not be read")
        }
    }
}

/// Keeps a counter in a file of its own: IO-1's finding.
private struct FileCounterSkill: AgentSkill {
    let id = "file-counter"
    let displayName = "File counter"
    let description = "Counts, such as count."
    let keywords = ["count"]
    var samples: SkillSamples { SkillSamples(handled: ["count"], unhandled: ["天气"]) }

    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("skillcheck-counter-\(getpid())")
        defer { try? FileManager.default.removeItem(at: file) }
        try Task.checkCancellation()
        do {
            try Data("1".utf8).write(to: file)
        } catch {
            throw SkillError.executionFailed("the count was not kept")
        }
        return SkillOutput(summary: "1")
    }
}

/// Looks the weather up only while a trial lasts, judged by the wall clock: on this clock the trial is over, so
/// no run reaches the network, and ERR-1 cannot say the skill has none.
private struct TrialWeatherSkill: AgentSkill {
    let id = "trial-weather"
    let displayName = "Trial weather"
    let description = "The weather while the trial lasts, such as weather in Paris."
    let keywords = ["weather"]
    var samples: SkillSamples { SkillSamples(handled: ["weather in Paris"], unhandled: ["天气"]) }

    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        guard Date() < Date(timeIntervalSince1970: 1_600_000_000) else { return SkillOutput(summary: "Your trial has ended.") }
        do {
            let weather = try await context.networkService.fetchWeather(city: "Paris")
            return SkillOutput(summary: "\(weather.temperature)°")
        } catch {
            throw error // unmapped: what ERR-1 is there to find, on the path the wall clock closed
        }
    }
}

/// On a timed-out request, reports the failure in the background a minute later and answers at once: a `Task {}` left
/// running, on a path (a timeout) that TIME-1's own runs never take.
private struct ReportingWeatherSkill: WeatherFixture {
    let id = "reporting-weather"

    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        do {
            let weather = try await context.networkService.fetchWeather(city: "Paris")
            return SkillOutput(summary: "\(weather.temperature)°")
        } catch NetworkError.timedOut {
            Task {
                try? await context.clock.sleep(for: .seconds(60))
                _ = try? await context.networkService.send(NetworkRequest(url: URL(string: "https://status.example.com/report")!))
            }
            throw SkillError.executionFailed("the weather service did not answer")
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw SkillError.executionFailed("the weather service failed")
        }
    }
}

@Suite("TIME-1 and IO-1 at run time", .enabled(if: RealWorldObservation.isAvailable))
struct RealWorldRuleTests {
    @available(SkillCheckTesting, *)
    @Test("a task left running on a path only another rule's runs take fails TIME-1 in that rule's results, where it points")
    func leftRunningElsewhere() async {
        let subject = SkillUnderTest { _ in ReportingWeatherSkill() }
        let time = await SkillConformance.check(for: "TIME-1").run(subject)
        #expect(time.allSatisfy { $0.outcome == .passed }, "TIME-1's own runs take no timeout: \(time.map(\.message))")
        let faults = await SkillConformance.check(for: "ERR-1").run(subject)
        #expect(
            faults.contains {
                $0.ruleID == "TIME-1" && $0.outcome == .failed && $0.observed.contains("a Task {} it started was still running")
            },
            "\(faults.map(\.message))")
    }

    @available(SkillCheckTesting, *)
    @Test("a rule whose runs read the wall clock and found nothing to judge is skipped, naming TIME-1, not 'not applicable'")
    func steeredAwayIsSkipped() async throws {
        let findings = await SkillConformance.check(for: "ERR-1").run(SkillUnderTest(TrialWeatherSkill()))
        let own = try #require(findings.first { $0.ruleID == "ERR-1" })
        guard case .skipped(let reason) = own.outcome else {
            Issue.record("ERR-1 was \(own.outcome): \(own.observed)")
            return
        }
        #expect(reason.contains("no sample made a network request") && reason.contains("the wall clock (TIME-1 reports it)"), "\(reason)")
        #expect(findings.contains { $0.ruleID == "TIME-1" && $0.outcome == .failed })
    }

    @available(SkillCheckTesting, *)
    @Test("a file written outside the context fails IO-1 with its path and the function that wrote it")
    func fileWrite() async {
        let findings = await SkillConformance.check(for: "IO-1").run(SkillUnderTest(FileCounterSkill()))
        let failed = findings.filter { $0.outcome == .failed }
        #expect(!failed.isEmpty)
        #expect(
            failed.allSatisfy {
                $0.observed.contains("skillcheck-counter-") && $0.observed.contains("FileCounterSkill.execute(input:context:)")
            })
    }

    @available(SkillCheckTesting, *)
    @Test("URLSession outside the context fails TIME-1: its sockets are on a thread of its own, but its answer comes back from there")
    func urlSession() async {
        let findings = await SkillConformance.check(for: "TIME-1").run(
            SkillUnderTest(PageTitleSkill()), limits: CheckLimits(realStall: .milliseconds(300)))
        #expect(findings.contains { $0.outcome == .failed && $0.observed.contains("came back from another thread") })
    }
}
