import Foundation

/// A write that did not happen, with the path as given and why, in the system's words.
///
/// ```swift
/// do {
///     try recorder.write(to: url)   // a SessionRecorder's transcript, written through FileWriter
/// } catch let error as FileWriteError {
///     print(error)  // the path, the step that failed and why: "… No space left on device (ENOSPC)"
/// }
/// ```
@available(SkillCheckTesting, *)
public struct FileWriteError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// The path as the caller gave it.
    public var path: String
    /// What went wrong: the step that failed and the system's error text, or what the path is.
    public var reason: String
    /// The `errno` behind it, when the system reported one (such as `ENOSPC`).
    public var code: Int32?

    package init(path: String, reason: String, code: Int32? = nil) {
        self.path = path
        self.reason = reason
        self.code = code
    }

    /// The failure of a system call: `step` says what was being done, `code` is its `errno`.
    static func system(_ path: String, _ step: String, _ code: Int32) -> FileWriteError {
        let text = String(cString: strerror(code))
        let name = errnoNames[code].map { " (\($0))" } ?? ""
        return FileWriteError(path: path, reason: step.isEmpty ? text + name : "\(step): \(text)\(name)", code: code)
    }

    private static let errnoNames: [Int32: String] = [
        EACCES: "EACCES", EPERM: "EPERM", ENOSPC: "ENOSPC", EROFS: "EROFS", EISDIR: "EISDIR", ENOTDIR: "ENOTDIR",
        ENOENT: "ENOENT", EEXIST: "EEXIST", EIO: "EIO", ELOOP: "ELOOP", ENAMETOOLONG: "ENAMETOOLONG",
        EDQUOT: "EDQUOT", EPIPE: "EPIPE", ENXIO: "ENXIO", EXDEV: "EXDEV",
    ]

    public var description: String { "cannot write \(path): \(reason)" }
    public var errorDescription: String? { description }
}
