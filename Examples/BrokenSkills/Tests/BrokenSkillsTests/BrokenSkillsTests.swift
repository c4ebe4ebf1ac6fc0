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

    @Test("each fixture names a rule and a flaw, and no rule has two fixtures")
    func fixturesAreNamed() {
        let rules = BrokenSkills.fixtures.map(\.ruleID)
        #expect(Set(rules).count == rules.count)
        for fixture in BrokenSkills.fixtures {
            #expect(fixture.ruleID.contains("-"), "rule id \(fixture.ruleID)")
            #expect(!fixture.flaw.isEmpty, "fixture for \(fixture.ruleID)")
        }
    }

    @Test("every fixture can be made, and declares samples to route")
    func fixturesDeclareSamples() {
        for fixture in BrokenSkills.fixtures {
            let skill = fixture.make(Self.context)
            #expect(!skill.samples.handled.isEmpty, "\(fixture.ruleID) fixture \(type(of: skill))")
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
