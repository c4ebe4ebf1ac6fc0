import Foundation
import SkillConformance
import SkillScenarios
import SkillTesting

/// What `skillcheck check` keeps between runs in a package's scratch folder (`skillcheck-memory.json`,
/// schema `skillcheck.memory/2`): the discovery and the static stage's evidence, the fingerprint of
/// what they were made from (``PackageFingerprint``), and the fingerprint each harness build last
/// succeeded with. A run whose fingerprint matches reuses them instead of asking SwiftPM and compiling
/// again; the conformance and race checks themselves always run. `--no-cache` ignores it.
///
/// ```swift
/// if let memory = RunMemory.read(in: scratch), memory.fingerprint == now.value {
///     discovery = memory.discovery        // no `swift package describe`, no symbol graph
/// }
/// ```
@available(SkillCheckTesting, *)
package struct RunMemory: Sendable, Codable {
    package static let format = WireFormat.memory
    package static let fileName = "skillcheck-memory.json"

    package var schema = RunMemory.format.id
    /// ``PackageFingerprint/value`` of the package, its dependencies and the tools when this was made.
    package var fingerprint: String
    package var discovery: SkillDiscovery
    package var evidence: StaticAnalysis.Evidence
    /// When the discovery and the evidence were made.
    package var made: Date
    /// For each build folder (by name), what its last successful build was made from (the fingerprint and
    /// the harness's contents) and the test binary it left (size and modification time): a build is
    /// skipped only when both still match.
    package var builds: [String: String] = [:]

    package init(fingerprint: String, discovery: SkillDiscovery, evidence: StaticAnalysis.Evidence, made: Date) {
        self.fingerprint = fingerprint
        self.discovery = discovery
        self.evidence = evidence
        self.made = made
    }

    /// The memory in `scratch`, or `nil` when there is none, or one this version cannot read (then the
    /// run starts over and writes a new one).
    package static func read(in scratch: URL) -> RunMemory? {
        guard let data = FileManager.default.contents(atPath: scratch.appendingPathComponent(fileName).path),
            let memory = try? JSONDecoder().decode(RunMemory.self, from: data), memory.schema == format.id
        else { return nil }
        return memory
    }

    /// Writes it into `scratch` (a regular file of skillcheck's own; never through a link).
    package func write(in scratch: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(self)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        try FileWriter.write(String(decoding: data, as: UTF8.self), to: scratch.appendingPathComponent(Self.fileName).path)
    }
}
