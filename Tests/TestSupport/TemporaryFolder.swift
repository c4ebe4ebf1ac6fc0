import Foundation

/// A fresh folder under the temporary directory, for tests that write files, links and pipes.
package struct TemporaryFolder {
    package let url: URL
    package var path: String { url.path }

    package init(_ label: String = "files") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("skillcheck-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
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
