import Foundation
import SkillKit
import Testing

@testable import SkillConformance

/// A request made in a `Task {}` is not cancelled with the run that made it: the service answers it, as a real one
/// would, and the rules judge what the skill does with that answer, instead of waiting for a cancellation that never
/// comes and calling the run hung.
@Suite("Requests in an unstructured task are answered after the cancellation")
struct UnstructuredTaskTests {
    @available(SkillCheckTesting, *)
    @Test("CAN-3 fails a skill whose second request runs in a Task {}: cancelled there, it still answers with an output")
    func answeredAfterCancellation() async {
        let findings = await SkillConformance.check(for: "CAN-3").run(SkillUnderTest(DetachedFetchSkill()))
        let failed = findings.first { $0.outcome == .failed && $0.subject.hasPrefix("cancelled while awaiting operation 2 of 2") }
        #expect(failed != nil, "\(findings.map(\.message))")
        #expect(!findings.contains { if case .skipped = $0.outcome { true } else { false } }, "\(findings.map(\.message))")
    }

    @available(SkillCheckTesting, *)
    @Test("the same skill with its Task cancelled along with the run passes CAN-3 at both requests")
    func cancelledAlong() async {
        let findings = await SkillConformance.check(for: "CAN-3").run(SkillUnderTest(DetachedFetchSkill(cancelsItsTask: true)))
        #expect(
            !findings.contains { if case .skipped = $0.outcome { true } else { $0.outcome == .failed } }, "\(findings.map(\.message))")
        #expect(findings.contains { $0.outcome == .passed }, "\(findings.map(\.message))")
    }

    @available(SkillCheckTesting, *)
    @Test("HANG-1 cancels at each await: a skill that ends when cancelled at its first request and waits forever at its second fails")
    func hangAtTheSecondAwait() async {
        let findings = await SkillConformance.check(for: "HANG-1").run(SkillUnderTest(StuckAfterCancelSkill()))
        #expect(
            findings.contains { $0.outcome == .failed && $0.subject.hasPrefix("cancelled while awaiting operation 2 of 2") },
            "\(findings.map(\.message))")
        #expect(
            !findings.contains { $0.outcome == .failed && $0.subject.hasPrefix("cancelled while it waits") }, "\(findings.map(\.message))")
    }
}

/// Cancelled at its second request, waits on a continuation nobody resumes.
private struct StuckAfterCancelSkill: AgentSkill {
    let id = "stuck-after-cancel"
    var displayName: String { "Stuck after cancel" }
    var description: String { "Fetches the weather twice, such as weather in Paris." }
    var keywords: [String] { ["weather"] }

    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        _ = try await sendParisWeatherRequest(context.networkService)
        do {
            _ = try await sendParisWeatherRequest(context.networkService)
        } catch is CancellationError {
            await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in }
        }
        return SkillOutput(summary: "Fetched twice")
    }
}

/// Fetches a forecast, then the weather's detail in a `Task {}` whose value it awaits; with `cancelsItsTask`, the
/// task is cancelled when the run is (`withTaskCancellationHandler`), as it should be.
private struct DetachedFetchSkill: AgentSkill {
    var cancelsItsTask = false
    let id = "detached-fetch"
    var displayName: String { "Detached fetch" }
    var description: String { "Fetches the weather twice, such as weather in Paris." }
    var keywords: [String] { ["weather"] }

    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        let first = try await sendParisWeatherRequest(context.networkService)
        let task = Task { try await sendParisWeatherRequest(context.networkService) }
        let second =
            cancelsItsTask
            ? try await withTaskCancellationHandler {
                try await task.value
            } onCancel: {
                task.cancel()
            }
            : try await task.value
        return SkillOutput(summary: "Fetched \(first.body.count + second.body.count) bytes")
    }
}
