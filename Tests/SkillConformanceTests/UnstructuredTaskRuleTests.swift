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
}
