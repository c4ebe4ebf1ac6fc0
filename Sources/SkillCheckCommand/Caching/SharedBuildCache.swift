import Foundation
import SkillCheckSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Build folders that every package checked on this machine shares, so that the kit's own modules are
/// compiled once per kit checkout, toolchain and set of flags, not once per package and stage.
///
/// A cold `skillcheck` spends most of its time compiling, and most of that compiling is the kit: the
/// harness links SkillConformance, SkillTesting, SkillEngine and SkillKit, built again for the plain
/// harness and for the ThreadSanitizer one. Here each flavour of build (``Flavor``) has one SwiftPM scratch
/// folder under `<root>/<kit and toolchain digest>/`, used by every package in turn:
///
/// - **Correct after any change.** Each build runs with `--disable-build-manifest-caching`, so SwiftPM
///   plans it again from the package it is given, and its build system recompiles whatever source,
///   flag or dependency changed (the kit's and the package's alike). The folder's name carries the kit's
///   path and the toolchain's identity (the resolved `swift` and its size and time): a module built by
///   another compiler is never loaded.
/// - **Safe when two runs start at once.** A build holds the flavour's lock (`flock`) from the moment it
///   starts to the moment its products are copied out to the package's own folder; a second run waits
///   for it (and says so), then finds the kit already built.
/// - **Each package keeps its own products.** What the stages run (the test binary, the scenarios
///   program) is copied to the package's scratch folder, so a later build for another package never
///   changes what this one runs, and a warm re-run finds its binary where it left it.
///
/// ```swift
/// let cache = SharedBuildCache(root: SharedBuildCache.defaultRoot()!, kit: kitPath)
/// try cache.build(.plain, into: packageBuildFolder, products: ["SkillCheckHarnessPackageTests.xctest"]) { scratch in
///     try run(["swift", "build", "--scratch-path", scratch.path, …])
/// }
/// ```
@available(SkillCheckTesting, *)
package struct SharedBuildCache: Sendable, Hashable {
    /// A set of build flags: each has a scratch folder (and a lock) of its own.
    package enum Flavor: String, Sendable, CaseIterable {
        /// The harness as the conformance stage builds it.
        case plain
        /// The harness with `--sanitize=thread`, for the race stage.
        case tsan
    }

    /// The folder every kit checkout and toolchain has its own subfolder in.
    package var root: URL
    /// The kit checkout the builds compile (its absolute path).
    package var kit: String

    package init(root: URL, kit: String) {
        self.root = root.standardizedFileURL
        self.kit = kit
    }

    /// `$SKILLCHECK_SHARED_CACHE` when set (`off` for none), else `shared` in skillcheck's cache folder
    /// (`$XDG_CACHE_HOME/skillcheck` or `~/.cache/skillcheck`).
    package static func defaultRoot(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        if let root = environment["SKILLCHECK_SHARED_CACHE"], !root.isEmpty {
            return root == "off" ? nil : URL(fileURLWithPath: root)
        }
        return cacheFolder(environment: environment).appendingPathComponent("shared")
    }

    /// skillcheck's own cache folder, `$XDG_CACHE_HOME/skillcheck` or `~/.cache/skillcheck`: each package's
    /// scratch folder and the shared builds live in it.
    package static func cacheFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let cache =
            environment["XDG_CACHE_HOME"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache")
        return cache.appendingPathComponent("skillcheck")
    }

    /// This kit checkout's and toolchain's folder: `<root>/<kit folder name>-<digest>`.
    package var folder: URL {
        var digest = PackageFingerprint.Digest()
        digest.add(kit + "\n")
        digest.add(PackageFingerprint(roots: [], tools: Array(PackageFingerprint.toolPaths.dropFirst())).tools)
        let name = URL(fileURLWithPath: kit).lastPathComponent.filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
        return root.appendingPathComponent("\(name)-\(digest.hex.prefix(16))", isDirectory: true)
    }

    /// The SwiftPM scratch folder of `flavor`.
    package func scratch(_ flavor: Flavor) -> URL {
        folder.appendingPathComponent(flavor.rawValue, isDirectory: true)
    }

    /// Runs `build` on `flavor`'s scratch folder under its lock, then copies each of `products` (names in
    /// the scratch's `debug` folder) to `destination/debug`, replacing what was there. `waiting` is told
    /// when another run holds the lock.
    ///
    /// A product `build` did not leave is an error: the stage would otherwise run an older one.
    package func build(
        _ flavor: Flavor, into destination: URL, products: [String], waiting: (String) -> Void = { _ in },
        _ build: (URL) throws -> Void
    ) throws {
        let scratch = scratch(flavor)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let lock = try FileLock(folder.appendingPathComponent("\(flavor.rawValue).lock"))
        defer { lock.unlock() }
        if !lock.tryLock() {
            waiting("waiting for another skillcheck run that is building in \(scratch.path)")
            try lock.lock()
        }
        try build(scratch)
        let debug = destination.appendingPathComponent("debug", isDirectory: true)
        try FileManager.default.createDirectory(at: debug, withIntermediateDirectories: true)
        for product in products {
            let source = scratch.appendingPathComponent("debug/\(product)")
            let target = debug.appendingPathComponent(product)
            guard FileManager.default.fileExists(atPath: source.path) else {
                throw FileLock.Failure(path: source.path, reason: "the build left no \(product)")
            }
            // Copy to a temporary name, then rename over the old one: a reader never sees half a file.
            let partial = debug.appendingPathComponent(".\(product).partial")
            // A partial copy a crashed run left behind; if it cannot be removed, the copy below fails and says so.
            try? FileManager.default.removeItem(at: partial)
            try FileManager.default.copyItem(at: source, to: partial)
            if rename(partial.path, target.path) != 0 {
                let reason = String(cString: strerror(errno))
                try? FileManager.default.removeItem(at: partial) // tidying only: the failure is thrown below
                throw FileLock.Failure(path: target.path, reason: "could not replace it: \(reason)")
            }
        }
    }
}
