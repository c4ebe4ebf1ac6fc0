import Foundation

/// A digest of everything a check's reusable results (discovery, the static stage, the harness builds)
/// are made from: every file of the package and of each package it depends on (its path, size,
/// modification time and, for a link, where it points), the `skillcheck` executable, and the `swift`
/// toolchain. Folders whose names start with a dot (`.build`, `.git`, `.swiftpm`) are not read: SwiftPM
/// builds nothing from them (a dependency's checkout under `.build/checkouts` is a root of its own).
///
/// Each root has its own digest, so a run can tell whether a root changed while it was reading it.
///
/// What the run itself writes is not read: the files its standard output and standard error go to
/// (`skillcheck . > report.txt` inside the package) and the paths in `ignoring` (its `--output`), so that a
/// report kept beside the sources never makes the next run start over.
///
/// ```swift
/// let before = PackageFingerprint(roots: [package.path] + kit.dependencyPaths)
/// // … discover, compile …
/// let after = PackageFingerprint(roots: [package.path] + kit.dependencyPaths)
/// if before.agrees(with: after) { /* nothing changed meanwhile: keep the results */ }
/// ```
@available(SkillCheckTesting, *)
package struct PackageFingerprint: Sendable, Codable, Hashable {
    /// Each root folder's digest, by its path.
    package var roots: [String: String]
    /// The digest of the tools: this executable and the toolchain.
    package var tools: String

    /// - Parameters:
    ///   - ignoring: Files the run writes (its `--output`), by path.
    ///   - outputDescriptors: The run's own output streams: a regular file one of them writes to is not read.
    package init(
        roots: [String], tools: [String] = PackageFingerprint.toolPaths, ignoring: [String] = [],
        outputDescriptors: [Int32] = [STDOUT_FILENO, STDERR_FILENO]
    ) {
        var digests: [String: String] = [:]
        let outputs = Outputs(paths: ignoring, descriptors: outputDescriptors)
        for root in roots where digests[root] == nil {
            var digest = Digest()
            Self.walk(URL(fileURLWithPath: root), relative: "", outputs: outputs, into: &digest)
            digests[root] = digest.hex
        }
        self.roots = digests
        var digest = Digest()
        for tool in tools { Self.add(URL(fileURLWithPath: tool).resolvingSymlinksInPath().path, name: tool, into: &digest) }
        self.tools = digest.hex
    }

    /// One string for the whole fingerprint.
    package var value: String {
        var digest = Digest()
        for (root, hex) in roots.sorted(by: { $0.key < $1.key }) { digest.add("\(root)=\(hex)\n") }
        digest.add("tools=\(tools)")
        return digest.hex
    }

    /// True when every root both fingerprints read has the same digest in each, and the tools are the
    /// same: nothing changed between the two readings.
    package func agrees(with other: PackageFingerprint) -> Bool {
        tools == other.tools && roots.allSatisfy { root, hex in other.roots[root].map { $0 == hex } ?? true }
    }

    /// This executable and the `swift` found on the PATH.
    package static var toolPaths: [String] {
        var paths = [Bundle.main.executablePath ?? CommandLine.arguments[0]]
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        if let swift = path.split(separator: ":").map({ "\($0)/swift" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) })
        {
            paths.append(swift)
        }
        return paths
    }

    /// The files this process writes its results to: by identity, the regular files its standard output and
    /// standard error are (a shell's `>` truncates the same file each run), and by path, the ones it names.
    struct Outputs {
        var files: Set<[UInt64]> = []
        var paths: Set<String>

        init(paths: [String], descriptors: [Int32]) {
            self.paths = Set(paths.map { URL(fileURLWithPath: $0).standardizedFileURL.path })
            for descriptor in descriptors {
                var info = stat()
                guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
                files.insert([UInt64(info.st_dev), UInt64(info.st_ino)])
            }
        }

        func contains(_ path: String, _ info: stat) -> Bool {
            (info.st_mode & S_IFMT == S_IFREG && files.contains([UInt64(info.st_dev), UInt64(info.st_ino)])) || paths.contains(path)
        }
    }

    private static func walk(_ folder: URL, relative: String, outputs: Outputs, into digest: inout Digest) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
            digest.add("\(relative)/: unreadable\n")
            return
        }
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = folder.appendingPathComponent(name).path
            let relativePath = relative.isEmpty ? name : relative + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else {
                digest.add("\(relativePath): gone\n")
                continue
            }
            if info.st_mode & S_IFMT == S_IFDIR {
                walk(URL(fileURLWithPath: path), relative: relativePath, outputs: outputs, into: &digest)
            } else if outputs.contains(path, info) {
                continue
            } else {
                add(path, name: relativePath, into: &digest)
            }
        }
    }

    /// A file's name, size, modification time (nanoseconds) and, for a link, its destination.
    private static func add(_ path: String, name: String, into digest: inout Digest) {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            digest.add("\(name): missing\n")
            return
        }
        #if canImport(Darwin)
        let modified = info.st_mtimespec
        #else
        let modified = info.st_mtim
        #endif
        var line = "\(name): \(info.st_mode) \(info.st_size) \(modified.tv_sec).\(modified.tv_nsec) \(info.st_ino)"
        if info.st_mode & S_IFMT == S_IFLNK, let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
            line += " -> \(destination)"
        }
        digest.add(line + "\n")
    }

    /// Two independent 64-bit FNV-1a hashes: 128 bits, so an accidental collision is out of reach.
    struct Digest {
        private var first: UInt64 = 0xCBF2_9CE4_8422_2325
        private var second: UInt64 = 0x6C62_272E_07BB_0142

        /// 64-bit FNV-1a of `text`'s UTF-8 bytes: the first of the two hashes, alone.
        static func fnv1a(_ text: String) -> UInt64 {
            var digest = Digest()
            digest.add(text)
            return digest.first
        }

        mutating func add(_ text: String) {
            for byte in text.utf8 {
                first = (first ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
                second = (second ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 &+ 0x9E37_79B9
            }
        }

        var hex: String {
            let a = String(first, radix: 16), b = String(second, radix: 16)
            return String(repeating: "0", count: 16 - a.count) + a + String(repeating: "0", count: 16 - b.count) + b
        }
    }
}
