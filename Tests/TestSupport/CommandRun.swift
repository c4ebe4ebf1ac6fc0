// What the command-line tests share (SkillCheckCommandTests and EndToEndTests): a captured terminal, one
// run of the command line, a temporary package, and ready-made reports.
import Foundation
import SkillCheckCommand
import SkillConformance
import Synchronization

/// Text a command printed, collected from a `@Sendable` closure.
package final class Captured: Sendable {
    package init() {}
    package let text = Mutex("")
    package func append(_ piece: String) { text.withLock { $0 += piece } }
    package var value: String { text.withLock { $0 } }
}

/// A pipeline that returns the report `make` builds from the options it is given.
@available(SkillCheckTesting, *)
package struct FakePipeline: ConformancePipeline {
    package let make: @Sendable (CheckOptions, ProgressReporter) throws(CheckError) -> ConformanceReport

    package init(_ make: @escaping @Sendable (CheckOptions, ProgressReporter) throws(CheckError) -> ConformanceReport) {
        self.make = make
    }

    /// A pipeline that always returns `report`.
    package init(report: ConformanceReport) {
        self.init { _, _ throws(CheckError) in report }
    }

    package func run(_ options: CheckOptions, progress: ProgressReporter) async throws(CheckError) -> ConformanceReport {
        try make(options, progress)
    }
}

/// What a command-line run printed and returned.
package struct Run {
    package var status: Int32
    package var output: String
    package var error: String
}

@available(SkillCheckTesting, *)
package func run(
    _ arguments: [String], pipeline: any ConformancePipeline = UnavailablePipeline(),
    environment: [String: String] = [:], outputIsTerminal: Bool = false, errorIsTerminal: Bool = false
) async -> Run {
    let output = Captured(), error = Captured()
    let terminal = Terminal(
        output: output.append, error: error.append, outputIsTerminal: outputIsTerminal,
        errorIsTerminal: errorIsTerminal)
    let status = await SkillCheckCommandLine(pipeline: pipeline, terminal: terminal, environment: environment).run(arguments)
    return Run(status: status, output: output.value, error: error.value)
}

@available(SkillCheckTesting, *)
package enum Reports {
    package static func finding(
        _ rule: String, _ outcome: Finding.Outcome, skill: String = "note", subject: String = "execute \"记录 a\"",
        expected: String = "ends within 5 s", observed: String = "still running", seed: UInt64? = nil
    ) -> Finding {
        Finding(ruleID: rule, skillID: skill, outcome: outcome, subject: subject, expected: expected, observed: observed, seed: seed)
    }

    /// A passed finding for every rule `extra` does not speak of, then `extra`.
    package static func findings(skill: String, _ extra: [Finding] = []) -> [Finding] {
        RuleCatalog.standard.rules.filter { rule in !extra.contains { $0.ruleID == rule.id } }
            .map { finding($0.id, .passed, skill: skill, subject: "case 1") } + extra
    }

    /// How many results a two-skill report has.
    package static var results: Int { 2 * RuleCatalog.standard.rules.count }

    package static let stages = [
        StageResult(.static, .ran, seconds: 1.25), StageResult(.conformance, .ran),
        StageResult(.race, .skipped, reason: "--no-tsan"),
    ]

    /// NoteSkill (with `noteExtra` findings) and WeatherSkill (all passing).
    package static func report(_ noteExtra: [Finding] = [], stages: [StageResult] = stages) -> ConformanceReport {
        ConformanceReport(
            package: .init(path: "/tmp/Notes", name: "Notes"), stages: stages,
            skills: [
                SkillReport(type: "NoteSkill", id: "note", findings: findings(skill: "note", noteExtra)),
                SkillReport(type: "WeatherSkill", id: "weather", findings: findings(skill: "weather")),
            ])
    }
}
