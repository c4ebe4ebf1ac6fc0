import Foundation
import SkillCheckSupport

/// Compiles a package with `-strict-concurrency=complete` in a scratch path of its own, then dumps its
/// symbol graph: what ``StaticAnalysis`` reads.
///
/// Three toolchain facts shape it. Adding the flag to an existing build directory recompiles nothing,
/// and sharing one scratch path between packages can run old code: so the scratch path is keyed by the
/// package's absolute path (``scratchPath(for:options:)``). A build that has nothing to recompile prints
/// no diagnostics: so each run removes the package's own modules' build folders (only those, and only in
/// that scratch path) and disables manifest caching, which recompiles the package's targets (about 2 s)
/// and none of its dependencies.
///
/// ```swift
/// let build = try await StrictBuild(package: url).run()
/// print(build.diagnostics.count, build.symbolGraphs)
/// ```
@available(SkillCheckTesting, *)
struct StrictBuild: Sendable {
    /// A target of the package, from `swift package describe`.
    struct Target: Sendable, Decodable {
        var name: String
        var c99name: String
        var type: String
        var path: String
        var sources: [String]?
        /// `SwiftTarget` or `ClangTarget`, …
        var moduleType: String?

        enum CodingKeys: String, CodingKey {
            case name, c99name, type, path, sources
            case moduleType = "module_type"
        }
    }

    struct Output: Sendable {
        var log: String
        var diagnostics: [CompilerDiagnostic]
        /// The package's own targets that `swift build` compiles (tests excluded).
        var targets: [Target]
        /// The `*.symbols.json` files of the package's modules.
        var symbolGraphs: [URL]
    }

    var package: URL
    var options: StaticAnalysis.Options

    init(package: URL, options: StaticAnalysis.Options = .init()) {
        self.package = package.standardizedFileURL
        self.options = options
    }

    /// `<root>/<folder name>-<hash of the absolute path>`; the root is `<package>/.build/skillcheck-strict`
    /// unless the options give one.
    static func scratchPath(for package: URL, options: StaticAnalysis.Options) -> URL {
        let absolute = package.standardizedFileURL.resolvingSymlinksInPath().path
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in absolute.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        let root = options.scratchRoot ?? package.appendingPathComponent(".build/skillcheck-strict")
        let name = package.lastPathComponent.filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
        return root.appendingPathComponent("\(name)-\(String(hash, radix: 16))", isDirectory: true)
    }

    var scratch: URL { Self.scratchPath(for: package, options: options) }

    func run() async throws -> Output {
        guard PackageLocation.isPackage(package) else {
            throw StaticAnalysisError.notAPackage(path: package.path)
        }
        let targets = try await describe().filter { $0.type != "test" && $0.type != "plugin" && $0.type != "macro" }
        // Two analyses of one package at once (two `skillcheck` shards, a test run beside `skillcheck`) share this
        // scratch path: the second build, after the first recompiled what both removed, would compile nothing and
        // print no diagnostic, a silent SEND-1 pass. The package's lock is held from the removal to the symbol graphs.
        let lock = try await lockScratchPath()
        defer { lock.unlock() }
        try forgetCompiledModules(targets)
        let common = [
            "--package-path", package.path, "--scratch-path", scratch.path, "--disable-build-manifest-caching",
            "-Xswiftc", "-strict-concurrency=complete",
        ]
        let build = try await swift(["build"] + common)
        let diagnostics = CompilerDiagnostic.parse(build.output)
        guard build.exitStatus == 0 else {
            var errors = diagnostics.filter { $0.severity == .error }.map(\.description)
            if errors.isEmpty {
                errors = build.output.split(whereSeparator: \.isNewline).map(String.init).filter { $0.hasPrefix("error:") }
            }
            throw StaticAnalysisError.buildFailed(package: package.path, errors: errors)
        }
        let graphs = try await dumpSymbolGraphs(common, targets: targets)
        return Output(log: build.output, diagnostics: diagnostics, targets: targets, symbolGraphs: graphs)
    }

    /// The lock of this package's scratch path (a file beside it), taken: waited for off the cooperative pool.
    private func lockScratchPath() async throws -> FileLock {
        let file = scratch.deletingLastPathComponent().appendingPathComponent(scratch.lastPathComponent + ".lock")
        do {
            try FileManager.default.createDirectory(at: scratch.deletingLastPathComponent(), withIntermediateDirectories: true)
            let lock = try FileLock(file)
            try await offThePool("skillcheck: waiting for \(file.lastPathComponent)") { try lock.lock() }
            return lock
        } catch {
            throw StaticAnalysisError.unreadable(path: file.path, reason: "could not lock the strict build's scratch path: \(error)")
        }
    }

