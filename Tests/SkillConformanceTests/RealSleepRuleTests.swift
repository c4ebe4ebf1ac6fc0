import Foundation
import SkillKit
import SkillTesting
import Testing

@testable import SkillConformance

extension WeatherFixture {
    /// Reads the weather, mapping every error to its own, a cancellation too: CAN-3's bug.
    func weatherMappingEveryError(_ context: SkillContext) async throws -> SkillOutput {
        do {
            let weather = try await context.networkService.fetchWeather(city: "Paris")
            return SkillOutput(summary: "\(weather.temperature)°C，\(weather.condition)")
        } catch {
            throw SkillError.executionFailed("天气服务不可用")
        }
    }

    /// Waits for a dispatch timer on `queue`, as a `setTimeout` ported to Swift does: no cancellation reaches it.
    func timer(on queue: DispatchQueue, seconds: Double) async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            queue.asyncAfter(deadline: .now() + seconds) { done.resume() }
        }
    }
}

/// Waits half a second on a real clock before each request, as an API's courtesy delay, and maps every error to its
/// own, a cancellation too: CAN-3's bug, which a run that stopped at the real sleep could never show.
private struct CourteousWeatherSkill: WeatherFixture {
    let id = "courteous-weather"

    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        do {
            try await Task.sleep(for: .milliseconds(500))
            let weather = try await context.networkService.fetchWeather(city: "Paris")
            return SkillOutput(summary: "\(weather.temperature)°C，\(weather.condition)")
        } catch {
            throw SkillError.executionFailed("天气服务不可用")
        }
    }
}

@Suite("TIME-1: a real sleep fails TIME-1, and every other rule judges the run it slept in")
struct RealSleepRuleTests {
    @Test("TIME-1 names the real sleep and the function that slept; CAN-3 judges the run and fails it, where it once skipped")
    func realSleepIsJudged() async throws {
        try #require(RealWorldObservation.isAvailable, "\(RealWorldObservation.unavailableReason)")
        let subject = SkillUnderTest { _ in CourteousWeatherSkill() }
        let time = await SkillConformance.check(for: "TIME-1").run(subject)
        #expect(
            time.contains {
                $0.outcome == .failed && $0.observed.contains("a sleep on a real clock (0.5 seconds on ContinuousClock")
                    // The function that slept, from the sleeping task's resume context (it is on no thread's stack).
                    && $0.observed.contains("CourteousWeatherSkill.execute")
            },
            "\(time.map(\.message))")
        let cancellation = await SkillConformance.check(for: "CAN-3").run(subject)
        #expect(cancellation.contains { $0.outcome == .failed }, "\(cancellation.map(\.message))")
        #expect(!cancellation.contains { if case .skipped = $0.outcome { true } else { false } }, "\(cancellation.map(\.message))")
        // The run a check other than TIME-1 made reports the sleep as TIME-1's, in its own results.
        #expect(cancellation.contains { $0.ruleID == "TIME-1" && $0.outcome == .failed }, "\(cancellation.map(\.message))")
        for rule in ["HANG-1", "ERR-1"] {
            let findings = await SkillConformance.check(for: rule).run(subject)
            #expect(
                findings.allSatisfy { $0.ruleID != rule || !"\($0.outcome)".contains("skipped") }, "\(rule): \(findings.map(\.message))")
        }
    }
}

/// Waits a millisecond for a rate limit the way old code does, blocking its thread.
private struct BlockingWeatherSkill: WeatherFixture {
    let id = "blocking-weather"

    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        usleep(1_000)
        let weather = try await context.networkService.fetchWeather(city: "Paris")
        return SkillOutput(summary: "\(weather.temperature)°C，\(weather.condition)")
    }
}

extension RealSleepRuleTests {
    @Test("a sleep that blocks its thread fails TIME-1 at run time, naming the skill's function, with no source to scan")
    func blockingSleepIsSeen() async throws {
        try #require(RealWorldObservation.isAvailable, "\(RealWorldObservation.unavailableReason)")
        let time = await SkillConformance.check(for: "TIME-1").run(SkillUnderTest { _ in BlockingWeatherSkill() })
        #expect(
            time.contains {
                $0.outcome == .failed && $0.observed.contains("usleep for 0.001 seconds, which blocked its thread")
                    && $0.observed.contains("BlockingWeatherSkill.execute")
            }, "\(time.map(\.message))")
    }
}

