import Foundation
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
public struct ScenarioRunner: Sendable {
    public var replayer: Replayer
    public var recordMode: RecordMode
    /// Where failing cases' observed transcripts go; `nil` writes none.
    public var artifacts: URL?
    /// Only cases whose name, file path or transcript `name` member contains this text.
    public var filter: String?
    /// Only this slice of the sorted cases: `(index, count)` with index in 1...count.
    public var shard: (index: Int, count: Int)?

    public init(skills: [any AgentSkill], recordMode: RecordMode = .never, artifacts: URL? = nil) {
        replayer = Replayer(skills: skills)
        self.recordMode = recordMode
        self.artifacts = artifacts
    }

    /// Every `.json` file in `paths` (files, or folders searched recursively, skipping `README`s),
    /// with its case name, sorted, filtered and sharded.
    public func discover(paths: [String]) throws -> [(name: String, url: URL)] {
        var found: [(name: String, url: URL)] = []
        for path in paths {
            let url = URL(fileURLWithPath: path)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
                throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: path,
                                                             NSLocalizedDescriptionKey: "no such file or folder: \(path)"])
            }
            guard isDirectory.boolValue else {
                found.append((url.deletingPathExtension().lastPathComponent, url))
                continue
            }
            let root = url.standardizedFileURL.path
            let walker = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil)
            while let file = walker?.nextObject() as? URL {
                guard file.pathExtension == "json" else { continue }
                var relative = file.standardizedFileURL.path
                if relative.hasPrefix(root + "/") { relative.removeFirst(root.count + 1) }
                found.append((String(relative.dropLast(5)), file))
            }
        }
        found.sort { $0.name < $1.name }
        if let filter { found = found.filter { Self.selects($0, filter: filter) } }
        if let shard {
            found = found.enumerated().filter { $0.offset % shard.count == shard.index - 1 }.map(\.element)
        }
        return found
    }

    /// Replays every transcript in `paths`.
    public func run(paths: [String]) throws -> [ScenarioCase] {
        let files = try discover(paths: paths)
        let results = CaseCollector(count: files.count)
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            results.set(index, runOne(name: files[index].name, url: files[index].url))
        }
        return results.all
    }

    /// Replays every transcript in `paths`, and throws ``ScenarioFailures`` (whose description is the
    /// text report) unless every one passed. Returns the cases.
    @discardableResult
    public func verify(paths: [String]) throws -> [ScenarioCase] {
        let cases = try run(paths: paths)
        guard !cases.isEmpty else { throw ScenarioFailures(report: "no transcripts in " + paths.joined(separator: ", ")) }
        let failed = cases.filter { $0.status == .failed || $0.status == .invalid }
        guard failed.isEmpty else {
            throw ScenarioFailures(report: failed.map(ScenarioReport.text(for:)).joined(separator: "\n"))
        }
        return cases
    }

    /// Replays one transcript file.
    public func runOne(name: String, url: URL) -> ScenarioCase {
        let start = ContinuousClock.now
        let display = Self.displayPath(url)
        var scenario = ScenarioCase(name: name, file: display, status: .invalid)
        do {
            let transcript = try Transcript.load(contentsOf: url, displayPath: display)
            scenario.title = transcript.title
            var result = try replayer.replay(transcript, recordMode: recordMode)
            scenario.recording = (try? Recorder(mode: recordMode).record(result, to: url)) ?? .untouched
            if recordMode != .never, result.hasMissingExpectations, scenario.recording != .written {
                // Nothing was checked where an expectation was never recorded: not a pass.
                result.differences += result.unrecorded
            }
            scenario.result = result
            scenario.status = result.passed ? .passed : .failed
            if case .written = scenario.recording, !result.passed { scenario.status = .recorded }
            if scenario.status == .failed, let artifacts {
                let target = artifacts.appendingPathComponent(name + ".actual.json")
                if (try? Recorder.writeAtomically(SecretScanner.redacted(result.actual).pretty + "\n", to: target)) != nil {
                    scenario.artifact = Self.displayPath(target)
                }
            }
        } catch {
            scenario.error = error
        }
        let (seconds, attoseconds) = (ContinuousClock.now - start).components
        scenario.seconds = Double(seconds) + Double(attoseconds) / 1e18
        return scenario
    }

    /// A path relative to the current folder when it is inside it.
    static func displayPath(_ url: URL) -> String {
        let path = url.standardizedFileURL.path
        let here = FileManager.default.currentDirectoryPath
        return path.hasPrefix(here + "/") ? String(path.dropFirst(here.count + 1)) : path
    }
}

/// Results written by parallel workers, each to its own slot.
final class CaseCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var cases: [ScenarioCase?]

    init(count: Int) { cases = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ scenario: ScenarioCase) {
        lock.lock()
        cases[index] = scenario
        lock.unlock()
    }

    var all: [ScenarioCase] {
        lock.lock()
        defer { lock.unlock() }
        return cases.compactMap { $0 }
    }
}

/// Transcripts that failed in ``ScenarioRunner/verify(paths:)``, with the report that says how.
public struct ScenarioFailures: Error, CustomStringConvertible {
    public var report: String
    public var description: String { report }
}
