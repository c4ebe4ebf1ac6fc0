import Foundation

/// Writes observed transcripts: over the expectation in record mode, or to the artifacts folder.
public struct Recorder: Sendable {
    /// What recording did with one transcript.
    public enum Outcome: Sendable, Hashable {
        /// Nothing to write, or the mode forbids it.
        case untouched
        /// The transcript file was rewritten.
        case written
        /// The observed values look like secrets at these JSON pointers, so nothing was written.
        case refusedSecrets([String])
    }

    public var mode: RecordMode

    public init(mode: RecordMode) {
        self.mode = mode
    }

    /// Whether `result` should be written over its transcript under ``mode``.
    public func shouldWrite(_ result: ReplayResult) -> Bool {
        if result.differences.contains(where: { $0.kind == .replay }) { return false }
        switch mode {
        case .never: return false
        case .missing: return result.passed && result.hasMissingExpectations
        case .failed: return !result.passed || result.hasMissingExpectations
        case .all: return true
        }
    }

    /// Writes `result.actual` over the transcript when ``shouldWrite(_:)`` says so.
    public func record(_ result: ReplayResult, to url: URL) throws -> Outcome {
        guard shouldWrite(result) else { return .untouched }
        let secrets = SecretScanner.secrets(in: result.actual)
        guard secrets.isEmpty else { return .refusedSecrets(secrets) }
        try Self.writeAtomically(result.actual.pretty + "\n", to: url)
        return .written
    }

    /// Writes `text` to a temporary file beside `url`, then renames it over `url`: a reader never sees
    /// half a file, and a crash leaves the old file whole.
    public static func writeAtomically(_ text: String, to url: URL) throws {
        let directory = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        try Data(text.utf8).write(to: temporary)
        if rename(temporary.path, url.path) != 0 {
            let code = errno
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path,
                                                           NSLocalizedDescriptionKey: String(cString: strerror(code))])
        }
    }
}
