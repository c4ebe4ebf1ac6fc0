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

    /// Writes `result.actual` over the transcript when ``shouldWrite(_:)`` says so, through
    /// ``FileWriter``: a symbolic link stays a link, the file keeps its mode and owner.
    public func record(_ result: ReplayResult, to url: URL) throws(FileWriteError) -> Outcome {
        guard shouldWrite(result) else { return .untouched }
        let secrets = SecretScanner.secrets(in: result.actual)
        guard secrets.isEmpty else { return .refusedSecrets(secrets) }
        try FileWriter.write(result.actual.pretty + "\n", to: url.path)
        return .written
    }
}
