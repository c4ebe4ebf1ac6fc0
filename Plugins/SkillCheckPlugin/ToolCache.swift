import Foundation
import PackagePlugin

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the plugin finds a `skillcheck` already built for the kit's sources, or builds one and keeps it.
///
/// The tool is keyed by a digest of the kit's sources (its manifest and everything under `Sources/`, which
/// and the example skills `skillcheck` compiles in) and of the toolchain (the `swift` on `PATH`, its size and time), so two packages whose
/// checkouts of the kit hold the same sources share one build, and a changed kit, or another compiler, gets
/// its own. It lives in the kit's shared build folder (`$SKILLCHECK_SHARED_CACHE`, else
/// `$XDG_CACHE_HOME/skillcheck/shared` or `~/.cache/skillcheck/shared`) under `tool/<digest>/skillcheck`;
/// with `SKILLCHECK_SHARED_CACHE=off` it is built in the plugin's own work folder. A build holds a lock,
/// so two plugins started at once build it once.
struct ToolCache {
    var kit: URL
    var work: URL
    var environment = ProcessInfo.processInfo.environment

    /// The package in `root`'s graph (itself first) that has the `skillcheck` executable.
    static func kit(of root: Package) -> Package? {
        var seen = Set<String>()
        var queue = [root]
        while !queue.isEmpty {
            let package = queue.removeFirst()
            guard seen.insert(package.id).inserted else { continue }
            if package.products.contains(where: { $0.name == "skillcheck" && $0 is ExecutableProduct }) { return package }
            queue += package.dependencies.map(\.package)
        }
        return nil
    }

    /// The shared folder, or `nil` when sharing is off.
    ///
    /// - Bug: the same rule as `SharedBuildCache.defaultRoot(environment:)` in SkillCheckCommand, written again
    ///   because a plugin links only PackagePlugin and Foundation; change both together.
    var sharedRoot: URL? {
        if let root = environment["SKILLCHECK_SHARED_CACHE"], !root.isEmpty {
            return root == "off" ? nil : URL(fileURLWithPath: root)
        }
        let cache =
            environment["XDG_CACHE_HOME"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache")
        return cache.appendingPathComponent("skillcheck/shared")
    }

    /// The built tool: the one kept for these sources, or one built now (progress through `report`).
    func tool(report: (String) -> Void) throws -> URL {
        let swift = try Self.which("swift", environment: environment)
        let digest = try sourceDigest(swift: swift)
        let folder = (sharedRoot ?? work).appendingPathComponent("tool", isDirectory: true)
        let kept = folder.appendingPathComponent("\(digest)/skillcheck")
        if FileManager.default.isExecutableFile(atPath: kept.path) { return kept }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let lock = open(folder.appendingPathComponent(".lock").path, O_CREAT | O_RDWR, 0o644)
        guard lock >= 0 else { throw SkillCheckFailure(description: "could not open the lock in \(folder.path): errno \(errno)") }
        defer { close(lock) }
        if flock(lock, LOCK_EX | LOCK_NB) != 0 {
            report("waiting for another plugin that is building skillcheck for this kit")
            flock(lock, LOCK_EX)
        }
        defer { flock(lock, LOCK_UN) }
        if FileManager.default.isExecutableFile(atPath: kept.path) { return kept }

        // One scratch folder per kit checkout, so that a changed kit at the same path builds incrementally.
        let scratch = folder.appendingPathComponent("build-\(Self.digest(of: [Data(kit.path.utf8)]))", isDirectory: true)
        report("building skillcheck for this kit and toolchain, once: every package that uses the same kit reuses it")
        let build = Process()
        build.executableURL = swift
        build.arguments = ["build", "--product", "skillcheck", "--package-path", kit.path, "--scratch-path", scratch.path]
        let output = Pipe()
        build.standardOutput = output
        build.standardError = output
        try build.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        build.waitUntilExit()
        guard build.terminationReason == .exit, build.terminationStatus == 0 else {
            throw SkillCheckFailure(
                description: "building skillcheck failed (\(swift.path) \(build.arguments!.joined(separator: " "))):\n"
                    + String(decoding: printed.suffix(4_000), as: UTF8.self))
        }
        let built = scratch.appendingPathComponent("debug/skillcheck").resolvingSymlinksInPath()
        // Kept under a temporary name, then renamed: a reader never finds half a binary.
        try FileManager.default.createDirectory(at: kept.deletingLastPathComponent(), withIntermediateDirectories: true)
        let partial = kept.deletingLastPathComponent().appendingPathComponent(".skillcheck-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: built, to: partial)
        guard rename(partial.path, kept.path) == 0 else {
            try? FileManager.default.removeItem(at: partial)
            throw SkillCheckFailure(description: "could not keep the built skillcheck at \(kept.path): errno \(errno)")
        }
        return kept
    }

    /// A digest of what the tool is built from: the kit's manifest and sources, and the compiler.
    func sourceDigest(swift: URL) throws -> String {
        var parts: [Data] = []
        let attributes = try FileManager.default.attributesOfItem(atPath: swift.resolvingSymlinksInPath().path)
        parts.append(Data("\(swift.resolvingSymlinksInPath().path) \(attributes[.size] ?? 0) \(attributes[.modificationDate] ?? "")".utf8))
        var files = ["Package.swift"]
        // SkillCheckCommand compiles the example's skills in (BundledReferenceSkills).
        for folder in ["Sources", "Examples/ReferenceSkills/Sources"] {
            guard let walk = FileManager.default.enumerator(atPath: kit.appendingPathComponent(folder).path) else { continue }
            while let path = walk.nextObject() as? String { files.append("\(folder)/\(path)") }
        }
        for file in files.sorted() {
            var isFolder: ObjCBool = false
            let url = kit.appendingPathComponent(file)
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            parts.append(Data(file.utf8))
            parts.append(try Data(contentsOf: url))
        }
        return Self.digest(of: parts)
    }

    /// Two 64-bit FNV-1a hashes (each part's length folded in), as 32 hex digits: a plugin cannot link
    /// SkillCheckCommand's `PackageFingerprint.Digest`.
    static func digest(of parts: [Data]) -> String {
        var first: UInt64 = 0xcbf2_9ce4_8422_2325
        var second: UInt64 = 0x8422_2325_cbf2_9ce4
        for part in parts {
            for byte in withUnsafeBytes(of: UInt64(part.count).littleEndian, Array.init) {
                first = (first ^ UInt64(byte)) &* 0x100_0000_01b3
            }
            part.withUnsafeBytes { bytes in
                for byte in bytes {
                    first = (first ^ UInt64(byte)) &* 0x100_0000_01b3
                    second = (second ^ UInt64(byte)) &* 0x100_0000_01b3 &+ 1
                }
            }
        }
        return String(first, radix: 16).leftPadded(16) + String(second, radix: 16).leftPadded(16)
    }

    /// `name` on `PATH`.
    static func which(_ name: String, environment: [String: String]) throws -> URL {
        for folder in (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw SkillCheckFailure(description: "no \(name) on PATH, which the plugin needs to build skillcheck")
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
