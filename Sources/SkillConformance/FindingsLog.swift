import Foundation
import SkillCheckSupport
import SkillEngine
import SkillKit

/// Where a test process hands its findings to the process that started it: when the environment names a
/// file in `SKILLCHECK_FINDINGS_FILE`, each recorded case appends one line, a ``FindingsReport`` in JSON.
/// `skillcheck` sets it for the harness it runs, and reads the file back; otherwise nothing is written.
///
/// ```swift
/// FindingsLog.record(findings)   // a no-op unless SKILLCHECK_FINDINGS_FILE is set
/// let back = try FindingsLog.read(URL(fileURLWithPath: path))
/// ```
@available(SkillCheckTesting, *)
package enum FindingsLog {
    package static let environmentKey = "SKILLCHECK_FINDINGS_FILE"
    private static let lock = Locked(())

    /// Appends `findings` as one line to the file the environment names, if it names one.
    package static func record(_ findings: [Finding]) {
        guard let path = ProcessInfo.processInfo.environment[environmentKey], !path.isEmpty else { return }
        guard var line = try? JSONEncoder().encode(FindingsReport(findings: findings)) else { return }
        line.append(UInt8(ascii: "\n"))
        lock.withLock { _ in
            let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT, 0o644)
            guard descriptor >= 0 else {
                FileHandle.standardError.write(Data("skillcheck: cannot append findings to \(path): errno \(errno)\n".utf8))
                return
            }
            defer { close(descriptor) }
            let written = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written != line.count {
                FileHandle.standardError.write(Data("skillcheck: findings to \(path) cut short\n".utf8))
            }
        }
    }

    /// Every finding in a file ``record(_:)`` wrote (a missing file has none).
    package static func read(_ url: URL) throws -> [Finding] {
        guard let data = try? Data(contentsOf: url) else { return [] }
        return try data.split(separator: UInt8(ascii: "\n")).flatMap { try FindingsReport.decode(Data($0)).findings }
    }
}
