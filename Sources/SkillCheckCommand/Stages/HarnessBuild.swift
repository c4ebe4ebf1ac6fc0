import Foundation
import SkillCheckSupport

/// One `swift build` of the generated harness: plain (the conformance stage, `skillcheck scenarios
/// --package`) or under ThreadSanitizer (the race stage).
///
/// With a ``SharedBuildCache`` it builds in the machine's shared scratch folder for its flavour, so the kit is
/// compiled once for every package, and copies what the stages run into the package's own build folder;
/// without one it builds in that folder itself. Each line SwiftPM prints as it goes (`[12/40] Compiling
/// SkillKit JSON.swift`) is handed to `onProgress`, so that a cold run shows what it is waiting for.
///
/// ```swift
/// let build = HarnessBuild(harness: folder, flavor: .plain, buildFolder: own, shared: cache, products: [binary])
/// try build.run { line in progress.status("conformance: building the harness \(line)") }
/// ```
@available(SkillCheckTesting, *)
package struct HarnessBuild: Sendable {
    /// The harness package's folder.
    package var harness: URL
    package var flavor: SharedBuildCache.Flavor
    /// The package's own build folder: where the stages find the products.
    package var buildFolder: URL
    /// The machine's shared build folders, or `nil` to build in ``buildFolder``.
    package var shared: SharedBuildCache?
    /// The products the stages run, by their names in the build's `debug` folder.
    package var products: [String]
    /// What to build: `["--build-tests"]`, or `["--product", name]`.
    package var what: [String] = ["--build-tests"]

    package init(
        harness: URL, flavor: SharedBuildCache.Flavor, buildFolder: URL, shared: SharedBuildCache?, products: [String],
        what: [String] = ["--build-tests"]
    ) {
        self.harness = harness
        self.flavor = flavor
        self.buildFolder = buildFolder
        self.shared = shared
        self.products = products
        self.what = what
    }

    /// The command that builds into `scratch`. Without manifest caching: a source file added to the kit or
    /// the package since the last build, or another package built in the same shared folder, is otherwise
    /// missed ("cannot find type"), or worse, an older package's code is linked.
    package func command(scratch: URL) -> [String] {
        ["swift", "build"] + what + (flavor == .tsan ? ["--sanitize=thread"] : [])
            + ["--package-path", harness.path, "--scratch-path", scratch.path, "--disable-build-manifest-caching"]
    }

    /// Builds; throws the compiler's error lines when the harness does not build. `onProgress` gets
    /// SwiftPM's progress lines (`[n/m] …`) and any wait for another run's build.
    package func run(onProgress: (@Sendable (String) -> Void)? = nil) throws(StageFailure) {
        var forward: (@Sendable (String) -> Void)?
        if let onProgress {
            forward = { @Sendable line in
                if Self.isProgress(line) { onProgress(line) }
            }
        }
        guard let shared else {
            try Self.swiftBuild(command(scratch: buildFolder), onLine: forward)
            return
        }
        do {
            try shared.build(flavor, into: buildFolder, products: products, waiting: { onProgress?($0) }) { scratch in
                try Self.swiftBuild(command(scratch: scratch), onLine: forward)
            }
        } catch let failure as StageFailure {
            throw failure
        } catch {
            throw .tool("the shared build in \(shared.scratch(flavor).path): \(error)")
        }
    }

    /// SwiftPM's progress lines: `[12/40] Compiling SkillKit JSON.swift`, `[40/40] Linking …`.
    static func isProgress(_ line: String) -> Bool {
        guard line.hasPrefix("["), let close = line.firstIndex(of: "]") else { return false }
        let counts = line[line.index(after: line.startIndex)..<close].split(separator: "/")
        return counts.count == 2 && counts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }
    }

    private static func swiftBuild(_ arguments: [String], onLine: (@Sendable (String) -> Void)?) throws(StageFailure) {
        let run: ToolRunner.Run
        do {
            run = try ToolRunner.run(arguments, timeout: .seconds(3_600), onOutputLine: onLine)
        } catch {
            throw .tool(error.description)
        }
        guard run.succeeded else {
            throw .buildFailed(command: run.command, lines: DiscoveryFailure.errorLines(run.standardOutput + run.standardError))
        }
    }
}
