import BundledReferenceSkills
import Foundation
import SkillKit
import SkillScenarios

enum Fixtures {
    /// The package root, from this file's path.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let scenarios = root.appendingPathComponent("Scenarios")
    static let broken = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Broken")
    static let skills: [any AgentSkill] = ReferenceSkills.skills + ScriptSkills.skills

    static func transcript(_ json: String, file: String = "test.json") throws -> Transcript {
        try Transcript.parse(Data(json.utf8), file: file)
    }

    static func replay(_ json: String) throws -> ReplayResult {
        try Replayer(skills: skills).replay(transcript(json))
    }

    /// Every corpus transcript: (case name, url).
    static func corpus() throws -> [(name: String, url: URL)] {
        try ScenarioRunner(skills: skills).discover(paths: [scenarios.path])
    }
}
