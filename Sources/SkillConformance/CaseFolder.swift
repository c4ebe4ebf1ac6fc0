import Foundation

/// The folder `skillcheck` made for one harness process to run in, emptied before each case the process runs:
/// a skill that keeps a file at a relative path (a memory file, a tally) starts every rule's check from the same
/// empty folder, so that what one check left (a file two concurrent runs corrupted under SEND-2) never decides
/// another rule's verdict, and a run gives the same verdicts every time.
///
/// Only the folder the environment names (`SKILLCHECK_CASE_FOLDER`), and only while it is the current
/// directory: a user's own `swift test` never sets it, so nothing of theirs is touched.
///
/// ```swift
/// CaseFolder.emptyBeforeCase()   // a no-op unless SKILLCHECK_CASE_FOLDER names the current directory
/// ```
@available(SkillCheckTesting, *)
package enum CaseFolder {
    package static let environmentKey = "SKILLCHECK_CASE_FOLDER"

    /// Empties the folder the environment names, when it is the current directory.
    package static func emptyBeforeCase() {
        empty(ProcessInfo.processInfo.environment[environmentKey], whenCurrentIs: FileManager.default.currentDirectoryPath)
    }

    /// Removes what `folder` holds when `folder` and `current` are one folder; a link in it is removed as a link,
    /// never followed. Returns whether it emptied the folder.
    @discardableResult
    package static func empty(_ folder: String?, whenCurrentIs current: String) -> Bool {
        guard let folder, !folder.isEmpty else { return false }
        let resolved = [folder, current].map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().standardizedFileURL.path }
        guard resolved[0] == resolved[1], let names = try? FileManager.default.contentsOfDirectory(atPath: resolved[0]) else {
            return false
        }
        for name in names {
            // What cannot be removed (inside a folder the skill made read-only) stays: the case then sees it, as before.
            try? FileManager.default.removeItem(atPath: resolved[0] + "/" + name)
        }
        return true
    }
}
