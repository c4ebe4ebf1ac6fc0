import Foundation
import SkillCheckSupport
import SkillKit

/// Finds transcripts, replays them in parallel across cores, records, and collects the cases.
///
/// The Swift API for a skill package's own tests, in one call:
///
/// ```swift
/// @Test func transcripts() throws {
///     try ScenarioRunner(skills: MySkills.skills).verify(paths: ["Tests/Transcripts"])
/// }
/// ```
@available(SkillCheckTesting, *)
public struct ScenarioRunner: Sendable {
    public var replayer: Replayer
    public var recordMode: RecordMode
    /// Where failing cases' observed transcripts go.
    ///
    /// `nil` writes none.
    public var artifacts: URL?
    /// Only cases whose name, file path or transcript `name` member contains this text.
    public var filter: String?
    /// Only this slice of the sorted cases: `(index, count)` with index in 1...count.
    public var shard: (index: Int, count: Int)?

    /// A runner over `skills` for `AgentEngine` transcripts and `tools` for tool-calling ones.
    public init(
        skills: [any AgentSkill], tools: [@Sendable (SkillContext) -> any ToolSkill] = ScenarioTools.all,
        recordMode: RecordMode = .never, artifacts: URL? = nil
    ) {
        replayer = Replayer(skills: skills, tools: tools)
        self.recordMode = recordMode
        self.artifacts = artifacts
    }

    /// Every `.json` file in `paths` (files, or folders searched recursively, skipping `README`s),
    /// with its case name, sorted, filtered and sharded.
    ///
    /// Symbolic links to files and folders are followed, each real file and folder once (a link cycle
    /// ends there, and a file reached twice is replayed once). Case names are unique in the run (when two
    /// files would share one, each takes one more folder of its path: `a/x`, `b/x`), so two transcripts
    /// never share an artifact. Finding nothing is an error that names each path searched and where it
    /// resolved to, and so is a filter or shard that leaves nothing: a run that checks nothing is not a pass.
    package func discover(paths: [String]) throws(DiscoveryError) -> [(name: String, url: URL)] {
        var finder = TranscriptFinder()
        for path in paths { try finder.search(path) }
        var found = finder.cases
        guard !found.isEmpty else { throw .noTranscripts(searched: finder.searched) }
        if let filter {
            let matching = found.filter { Self.selects($0, filter: filter) }
            guard !matching.isEmpty else { throw .noMatch(filter: filter, found: found.count, example: found[0].name) }
            found = matching
        }
        if let shard {
            let slice = found.enumerated().filter { $0.offset % shard.count == shard.index - 1 }.map(\.element)
            guard !slice.isEmpty else { throw .emptyShard(index: shard.index, count: shard.count, selected: found.count) }
            found = slice
        }
        return found
    }

