import BrokenSkills
import Foundation
import LegacyBrokenSkills
import SkillKit
import Testing

// SkillCheck's own test run proves what each fixture breaks (Tests/SkillConformanceTests); here, only
// that the catalogue of fixtures is well formed.
@Suite("The broken-skill fixtures")
struct BrokenSkillsTests {
    static let context = SkillContext(storage: NoStorage(), networkService: NoNetwork())

    @Test("each fixture names a rule and a flaw, and no two fixtures of one kind break one rule the same way")
    func fixturesAreNamed() {
        // A rule may have several fixtures (a mistake at the first await, another at the second), each its own flaw.
        for fixtures in [
            BrokenSkills.fixtures.map { "\($0.ruleID): \($0.flaw)" }, BrokenSkills.toolFixtures.map { "\($0.ruleID): \($0.flaw)" },
        ] {
            #expect(Set(fixtures).count == fixtures.count)
        }
        for (rule, flaw) in BrokenSkills.fixtures.map({ ($0.ruleID, $0.flaw) }) + BrokenSkills.toolFixtures.map({ ($0.ruleID, $0.flaw) }) {
            #expect(rule.contains("-"), "rule id \(rule)")
            #expect(!flaw.isEmpty, "fixture for \(rule)")
        }
    }

    @Test("every fixture can be made, and declares samples to route (or arguments to call a tool with)")
    func fixturesDeclareSamples() {
        for fixture in BrokenSkills.fixtures {
            let skill = fixture.make(Self.context)
            #expect(!skill.samples.handled.isEmpty, "\(fixture.ruleID) fixture \(type(of: skill))")
        }
        for fixture in BrokenSkills.toolFixtures {
            let tool = fixture.make(Self.context)
            #expect(!tool.sampleArguments.isEmpty, "\(fixture.ruleID) fixture \(type(of: tool))")
        }
        // SEND-1's fixture, in the Swift 5 mode target.
        #expect(!QuoteOfTheDaySkill().samples.handled.isEmpty)
    }
}

/// Storage that fails every call: the fixtures are made here, never run.
struct NoStorage: DataStoring {
    func saveDocument(_ data: Data, id: String, in collection: String) async throws { throw StorageError.unavailable("unused") }
    func document(id: String, in collection: String) async throws -> Data? { throw StorageError.unavailable("unused") }
    func documents(in collection: String) async throws -> [StoredDocument] { throw StorageError.unavailable("unused") }
    func deleteDocument(id: String, in collection: String) async throws -> Bool { throw StorageError.unavailable("unused") }
}

/// A network that is offline: the fixtures are made here, never run.
struct NoNetwork: NetworkServing {
    func send(_ request: NetworkRequest) async throws -> NetworkResponse { throw NetworkError.offline }
}
