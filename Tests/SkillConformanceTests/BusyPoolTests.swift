import Foundation
import SkillConformance
import SkillKit
import Synchronization
import Testing

/// SEND-2 is the one check that runs a skill on real threads under a real-time limit, so its verdict
/// must not depend on how busy the rest of the process is. In a full `swift test`, hundreds of tests
/// share the concurrency pool, and each step of a stress run taken there waits its turn behind all of
/// them: in CI, SEND-2 once timed out a skill that waits on nothing. The run keeps to threads of its own.
@Suite("SEND-2 on a busy process")
struct BusyPoolTests {
    @Test("every call of SEND-2's stress run runs on an executor of the run's own, never on the shared pool")
    func ownExecutors() async {
        let seen = CallPlaces()
        let skill = SkillUnderTest { _ in WhereSkill(seen: seen) }
        let findings = await SkillConformance.check(for: "SEND-2").run(skill)
        #expect(findings.map(\.outcome) == [.passed], "\(findings.map(\.message))")
        // The sample runs three times on virtual time (on its scheduler: once to fit the reply its requests get,
        // once to see that it gets past the input checks, once to see that it ends), then 64 calls one after
        // another, 64 more, and 64 at once.
        #expect(seen.places.count == 3 + 3 * 64)
        #expect(seen.places.filter { !$0 }.isEmpty, "\(seen.places.filter { !$0 }.count) calls ran on the shared pool")
    }
}

/// A skill that notes where each call runs.
private struct WhereSkill: AgentSkill {
    let id = "where"
    let displayName = "Where"
    let description = "Says which thread it ran on."
    let keywords = ["where"]
    let samples = SkillSamples(handled: ["where"], unhandled: ["weather"])
    let seen: CallPlaces

    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        seen.noteCurrent()
        return SkillOutput(summary: "here")
    }
}

/// Where each call ran: `true` on an executor a task preferred, `false` on the shared pool.
private final class CallPlaces: Sendable {
    private let recorded = Mutex<[Bool]>([])

    var places: [Bool] { recorded.withLock { $0 } }

    func noteCurrent() {
        let preferred = withUnsafeCurrentTask { $0?.unownedTaskExecutor != nil }
        recorded.withLock { $0.append(preferred) }
    }
}

@Suite("SEND-2 when calls one after another wait for real time")
struct SequentialStallTests {
    @Test("calls that wait for real time one after another skip SEND-2, saying so, rather than fail it as a race")
    func politeClientSkips() async {
        let skill = SkillUnderTest { _ in PoliteSkill() }
        // The second call of the first sequential pass outlasts a 50 ms limit, however late the limit's timer fires.
        let findings = await SkillConformance.check(for: "SEND-2").run(skill, limits: CheckLimits(realStress: .milliseconds(50)))
        #expect(findings.count == 1, "\(findings.map(\.message))")
        guard case .skipped(let reason) = findings.first?.outcome else {
            Issue.record("SEND-2 was \(findings.map(\.message))")
            return
        }
        #expect(reason.contains("a rate limiter that sleeps on a real clock"), "\(reason)")
        #expect(findings.first?.observed.contains("calls one after another on one instance did not end") == true)
        #expect(findings.first?.observed.contains("(1 had ended)") == true, "\(findings.map(\.message))")
    }
}

/// Waits ten minutes after its instance's first call, on a real clock, as a client's rate limiter does once its quota is
/// spent: a sample alone never waits, the second call of one instance always does (until the stress run's limit cancels it).
private final class PoliteSkill: AgentSkill, @unchecked Sendable {
    let id = "polite"
    let displayName = "Polite"
    let description = "Says hello, politely spaced."
    let keywords = ["hello"]
    var samples: SkillSamples { SkillSamples(handled: ["hello"], unhandled: ["note this"]) }
    private let lock = NSLock()
    private var called = false

    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        let spent = lock.withLock { () -> Bool in
            defer { called = true }
            return called
        }
        if spent { try await Task.sleep(for: .seconds(600)) }
        return SkillOutput(summary: "hello")
    }
}