    private func describe() async throws -> [Target] {
        // Its own scratch path, as for the build: under `swift package skillcheck` the package's `.build` is
        // locked by the outer SwiftPM until the plugin ends.
        let result = try await swift([
            "package", "--package-path", package.path, "--scratch-path", scratch.path,
            "describe", "--type", "json",
        ])
        guard result.exitStatus == 0 else {
            throw StaticAnalysisError.commandFailed(command: "swift package describe", status: result.exitStatus, output: result.output)
        }
        struct Description: Decodable { var targets: [Target] }
        // Warnings may precede the JSON: start at the first brace.
        let text = result.standardOutput
        let json = text.firstIndex(of: "{").map { String(text[$0...]) } ?? text
        do {
            return try JSONDecoder().decode(Description.self, from: Data(json.utf8)).targets
        } catch {
            throw StaticAnalysisError.unreadable(path: "swift package describe output", reason: "\(error)")
        }
    }

    /// Removes the package's own modules' build folders in this scratch path, so the next build compiles
    /// them again and prints their diagnostics. A folder that is not there is fine (a first build); one
    /// that cannot be removed is an error: the build would then recompile nothing and print nothing, a
    /// silent pass.
    private func forgetCompiledModules(_ targets: [Target]) throws {
        let debug = scratch.appendingPathComponent("debug", isDirectory: true)
        for target in targets {
            let folder = debug.appendingPathComponent("\(target.c99name).build")
            guard FileManager.default.fileExists(atPath: folder.path) else { continue }
            do {
                try FileManager.default.removeItem(at: folder)
            } catch {
                throw StaticAnalysisError.unreadable(
                    path: folder.path, reason: "could not remove the previous build of \(target.name): \(error)")
            }
        }
    }

    /// The symbol graphs of `targets`. The command also tries the package's test modules, which
    /// `swift build` did not build, and exits 1 for them: what counts is that each target's graph exists.
    private func dumpSymbolGraphs(_ common: [String], targets: [Target]) async throws -> [URL] {
        let arguments = ["package"] + common + ["dump-symbol-graph", "--minimum-access-level", "private", "--skip-synthesized-members"]
        let result = try await swift(arguments)
        let marker = "Files written to "
        guard let line = result.output.split(whereSeparator: \.isNewline).last(where: { $0.hasPrefix(marker) }) else {
            throw StaticAnalysisError.commandFailed(
                command: "swift package dump-symbol-graph", status: result.exitStatus, output: result.output)
        }
        let directory = URL(fileURLWithPath: String(line.dropFirst(marker.count)).trimmingCharacters(in: .whitespaces))
        let files = (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)) ?? []
        let graphs = files.filter { $0.lastPathComponent.hasSuffix(".symbols.json") }.sorted { $0.path < $1.path }
        let written = Set(graphs.map { $0.lastPathComponent.replacingOccurrences(of: ".symbols.json", with: "") })
        // Only Swift libraries are sure to have one (a C target has none).
        let missing = targets.filter { $0.moduleType == "SwiftTarget" && $0.type == "library" }.map(\.c99name)
            .filter { !written.contains($0) }
        guard missing.isEmpty else {
            throw StaticAnalysisError.commandFailed(
                command: "swift package dump-symbol-graph (no graph for \(missing.joined(separator: ", ")))",
                status: result.exitStatus, output: result.output)
        }
        return graphs
    }

    /// Runs `swift arguments…` in the package, off the concurrency pool, within ``Options/timeLimit``.
    private func swift(_ arguments: [String]) async throws -> ToolRunner.Run {
        let (arguments, package, limit) = ([options.swiftExecutable] + arguments, package, options.timeLimit)
        let command = arguments.joined(separator: " ")
        let run: ToolRunner.Run
        do {
            run = try await offThePool(arguments.prefix(2).joined(separator: " ")) {
                try ToolRunner.run(arguments, in: package, timeout: limit)
            }
        } catch {
            throw StaticAnalysisError.commandFailed(command: command, status: -1, output: "\(error)")
        }
        if run.timedOut { throw StaticAnalysisError.timedOut(command: command, seconds: limit.inSeconds) }
        return run
    }
}