/// Waits for a JavaScript-style `setTimeout`, ported as `DispatchQueue.asyncAfter`, then maps every error to its own,
/// a cancellation too: a run that stopped at the timer could never show CAN-3's bug.
private struct TimeoutWeatherSkill: WeatherFixture {
    let id = "timeout-weather"

    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        // Inline, not through `timer(on:seconds:)`: the finding names the function that scheduled the timer.
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().asyncAfter(deadline: .now() + 2) { done.resume() }
        }
        return try await weatherMappingEveryError(context)
    }
}

extension RealSleepRuleTests {
    @Test("a dispatch timer fails TIME-1, naming the skill's function; the run is judged on virtual time (CAN-3 fails)")
    func dispatchTimerIsJudged() async throws {
        try #require(RealWorldObservation.isAvailable, "\(RealWorldObservation.unavailableReason)")
        let subject = SkillUnderTest { _ in TimeoutWeatherSkill() }
        let time = await SkillConformance.check(for: "TIME-1").run(subject)
        #expect(
            time.contains {
                $0.outcome == .failed && $0.observed.contains("2.0 seconds on DispatchQueue.asyncAfter")
                    && $0.observed.contains("TimeoutWeatherSkill.execute")
            }, "\(time.map(\.message))")
        // Cancelled while it waits on the network, after the timer, it throws its own error.
        let cancellation = await SkillConformance.check(for: "CAN-3").run(subject)
        #expect(cancellation.contains { $0.ruleID == "CAN-3" && $0.outcome == .failed }, "\(cancellation.map(\.message))")
    }
}

/// Reports progress in steps a dispatch timer apart, as MCP's long-running-operation sample does, and never looks at
/// cancellation.
private struct SteppedWeatherSkill: WeatherFixture {
    let id = "stepped-weather"

    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        for _ in 0..<2 {
            await timer(on: .global(), seconds: 1)
        }
        return SkillOutput(summary: "sunny")
    }
}

extension RealSleepRuleTests {
    @Test("a real sleep or a dispatch timer is an await where the cancellation rules cancel the run")
    func timerIsAnAwaitToCancelAt() async throws {
        try #require(RealWorldObservation.isAvailable, "\(RealWorldObservation.unavailableReason)")
        let findings = await SkillConformance.check(for: "CAN-3").run(SkillUnderTest { _ in SteppedWeatherSkill() })
        #expect(
            findings.contains {
                $0.ruleID == "CAN-3" && $0.outcome == .failed && $0.subject.contains("sleep 1.0 seconds on DispatchQueue.asyncAfter")
                    && $0.observed.contains("sunny")
            }, "\(findings.map(\.message))")
    }
}

/// Waits a second on the main queue's timer, as app code does, then maps every error to its own.
private struct MainQueueWeatherSkill: WeatherFixture {
    let id = "main-queue-weather"

    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        await timer(on: .main, seconds: 1)
        return try await weatherMappingEveryError(context)
    }
}

extension RealSleepRuleTests {
    @Test("a main-queue timer runs on the main thread at its virtual instant: TIME-1 names it, and CAN-3 judges the run")
    func mainQueueTimerIsJudged() async throws {
        try #require(DeterministicScheduler.adoptsUnstructuredTasks, "the main queue is not followed in this build")
        let subject = SkillUnderTest { _ in MainQueueWeatherSkill() }
        let time = await SkillConformance.check(for: "TIME-1").run(subject)
        #expect(
            time.contains { $0.outcome == .failed && $0.observed.contains("1.0 seconds on DispatchQueue.asyncAfter") },
            "\(time.map(\.message))")
        let cancellation = await SkillConformance.check(for: "CAN-3").run(subject)
        #expect(cancellation.contains { $0.ruleID == "CAN-3" && $0.outcome == .failed }, "\(cancellation.map(\.message))")
        #expect(!cancellation.contains { if case .skipped = $0.outcome { true } else { false } }, "\(cancellation.map(\.message))")
    }
}
