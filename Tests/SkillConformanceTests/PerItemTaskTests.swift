import Foundation
import SkillKit
import SkillTesting
import Testing

@testable import SkillConformance

/// A port of `Promise.all` over a list the service sends: a `Task {}` per id, awaited in order, the first failure
/// thrown while the rest still run. With `cancelsTheRest`, the rest are cancelled and awaited first.
private struct MessageDigestSkill: AgentSkill {
    var cancelsTheRest = false
    let id = "message-digest"
    let displayName = "Mail"
    let description = "Lists unread messages, such as mail digest."
    let keywords = ["mail"]
    var samples: SkillSamples { SkillSamples(handled: ["mail digest"], unhandled: ["note this"]) }

    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        let network = context.networkService
        let ids: [Int]
        do {
            let listing = try await network.send(NetworkRequest(url: URL(string: "https://mail.example/messages")!))
            ids = try JSONDecoder().decode([Int].self, from: listing.body)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw SkillError.executionFailed("The mailbox did not answer.")
        }
        let tasks = ids.map { id in
            Task { try await network.send(NetworkRequest(url: URL(string: "https://mail.example/messages/\(id)")!)).body.count }
        }
        var sizes: [Int] = []
        do {
            for task in tasks { sizes.append(try await task.value) }
        } catch {
            if cancelsTheRest {
                for task in tasks {
                    task.cancel()
                    _ = await task.result
                }
            }
            if error is CancellationError { throw error }
            throw SkillError.executionFailed("A message could not be read.")
        }
        return SkillOutput(summary: "\(sizes.count) messages")
    }
}

@Suite("A Task {} per item of the service's list: TIME-1 fails one while the others run, HANG-1 hangs one")
struct PerItemTaskTests {
    @available(SkillCheckTesting, *)
    @Test("the kit's list of one starts one task; TIME-1 gives the list three items, so a failed one leaves two running")
    func leftRunningWithThreeItems() async throws {
        try #require(DeterministicScheduler.adoptsUnstructuredTasks, "task creation is not interposed in this build")
        let subject = try SourceRepliesTests.declaredInThisFile(MessageDigestSkill())
        #expect(await subject.workingFit(limits: CheckLimits()).body == "[1]")
        let findings = await SkillConformance.check(for: "TIME-1").run(subject)
        #expect(
            findings.contains {
                $0.outcome == .failed && $0.subject.hasPrefix("offline at operation 2 of 4")
                    && $0.observed.contains("it ended while 2 Task {}s it started were still running")
            },
            "\(findings.map(\.message))")
        let clean = await SkillConformance.check(for: "TIME-1")
            .run(try SourceRepliesTests.declaredInThisFile(MessageDigestSkill(cancelsTheRest: true)))
        // The source scan needs a Package.swift, which this one-file package lacks: only the runs are judged here.
        let runs = clean.filter { !$0.subject.hasPrefix("the package at") }
        #expect(!runs.isEmpty && runs.allSatisfy { $0.outcome == .passed }, "\(clean.map(\.message))")
    }

    @available(SkillCheckTesting, *)
    @Test("a hung request after the first, awaited through a Task {} the engine's cut never cancels, fails HANG-1")
    func hungItemRequest() async throws {
        try #require(DeterministicScheduler.adoptsUnstructuredTasks, "task creation is not interposed in this build")
        let findings = await SkillConformance.check(for: "HANG-1").run(try SourceRepliesTests.declaredInThisFile(MessageDigestSkill()))
        #expect(
            findings.contains {
                $0.outcome == .failed && $0.subject.hasPrefix("hung request cut by the engine timeout at operation 2 of 2")
                    && $0.observed.contains("send each request in a task group")
            },
            "\(findings.map(\.message))")
    }
}
