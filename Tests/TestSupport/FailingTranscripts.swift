import Foundation
import SkillCheckCommand
import SkillScenarios

/// Two corpus transcripts made to fail, for the scenarios HTML page: the weather service that hangs into the
/// engine's 10 s timeout (its last `expect` wants the answer at 12 s), and a tool cut at its own 2 s timeout
/// (the step before the cut wants 2 s where the clock reads 1.999 s).
@available(SkillCheckTesting, *)
package enum FailingTranscripts {
    package static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A folder holding `weather-hang.json` and `skill-timeout.json`, each changed so that it fails.
    package static func folder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder("scenario-html")
        let hang = try String(contentsOf: root.appendingPathComponent("Scenarios/timeout/weather-hang.json"), encoding: .utf8)
        let tool = try String(contentsOf: root.appendingPathComponent("Scenarios/tools/skill-timeout.json"), encoding: .utf8)
        let answer = "\"skillID\": \"weather\", \"at\": 10}"
        guard hang.contains(answer), tool.contains("\"now\": \"1.999s\"") else {
            throw CocoaError(
                .fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "the corpus transcripts changed: update FailingTranscripts"])
        }
        _ = try folder.file("weather-hang.json", hang.replacingOccurrences(of: answer, with: "\"skillID\": \"weather\", \"at\": 12}"))
        _ = try folder.file("skill-timeout.json", tool.replacingOccurrences(of: "\"now\": \"1.999s\"", with: "\"now\": \"2s\""))
        return folder
    }

    /// The transcripts in `folder` replayed as `skillcheck scenarios --format html` replays them: with timelines.
    package static func replayed(_ folder: TemporaryFolder, timelines: Bool = true) throws -> [ScenarioCase] {
        var runner = ScenarioRunner(skills: ScenariosCommand.skills, tools: ScenarioTools.all)
        runner.recordMode = .never
        runner.replayer.recordsTimeline = timelines
        return try runner.run(paths: [folder.url.path])
    }
}
