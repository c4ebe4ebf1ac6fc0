import Foundation
import PackagePlugin

/// `swift package skillcheck [arguments]`: runs the `skillcheck` command on the package it is invoked in.
///
/// A skill package that depends on SkillCheck gets the verb for free:
///
/// ```sh
/// swift package skillcheck                                   # skillcheck check .
/// swift package skillcheck --format junit --output skillcheck.xml
/// swift package skillcheck scenarios --package . Transcripts  # any skillcheck command
/// ```
///
/// The plugin runs the command as a process, in the package's folder, with the arguments as given:
/// the plugin API's `packageManager.test` reports XCTest results only, never Swift Testing's, so it
/// could not see what the Conformance suites found. A status other than 0 fails the plugin; SwiftPM
/// then exits with 1 whatever the status was, so the message says what the status meant.
///
/// What SwiftPM does with a plugin's output decides how it is passed on. SwiftPM prints whatever a
/// plugin writes on its own standard output, which it buffers when that is not a terminal (a CI log):
/// the report goes that way, whole, at the end (`--output FILE` for a report a tool reads, since
/// SwiftPM's build lines share that stream). The progress lines `skillcheck` writes on standard error
/// are read here and passed on one by one as the plugin's progress, which SwiftPM writes to its
/// standard error at once, `[SkillCheckPlugin]` before each: a CI log shows each stage as it starts.
///
/// `skillcheck` runs SwiftPM itself (`swift package describe`, `swift build`, `swift test`), each time
/// with a scratch path of its own: the `.build` folder SwiftPM locks while this plugin runs is never one
/// of them, so the nested calls do not wait for the outer one.
///
/// The `skillcheck` tool is built once per kit source and toolchain, and shared by every package on the
/// machine (``ToolCache``): a second package, whose checkout of the kit has the same sources, runs the
/// one already built instead of spending half a minute building its own.
@main
struct SkillCheckPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        guard let kit = ToolCache.kit(of: context.package) else {
            throw SkillCheckFailure(description: "no package in the graph has the skillcheck product")
        }
        let tool = try ToolCache(kit: kit.directoryURL, work: context.pluginWorkDirectoryURL).tool { Diagnostics.progress($0) }
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        process.currentDirectoryURL = context.package.directoryURL
        let progress = Pipe()
        process.standardError = progress // standard output is inherited: the report
        try process.run()
        Self.forwardLines(from: progress.fileHandleForReading) { Diagnostics.progress($0) }
        process.waitUntilExit()
        if let failure = SkillCheckFailure(process) { throw failure }
    }

    /// Reads `handle` until its writer closes it, passing each line on as soon as it is complete.
    static func forwardLines(from handle: FileHandle, to forward: (String) -> Void) {
        var pending = Data()
        while true {
            let data = handle.availableData
            guard !data.isEmpty else { break }
            pending.append(data)
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                forward(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
                pending = Data(pending[(newline + 1)...])
            }
        }
        if !pending.isEmpty { forward(String(decoding: pending, as: UTF8.self)) }
    }
}

/// Why `skillcheck` did not end with status 0, in words: SwiftPM turns any plugin failure into exit
/// status 1, so the distinction between "a rule failed" and "nothing could be checked" lives here.
struct SkillCheckFailure: Error, CustomStringConvertible {
    var description: String

    init(description: String) { self.description = description }

    init?(_ process: Process) {
        let status = process.terminationStatus
        guard process.terminationReason == .exit else {
            description = "skillcheck was ended by signal \(status)"
            return
        }
        switch status {
        case 0:
            return nil
        case 1:
            description = "skillcheck exited with status 1: a rule failed (see the failures above)"
        case 2:
            description =
                "skillcheck exited with status 2: nothing was checked (a usage error, a package that "
                + "does not build, or a write that failed: see the error above)"
        default:
            description = "skillcheck exited with status \(status)"
        }
    }
}
