import Foundation
import SkillKit
import SkillTesting
import Testing

@testable import SkillConformance

/// Reads the weather through a client that streams it from a `Task {}`, as clients built on URLSession's bytes do:
/// the task ends before the skill answers. With `firesAndForgets`, it also saves the reading in a `Task {}` it
/// never awaits.
private struct StreamedWeatherSkill: AgentSkill {
    var firesAndForgets = false
    let id = "streamed-weather"
    let displayName = "Weather"
    let description = "Says the weather, such as weather in Paris."
    let keywords = ["weather"]
    var samples: SkillSamples { SkillSamples(handled: ["weather in Paris"], unhandled: ["note this"]) }

    func readings(_ context: SkillContext) -> AsyncThrowingStream<WeatherResponse, any Error> {
        AsyncThrowingStream { continuation in
            let producer = Task {
                do {
                    continuation.yield(try await context.networkService.fetchWeather(city: "Paris"))
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in producer.cancel() }
        }
    }

    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        var summary = ""
        do {
            for try await reading in readings(context) { summary = "\(reading.temperature)°C，\(reading.condition)" }
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw SkillError.executionFailed("天气服务不可用")
        }
        try Task.checkCancellation()
        if firesAndForgets {
            let storage = context.storage
            let note = NoteItem(id: context.newID(), content: summary, createdAt: context.now)
            Task { try? await storage.save(note) }
        }
        return SkillOutput(summary: summary)
    }
}

/// A view model on the main actor, as SwiftUI apps keep theirs (the Gemini function-calling sample's): its `Task {}`
/// is the main actor's, and awaits the network off it.
@MainActor
private final class WeatherViewModel {
    var summary = ""
    private var task: Task<Void, Never>?

    func ask(_ context: SkillContext, passesCancellation: Bool) async {
        self.task?.cancel()
        let task = Task {
            do {
                let weather = try await context.networkService.fetchWeather(city: "Paris")
                summary = "\(weather.temperature)°C，\(weather.condition)"
            } catch {
                summary = "天气服务不可用"
            }
        }
        self.task = task
        // A Task {} is not cancelled with the task that awaits it: pass the cancellation on.
        if passesCancellation {
            await withTaskCancellationHandler {
                await task.value
            } onCancel: {
                task.cancel()
            }
        } else {
            await task.value
        }
    }
}

private struct ViewModelWeatherSkill: AgentSkill {
    var passesCancellation = true
    let id = "view-model-weather"
    let displayName = "Weather"
    let description = "Says the weather, such as weather in Paris."
    let keywords = ["weather"]
    var samples: SkillSamples { SkillSamples(handled: ["weather in Paris"], unhandled: ["note this"]) }

    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        let model = WeatherViewModel()
        await model.ask(context, passesCancellation: passesCancellation)
        try Task.checkCancellation()
        return SkillOutput(summary: await model.summary)
    }
}

/// Reads the weather of three cities, each in a `Task {}`, and awaits them in order, as a port of a script that
/// gathers its requests does. When one fails it throws; with `cancelsTheRest` it first cancels and awaits the others.
private struct ThreeCitiesSkill: AgentSkill {
    var cancelsTheRest = false
    let id = "three-cities"
    let displayName = "Weather"
    let description = "Says the weather in Paris, Oslo and Rome, such as weather in three cities."
    let keywords = ["weather"]
    var samples: SkillSamples { SkillSamples(handled: ["weather in three cities"], unhandled: ["note this"]) }

    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        let network = context.networkService
        let tasks = ["Paris", "Oslo", "Rome"].map { city in Task { try await network.fetchWeather(city: city) } }
        var readings: [String] = []
        do {
            for task in tasks { readings.append("\(try await task.value.temperature)°C") }
        } catch {
            if cancelsTheRest {
                for task in tasks {
                    task.cancel()
                    _ = await task.result
                }
            }
            if error is CancellationError { throw error }
            throw SkillError.executionFailed("天气服务不可用")
        }
        return SkillOutput(summary: readings.joined(separator: ", "))
    }
}

@Suite("TIME-1: a Task {} runs on the virtual clock, and may not outlive the answer")
struct UnstructuredTaskRuleTests {
    @Test("a client that streams from a Task {} is judged by every rule that runs the skill, and passes them")
    func streamedClientIsJudged() async throws {
        try #require(DeterministicScheduler.adoptsUnstructuredTasks, "task creation is not interposed in this build")
        let rules = ["TIME-1", "HANG-1", "ERR-1", "CAN-2", "CAN-3", "CAN-4", "SEND-5"]
        for rule in rules {
            let findings = await SkillConformance.check(for: rule).run(SkillUnderTest { _ in StreamedWeatherSkill() })
            #expect(!findings.isEmpty && findings.allSatisfy { $0.outcome == .passed }, "\(rule): \(findings.map(\.message))")
        }
    }

    @Test("a main-actor view model's Task {} that awaits the network is judged, its network part on the virtual clock")
    func viewModelTaskIsJudged() async throws {
        try #require(DeterministicScheduler.adoptsUnstructuredTasks, "task creation is not interposed in this build")
        for rule in ["TIME-1", "HANG-1"] {
            let findings = await SkillConformance.check(for: rule).run(SkillUnderTest { _ in ViewModelWeatherSkill() })
            #expect(!findings.isEmpty && findings.allSatisfy { $0.outcome == .passed }, "\(rule): \(findings.map(\.message))")
        }
        // One that awaits its Task {} without passing the cancellation on waits for a hung request for ever.
        let hang = await SkillConformance.check(for: "HANG-1").run(SkillUnderTest { _ in ViewModelWeatherSkill(passesCancellation: false) })
        #expect(hang.contains { $0.outcome == .failed && $0.subject.hasPrefix("hung request") }, "\(hang.map(\.message))")
    }

    @Test("a save fired off in a Task {} that is still running when the skill answers fails TIME-1, saying to await it")
    func fireAndForgetFails() async throws {
        try #require(DeterministicScheduler.adoptsUnstructuredTasks, "task creation is not interposed in this build")
        let findings = await SkillConformance.check(for: "TIME-1").run(SkillUnderTest { _ in StreamedWeatherSkill(firesAndForgets: true) })
        let failed = findings.filter { $0.outcome == .failed }
        #expect(
            !failed.isEmpty
                && failed.allSatisfy { $0.observed.contains("a Task {} it started was still running") && $0.observed.contains("await it") },
            "\(findings.map(\.message))")
    }

    @Test("a skill that throws at a failed request while its other Task {}s still run fails TIME-1 there")
    func throwingWhileTasksRunFails() async throws {
        try #require(DeterministicScheduler.adoptsUnstructuredTasks, "task creation is not interposed in this build")
        let findings = await SkillConformance.check(for: "TIME-1").run(SkillUnderTest { _ in ThreeCitiesSkill() })
        let failed = findings.filter { $0.outcome == .failed }
        #expect(
            failed.count == 1 && failed[0].subject.hasPrefix("offline at operation 1 of 3")
                && failed[0].observed.contains("it ended while 2 Task {}s it started were still running")
                && failed[0].observed.contains("task.cancel()"),
            "\(findings.map(\.message))")
        // Cancelling and awaiting the rest before throwing passes.
        let clean = await SkillConformance.check(for: "TIME-1").run(SkillUnderTest { _ in ThreeCitiesSkill(cancelsTheRest: true) })
        #expect(!clean.isEmpty && clean.allSatisfy { $0.outcome == .passed }, "\(clean.map(\.message))")
    }
}
