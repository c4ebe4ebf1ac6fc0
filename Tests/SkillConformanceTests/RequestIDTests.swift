import Foundation
import SkillKit
import SkillTesting
import Testing

@testable import SkillConformance

/// SEND-4 compares two requests at once with the orders they could run in one at a time. Which of them gets which
/// id must not tell those apart: a random UUID's value does not depend on who asked first.
@Suite("SEND-4's requests take ids of their own")
struct RequestIDTests {
    /// Suggests a café at random, seeded from a fresh id, and keeps the last suggestion for "tell me more": a
    /// careful port of a city guide, with nothing shared but that one document.
    struct CafeSkill: AgentSkill {
        let id = "cafe"
        let displayName = "Café"
        let description = "Suggests a café."
        let keywords = ["café", "coffee"]
        let samples = SkillSamples(handled: ["recommend a coffee shop"], unhandled: ["weather"])
        static let cafes = ["Morning Glory", "George's", "Lulu's", "Dunkin'", "Common Grounds"]

        func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
            let seed = withUnsafeBytes(of: context.newID().uuid) { $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self) }
            var generator = SeededRandomNumberGenerator(seed: seed)
            let cafe = Self.cafes.randomElement(using: &generator) ?? Self.cafes[0]
            try Task.checkCancellation()
            do {
                try await context.storage.save(["last": cafe], id: "default", in: "cafe")
            } catch let error as StorageError {
                throw SkillError.executionFailed("\(error)")
            }
            return SkillOutput(summary: "Try \(cafe).")
        }
    }

    @Test("a suggestion seeded from a fresh id and kept as the last one is no lost update")
    func seededChoice() async {
        let findings = await SkillConformance.check(for: "SEND-4").run(SkillUnderTest(CafeSkill()))
        #expect(!findings.isEmpty && findings.allSatisfy { $0.outcome == .passed }, "\(findings.map(\.message))")
    }

    @Test("each request counts its own ids, whatever the order")
    func streams() async {
        let ids = SkillConformance.requestIDs()
        let first = AwaitGate.$request.withValue(2) { [ids(), ids()] }
        let other = AwaitGate.$request.withValue(1) { ids() }
        #expect(first.map(\.uuidString) == ["00000000-0000-0002-0000-000000000001", "00000000-0000-0002-0000-000000000002"])
        #expect(other.uuidString == "00000000-0000-0001-0000-000000000001")
    }
}

/// SEND-4 sends the first request after the first sample that writes twice at once too, whether the first sample
/// only reads (a tally's "show") or writes as well (a game's "open").
@Suite("SEND-4 tries the request that writes, twice")
struct WritingPairTests {
    /// A tally whose second sample adds one, reading and writing across an await: two "add one" at once both read 0
    /// and both write 1. Its first sample shows the count, or, when `opensWithWrite`, starts it again at 0 as a
    /// game's "open" starts a session.
    struct TallySkill: AgentSkill {
        let opensWithWrite: Bool
        var id: String { "tally" }
        var displayName: String { "Tally" }
        var description: String { "Keeps a tally." }
        var keywords: [String] { ["tally"] }
        var samples: SkillSamples { SkillSamples(handled: ["open the tally", "tally add one"], unhandled: ["weather"]) }

        func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
            do {
                guard input.rawText.contains("add") else {
                    if opensWithWrite { try await context.storage.save(["count": 0], id: "count", in: "tally") }
                    let count = try await context.storage.load([String: Int].self, id: "count", in: "tally")?["count"] ?? 0
                    return SkillOutput(summary: "The tally is \(count).")
                }
                let count = try await context.storage.load([String: Int].self, id: "count", in: "tally")?["count"] ?? 0
                try await context.storage.save(["count": count + 1], id: "count", in: "tally")
                return SkillOutput(summary: "The tally is \(count + 1).")
            } catch let error as StorageError {
                throw SkillError.executionFailed("\(error)")
            }
        }
    }

    @Test("a lost update on the second sample fails SEND-4, whether the first sample only reads or writes too", arguments: [false, true])
    func writerTwice(opensWithWrite: Bool) async {
        let findings = await SkillConformance.check(for: "SEND-4").run(SkillUnderTest(TallySkill(opensWithWrite: opensWithWrite)))
        let failed = findings.filter { $0.outcome == .failed }
        #expect(
            failed.map(\.subject).contains {
                $0.hasPrefix(#"2 requests at once to one instance: input "tally add one" and input "tally add one""#)
            },
            "\(findings.map { "\($0.outcome) \($0.subject)" })")
    }
}
