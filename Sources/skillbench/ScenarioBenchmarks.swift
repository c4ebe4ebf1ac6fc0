import BundledReferenceSkills
import Foundation
import SkillScenarios

/// Transcript replay: steps per second on one core, the whole corpus, and determinism.
@available(SkillCheckTesting, *)
struct ScenarioBenchmarks {
    let quick: Bool
    let folder = "Scenarios"
    let skills = ReferenceSkills.skills + ScriptSkills.skills

    func rows(load: String) -> [Benchmarks.Row] {
        guard FileManager.default.fileExists(atPath: folder) else {
            return [.init(name: "transcript replay", load: load, figure: "skipped", detail: "run from the package root")]
        }
        do {
            let runner = ScenarioRunner(skills: skills)
            let files = try runner.discover(paths: [folder])
            let transcripts = try files.map { try Transcript.load(contentsOf: $0.url) }
            return [
                try stepsPerSecond(transcripts, load: load), try parsing(files.map(\.url), transcripts, load: load),
                try corpus(runner, load: load),
                try determinism(transcripts, load: load),
            ]
        } catch {
            return [.init(name: "transcript replay", load: load, figure: "failed", detail: "\(error)")]
        }
    }

    /// Replays every transcript repeatedly on this one thread.
    func stepsPerSecond(_ transcripts: [Transcript], load: String) throws -> Benchmarks.Row {
        let replayer = Replayer(skills: skills)
        let rounds = quick ? 20 : 200
        var steps = 0
        let start = ContinuousClock.now
        for _ in 0..<rounds {
            for transcript in transcripts { steps += try replayer.replay(transcript).steps }
        }
        let seconds = Benchmarks.microseconds(since: start) / 1e6
        return .init(
            name: "replay, one core (\(transcripts.count) transcripts × \(rounds))", load: load,
            figure: String(format: "%.0f steps/s", Double(steps) / seconds),
            detail: String(format: "%.1f µs per transcript", seconds * 1e6 / Double(rounds * transcripts.count)))
    }

    /// Reading the corpus's files against replaying them, on this one thread: MB/s of transcript text,
    /// and parsing's share of replay time.
    func parsing(_ urls: [URL], _ transcripts: [Transcript], load: String) throws -> Benchmarks.Row {
        let texts = try urls.map { try Data(contentsOf: $0) }
        let bytes = texts.reduce(0) { $0 + $1.count }
        let rounds = quick ? 20 : 200
        var start = ContinuousClock.now
        for _ in 0..<rounds {
            for (text, url) in zip(texts, urls) { _ = try Transcript.parse(text, file: url.path) }
        }
        let parse = Benchmarks.microseconds(since: start) / 1e6
        let replayer = Replayer(skills: skills)
        start = ContinuousClock.now
        for _ in 0..<rounds {
            for transcript in transcripts { _ = try replayer.replay(transcript) }
        }
        let replay = Benchmarks.microseconds(since: start) / 1e6
        return .init(
            name: "parse, one core (\(transcripts.count) transcripts × \(rounds))", load: load,
            figure: String(format: "%.1f MB/s", Double(bytes * rounds) / 1e6 / parse),
            detail: String(
                format: "%.2f of replay time (%.3f s against %.3f s), %.0f KB of text", parse / replay, parse, replay, Double(bytes) / 1e3))
    }

    /// `skillcheck scenarios Scenarios/` in-process: find, read, parse, replay in parallel, compare.
    func corpus(_ runner: ScenarioRunner, load: String) throws -> Benchmarks.Row {
        let start = ContinuousClock.now
        let cases = try runner.run(paths: [folder])
        let seconds = Benchmarks.microseconds(since: start) / 1e6
        let passed = cases.filter { $0.status == .passed }.count
        return .init(
            name: "whole corpus (\(cases.count) transcripts, all cores)", load: load,
            figure: String(format: "%.3f s", seconds), detail: "\(passed) of \(cases.count) passed")
    }

    /// Every transcript replayed many times: how many distinct outputs each gives.
    func determinism(_ transcripts: [Transcript], load: String) throws -> Benchmarks.Row {
        let replayer = Replayer(skills: skills)
        let rounds = quick ? 100 : 1_000
        var worst = 0
        for transcript in transcripts {
            var outputs: Set<String> = []
            for _ in 0..<rounds { outputs.insert(try replayer.replay(transcript).actual.canonical) }
            worst = max(worst, outputs.count)
        }
        return .init(
            name: "determinism (each transcript × \(rounds))", load: load,
            figure: "\(worst) distinct output\(worst == 1 ? "" : "s")", detail: "most distinct outputs of any transcript")
    }
}
