import Foundation
import SkillCheckSupport
import SkillConformance

/// What `swift package describe --type json` says about a package: the parts discovery needs.
///
/// ```swift
/// let package = try DescribedPackage.read(at: URL(fileURLWithPath: "Examples/ReferenceSkills"), scratch: scratchURL)
/// package.libraryProduct(containing: "ReferenceSkills")   // "ReferenceSkills"
/// ```
@available(SkillCheckTesting, *)
package struct DescribedPackage: Sendable, Codable, Hashable {
    package struct Product: Sendable, Codable, Hashable {
        package var name: String
        package var targets: [String]
        /// `{"library": ["automatic"]}`, `{"executable": null}`, …: only the key matters here.
        package var type: [String: [String]?]

        package var isLibrary: Bool { type.keys.contains("library") }
    }

    package struct Target: Sendable, Codable, Hashable {
        package var name: String
        package var c99name: String?
        package var type: String
        package var path: String
        package var sources: [String]?
    }

    package var name: String
    package var path: String
    package var products: [Product]
    package var targets: [Target]

    /// The library product that offers `module`, for a harness to depend on.
    package func libraryProduct(containing module: String) -> String? {
        products.first { $0.isLibrary && $0.targets.contains(module) }?.name
    }

    /// The package's regular (non-test, non-executable) Swift modules.
    package var libraryModules: [String] {
        targets.filter { $0.type == "library" }.map { $0.c99name ?? $0.name }
    }

    /// Runs `swift package describe` on the package at `url`, with `scratch` as its scratch path.
    ///
    /// Every SwiftPM call skillcheck makes on the user's package names a scratch path of skillcheck's own:
    /// under `swift package skillcheck` SwiftPM holds the package's own `.build` locked until the plugin
    /// ends, and a nested call on that `.build` would wait for it forever.
    package static func read(at url: URL, scratch: URL) throws(DiscoveryFailure) -> DescribedPackage {
        let run: ToolRunner.Run
        do {
            run = try ToolRunner.run(
                [
                    "swift", "package", "--package-path", url.path, "--scratch-path", scratch.path,
                    "describe", "--type", "json",
                ],
                timeout: .seconds(300))
        } catch {
            throw .toolFailed(error.description, output: "")
        }
        guard run.succeeded else {
            throw .notAPackage(url.path, compilerLines: DiscoveryFailure.errorLines(run.standardError + run.standardOutput))
        }
        // SwiftPM may print warnings before the JSON.
        let json = run.standardOutput.drop { $0 != "{" }
        do {
            return try JSONDecoder().decode(DescribedPackage.self, from: Data(json.utf8))
        } catch {
            throw .toolFailed("swift package describe gave output this version cannot read: \(error)", output: run.standardOutput)
        }
    }
}

/// The location of the SkillCheck checkout a package depends on, from `swift package show-dependencies`:
/// the harness must depend on the very same one (SwiftPM names a path dependency after its folder, and
/// two checkouts would give two modules named SkillKit).
@available(SkillCheckTesting, *)
package struct KitLocation: Sendable, Codable, Hashable {
    package var path: String
    /// The package identity SwiftPM gives it (its folder's name, lowercased).
    package var identity: String
    /// Every package the checked package depends on, however deep (the kit among them): their folders
    /// are part of what a run's results depend on (see ``PackageFingerprint``).
    package var dependencyPaths: [String] = []

    struct Node: Decodable {
        var identity: String
        var name: String
        var path: String
        var dependencies: [Node]
    }

    /// Finds the package named `SkillCheck` among `url`'s dependencies, however deep; `scratch` is the
    /// scratch path (never the package's own `.build`: see ``DescribedPackage/read(at:scratch:)``).
    package static func find(forPackageAt url: URL, scratch: URL) throws(DiscoveryFailure) -> KitLocation {
        let run: ToolRunner.Run
        do {
            run = try ToolRunner.run(
                [
                    "swift", "package", "--package-path", url.path, "--scratch-path", scratch.path,
                    "show-dependencies", "--format", "json",
                ],
                timeout: .seconds(600))
        } catch {
            throw .toolFailed(error.description, output: "")
        }
        let json = run.standardOutput.drop { $0 != "{" }
        guard run.succeeded, let root = try? JSONDecoder().decode(Node.self, from: Data(json.utf8)) else {
            throw .notAPackage(url.path, compilerLines: DiscoveryFailure.errorLines(run.standardError + run.standardOutput))
        }
        var queue = root.dependencies
        var kit: KitLocation?
        var paths: [String] = []
        while !queue.isEmpty {
            let node = queue.removeFirst()
            if node.name == "SkillCheck" && kit == nil { kit = KitLocation(path: node.path, identity: node.identity) }
            if !paths.contains(node.path) { paths.append(node.path) }
            queue += node.dependencies
        }
        guard var kit else { throw .noSkillKit(url.path) }
        kit.dependencyPaths = paths
        return kit
    }
}
