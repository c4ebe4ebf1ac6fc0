import Foundation
import SkillScenarios
import Testing

@Suite("The Scenarios corpus")
struct CorpusTests {
    @available(SkillCheckTesting, *)
    @Test("every transcript in Scenarios/ replays and passes")
    func corpusPasses() throws {
        let runner = ScenarioRunner(skills: Fixtures.skills)
        let cases = try runner.run(paths: [Fixtures.scenarios.path])
        #expect(cases.count >= 40)
        for scenario in cases {
            #expect(scenario.status == .passed, "\(ScenarioReport.text(for: scenario))")
            #expect(scenario.result?.hasMissingExpectations == false, "\(scenario.name) has null expectations")
        }
    }

    @available(SkillCheckTesting, *)
    @Test("every transcript passes when replayed on a thread that runs no task, as the command line's workers do")
    func corpusPassesOffTask() async throws {
        let cases = await withCheckedContinuation { (done: CheckedContinuation<[ScenarioCase], Never>) in
            Thread {
                let runner = ScenarioRunner(skills: Fixtures.skills)
                let files = (try? runner.discover(paths: [Fixtures.scenarios.path])) ?? []
                done.resume(returning: files.map { runner.runOne(name: $0.name, url: $0.url) })
            }.start()
        }
        #expect(cases.count >= 40)
        for scenario in cases {
            #expect(scenario.status == .passed, "\(ScenarioReport.text(for: scenario))")
        }
    }

    @available(SkillCheckTesting, *)
    @Test("every broken transcript is rejected with exactly its expected error")
    func brokenTranscripts() throws {
        let files = try FileManager.default.contentsOfDirectory(at: Fixtures.broken, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }.sorted { $0.path < $1.path }
        #expect(files.count >= 15)
        let replayer = Replayer(skills: Fixtures.skills)
        for file in files {
            let expected = try String(contentsOf: file.deletingPathExtension().appendingPathExtension("error"), encoding: .utf8)
                .trimmingCharacters(in: .newlines)
            do {
                let transcript = try Transcript.load(contentsOf: file, displayPath: "Broken/" + file.lastPathComponent)
                _ = try replayer.replay(transcript)
                Issue.record("\(file.lastPathComponent) was accepted")
            } catch {
                #expect(error.description == expected, "\(file.lastPathComponent)")
            }
        }
    }

    @available(SkillCheckTesting, *)
    @Test("every corpus transcript gives one distinct result in 20 replays")
    func determinism() throws {
        let replayer = Replayer(skills: Fixtures.skills)
        for (_, url) in try Fixtures.corpus() {
            let transcript = try Transcript.load(contentsOf: url)
            var outputs: Set<String> = []
            for _ in 0..<20 { outputs.insert(try replayer.replay(transcript).actual.canonical) }
            #expect(outputs.count == 1, "\(url.lastPathComponent)")
        }
    }
}