    /// Replays every transcript in `paths`.
    ///
    /// Throws a ``DiscoveryError`` when there is none to replay.
    public func run(paths: [String]) throws -> [ScenarioCase] {
        let files = try discover(paths: paths)
        let results = CaseCollector(count: files.count)
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            results.set(index, runOne(name: files[index].name, url: files[index].url))
        }
        return results.all
    }

    /// Replays every transcript in `paths`, and throws unless all passed.
    ///
    /// It throws an error whose description is the text report unless every one passed and every write it
    /// asked for happened.
    ///
    /// Throws a ``DiscoveryError`` when there is no transcript to replay. Returns the cases.
    @discardableResult
    public func verify(paths: [String]) throws -> [ScenarioCase] {
        let cases = try run(paths: paths)
        let failed = cases.filter { $0.status != .passed && $0.status != .recorded }
        guard failed.isEmpty else {
            throw ScenarioFailures(report: failed.map(ScenarioReport.text(for:)).joined(separator: "\n"))
        }
        return cases
    }

    /// Replays one transcript file, records it and writes its artifact as the settings say.
    ///
    /// A write that fails (the recording or the artifact) is in the case's ``ScenarioCase/writeErrors``
    /// and makes it ``ScenarioCase/Status/unwritten``: never a pass.
    package func runOne(name: String, url: URL) -> ScenarioCase {
        let start = ContinuousClock.now
        let display = Self.displayPath(url)
        var scenario = ScenarioCase(name: name, file: display, status: .invalid)
        do {
            let transcript = try Transcript.load(contentsOf: url, displayPath: display)
            scenario.title = transcript.title
            var result = try replayer.replay(transcript, recordMode: recordMode)
            record(result, of: &scenario, to: url)
            if recordMode != .never, result.hasMissingExpectations, scenario.recording != .written {
                // Nothing was checked where an expectation was never recorded: not a pass.
                result.differences += result.unrecorded
            }
            if let held = Self.committedSecrets(in: transcript, recording: scenario.recording) { result.differences.append(held) }
            scenario.result = result
            scenario.status = result.passed ? .passed : .failed
            if case .written = scenario.recording, !result.passed { scenario.status = .recorded }
            writeArtifact(result, of: &scenario)
            if !scenario.writeErrors.isEmpty { scenario.status = .unwritten }
        } catch {
            scenario.error = error
        }
        scenario.seconds = (ContinuousClock.now - start).inSeconds
        return scenario
    }

    /// A credential written in the transcript's file, by hand or by a tool other than record mode (which refuses to
    /// write one): the file is committed with the code, so the key is in the repository whatever the replay finds,
    /// and a replay that passes with the key set would say nothing of it. `nil` when the file holds none, when record
    /// mode just wrote it (it checked what it wrote), or when it refused for this very reason.
    static func committedSecrets(in transcript: Transcript, recording: Recorder.Outcome) -> Difference? {
        switch recording {
        case .written, .refusedSecrets: return nil
        default: break
        }
        let held = SecretScanner.findings(in: transcript.document.value, standIns: false)
        guard !held.isEmpty else { return nil }
        let shown = held.prefix(5).map(\.description).joined(separator: ", ") + (held.count > 5 ? ", …" : "")
        return Difference(
            kind: .replay, step: nil, path: "", expected: nil, actual: nil,
            note: "the transcript holds what looks like a credential at \(shown): it is committed with the file, so rotate "
                + "it, and write «redacted» in its place, which matches any value on replay")
    }

    /// Records `result` over the transcript, and a failing case's observed transcript to the artifacts.
    func record(_ result: ReplayResult, of scenario: inout ScenarioCase, to url: URL) {
        do {
            scenario.recording = try Recorder(mode: recordMode).record(result, replayer: replayer, to: url)
        } catch let error as FileWriteError {
            scenario.writeErrors.append(error)
        } catch {
            // Recording could not even start (the file changed since the replay, say): nothing was written.
            scenario.writeErrors.append(FileWriteError(path: url.path, reason: "\(error)"))
        }
    }

    /// Writes a failing case's observed transcript, secrets redacted, to the artifacts folder.
    func writeArtifact(_ result: ReplayResult, of scenario: inout ScenarioCase) {
        guard scenario.status == .failed, let artifacts else { return }
        let target = artifacts.appendingPathComponent(scenario.name + ".actual.json")
        do {
            try FileWriter.write(result.actualTranscriptText, to: target.path)
            scenario.artifact = Self.displayPath(target)
        } catch {
            scenario.writeErrors.append(error)
        }
    }

    /// A path relative to the current folder when it is inside it.
    static func displayPath(_ url: URL) -> String {
        let path = url.standardizedFileURL.path
        let here = FileManager.default.currentDirectoryPath
        return path.hasPrefix(here + "/") ? String(path.dropFirst(here.count + 1)) : path
    }
}

/// Results written by parallel workers, each to its own slot.
@available(SkillCheckTesting, *)
final class CaseCollector: Sendable {
    private let cases: Locked<[ScenarioCase?]>

    init(count: Int) { cases = Locked(Array(repeating: nil, count: count)) }

    func set(_ index: Int, _ scenario: ScenarioCase) {
        cases.withLock { $0[index] = scenario }
    }

    var all: [ScenarioCase] { cases.withLock { $0.compactMap { $0 } } }
}

/// Transcripts that failed in ``ScenarioRunner/verify(paths:)``, with the report that says how.
@available(SkillCheckTesting, *)
package struct ScenarioFailures: Error, CustomStringConvertible {
    package var report: String
    package var description: String { report }
}
