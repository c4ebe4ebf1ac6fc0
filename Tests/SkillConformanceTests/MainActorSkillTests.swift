import Foundation
import SkillConformance
import SkillKit
import SkillTesting
import Testing

/// A draft a view model keeps on the main actor, as many apps keep their state.
@MainActor
final class MainActorDraft {
    private(set) var lines: [String] = []

    nonisolated init() {}

    func add(_ line: String) -> Int {
        lines.append(line)
        return lines.count
    }
}

/// Saves a note, then counts it in a draft it owns on the main actor: correct isolation, mapped errors and a
/// cancellation check before the write. Every rule that runs it must judge it, and pass it.
struct MainActorDraftSkill: AgentSkill {
    let id = "draft"
    let displayName = "Draft"
    let description = "Adds a line to your draft."
    let keywords = ["draft"]
    let draft: MainActorDraft
    var samples: SkillSamples { SkillSamples(handled: ["draft buy milk"], unhandled: ["weather in Paris"]) }

    init() { draft = MainActorDraft() }

    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        let line = input.rawText.replacingOccurrences(of: "draft", with: "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !line.isEmpty else { throw SkillError.invalidInput("nothing to add") }
        try Task.checkCancellation()
        do {
            try await context.storage.save(NoteItem(id: context.newID(), content: line, createdAt: context.now))
        } catch let error as CancellationError {
            throw error
        } catch {
            throw SkillError.executionFailed("could not save the line")
        }
        let count = await draft.add(line)
        return SkillOutput(summary: "\(count) line(s) in your draft", shouldRefreshUI: true)
    }
}

/// Reads a counter on the main actor, awaits the store, then writes the counter back: two requests at once
/// both read 0, and one increment is lost. The main actor orders each step, not the pair.
struct MainActorLostUpdateSkill: AgentSkill {
    @MainActor final class Counter {
        var value = 0
        nonisolated init() {}
    }

    let id = "visits"
    let displayName = "Visits"
    let description = "Counts your visits."
    let keywords = ["visit"]
    let counter: Counter
    var samples: SkillSamples { SkillSamples(handled: ["visit"], unhandled: ["weather in Paris"]) }

    init() { counter = Counter() }

    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        let seen = await counter.value
        _ = try? await context.storage.documents(in: "visits")
        await MainActor.run { [counter] in counter.value = seen + 1 }
        return SkillOutput(summary: "visit \(seen + 1)")
    }
}

@Suite("A skill's hops to the main actor are followed, and the rules judge the skill")
struct MainActorSkillTests {
    /// Before, each of these ran into "work left the virtual clock": TIME-1 failed and the rest were skipped.
    @Test(arguments: ["TIME-1", "TIME-2", "CAN-1", "CAN-2", "ERR-1", "HANG-1", "SEND-2", "SEND-4", "SEND-5", "IO-1"])
    func aCorrectMainActorSkillPasses(rule: String) async {
        let findings = await SkillConformance.check(for: rule).run(SkillUnderTest { _ in MainActorDraftSkill() })
        #expect(!findings.isEmpty)
        for finding in findings {
            #expect(finding.outcome == .passed || finding.outcome == .notApplicable, "\(finding.message)")
        }
    }

    @Test func aLostUpdateAcrossAMainActorHopIsFoundTheSameWayEachRun() async {
        var observed: [String] = []
        for _ in 0..<3 {
            let findings = await SkillConformance.check(for: "SEND-4").run(SkillUnderTest { _ in MainActorLostUpdateSkill() })
            #expect(findings.contains { $0.outcome == .failed }, "\(findings.map(\.message))")
            observed.append(findings.map(\.observed).joined(separator: "\n"))
        }
        #expect(Set(observed).count == 1, "\(observed)")
    }

    /// Outside the conformance checks, a hop is still work that left the clock (`withVirtualTime` reports it): as the
    /// scope stops at once (`VirtualClockError.escaped`) or at its end (`VirtualTimeLeftovers`), whichever sees the job
    /// come back first.
    @Test func withVirtualTimeStillReportsTheHop() async {
        do {
            try await withVirtualTime { _ in
                _ = await MainActor.run { 1 }
            }
            Issue.record("a hop to the main actor passed under withVirtualTime")
        } catch {
            #expect(error is VirtualTimeLeftovers || error is VirtualClockError, "\(error)")
            #expect("\(error)".contains("came back from another thread"), "\(error)")
        }
    }
}
