import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A fresh folder under the temporary directory, for tests that write files, links and pipes.
///
/// Each folder is removed when the test process ends, not when the value goes: tests keep its path (a
/// string, a URL handed to the code under test) past the value's last use, and a struct has no deinit that
/// could remove it early. So each folder made is put in a process-wide list, and one `atexit` handler,
/// installed with the first, removes every folder in it (its contents with it) as the process exits. A
/// crash or a kill leaves them; a normal end of `swift test`, passing or failing, does not.
package struct TemporaryFolder {
    package let url: URL
    package var path: String { url.path }

    package init(_ label: String = "files") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("skillcheck-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        CreatedFolders.shared.add(url.path)
    }

    /// A fresh folder holding an empty `Package.swift`: a package as the commands see it.
    package static func withManifest() throws -> TemporaryFolder {
        let folder = try TemporaryFolder("cli")
        try folder.file("Package.swift", "// swift-tools-version:6.0\n")
        return folder
    }

    /// `path/name`, as a string.
    package func callAsFunction(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Writes `text` to `name` (creating its folders), and returns its path.
    @discardableResult
    package func file(_ name: String, _ text: String) throws -> String {
        let target = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: target)
        return target.path
    }

    /// Creates the folder `name`, and returns its path.
    @discardableResult
    package func folder(_ name: String) throws -> String {
        try FileManager.default.createDirectory(at: url.appendingPathComponent(name), withIntermediateDirectories: true)
        return self(name)
    }

    /// Makes `name` a symbolic link to `destination` (kept as written: relative or absolute).
    @discardableResult
    package func link(_ name: String, to destination: String) throws -> String {
        try FileManager.default.createSymbolicLink(atPath: self(name), withDestinationPath: destination)
        return self(name)
    }

    /// The names in the folder `name` (default: this folder), sorted.
    package func contents(_ name: String = "") throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: name.isEmpty ? path : self(name)).sorted()
    }

    package static func text(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    /// `stat` of `path`, following links; `lstat` with `following: false`.
    package static func info(_ path: String, following: Bool = true) -> stat? {
        var info = stat()
        return (following ? stat(path, &info) : lstat(path, &info)) == 0 ? info : nil
    }

    package static func kind(_ path: String, following: Bool = true) -> mode_t? {
        info(path, following: following).map { $0.st_mode & mode_t(S_IFMT) }
    }
}

/// The folders `TemporaryFolder` made in this process, removed by an `atexit` handler (see `TemporaryFolder`).
private final class CreatedFolders: @unchecked Sendable {
    /// Made on first use (thread-safe, as every static `let`), which installs the handler once.
    static let shared: CreatedFolders = {
        let folders = CreatedFolders()
        atexit { CreatedFolders.shared.removeAll() }
        return folders
    }()

    /// The process that made the folders: a child forked from it that calls `exit` removes nothing of its parent's.
    private let owner = getpid()
    /// Guards `paths`: the tests make folders from many threads at once.
    private let lock = NSLock()
    private var paths: [String] = []

    func add(_ path: String) { lock.withLock { paths.append(path) } }

    /// Removes each folder listed (and only those), whatever a test left in it.
    func removeAll() {
        guard getpid() == owner else { return }
        let folders = lock.withLock {
            defer { paths.removeAll() }
            return paths
        }
        // Those a test removed itself are gone already.
        for folder in folders where TemporaryFolder.kind(folder, following: false) != nil {
            guard (try? FileManager.default.removeItem(atPath: folder)) == nil else { continue }
            // A test may have left a folder in it without write or search permission: grant it, and try again.
            Self.makeRemovable(folder)
            try? FileManager.default.removeItem(atPath: folder)
        }
    }

    /// Gives the owner full access to `folder` and every folder under it, never following a link.
    private static func makeRemovable(_ folder: String) {
        guard TemporaryFolder.kind(folder, following: false) == mode_t(S_IFDIR) else { return }
        chmod(folder, S_IRWXU)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
            makeRemovable(folder + "/" + name)
        }
    }
}
