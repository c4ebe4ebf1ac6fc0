import Foundation

/// A package folder as the commands take it: a path, absolute or relative to the working directory, to a
/// folder that holds a `Package.swift`.
package enum PackageLocation {
    /// Why a path is not a package folder.
    package enum Problem: Sendable, Equatable {
        case noSuchFolder
        case isAFile
        case noManifest
    }

    /// `path` made absolute against `directory` and standardized (`.` and `..` resolved).
    package static func absolute(_ path: String, from directory: String) -> String {
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : URL(fileURLWithPath: directory).appendingPathComponent(path)
        return url.standardizedFileURL.path
    }

    /// What keeps `folder` from being a package folder, or `nil` when it holds a `Package.swift`.
    package static func problem(with folder: String) -> Problem? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) else { return .noSuchFolder }
        guard isFolder.boolValue else { return .isAFile }
        return isPackage(URL(fileURLWithPath: folder)) ? nil : .noManifest
    }

    /// Whether `folder` holds a `Package.swift`.
    package static func isPackage(_ folder: URL) -> Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path)
    }
}
