import Foundation

@available(SkillCheckTesting, *)
extension StaticAnalysis {
    /// What an analysis was made from: the strict build's log, the package's symbol graphs and its
    /// sources. It is `Codable`, so a tool can keep it between runs and make the same analysis again
    /// without compiling, as long as nothing it was made from has changed (`skillcheck` keys it by a
    /// fingerprint of the package, its dependencies and the toolchain).
    ///
    /// ```swift
    /// let (analysis, evidence) = try await StaticAnalysis.analyzeKeepingEvidence(package: url)
    /// try JSONEncoder().encode(evidence).write(to: cacheFile)
    /// let again = try StaticAnalysis(evidence: evidence)   // no compile; the same findings
    /// ```
    package struct Evidence: Sendable, Codable, Hashable {
        /// A source file of the package: its absolute path, its module, its text.
        package struct SourceFile: Sendable, Codable, Hashable {
            package var file: String
            package var module: String
            package var text: String
        }

        /// The package directory, absolute.
        package var package: String
        /// The strict build's whole output.
        package var buildLog: String
        /// The package's modules' symbol graphs (`*.symbols.json`), as read.
        package var symbolGraphs: [Data]
        package var sources: [SourceFile]
    }

    /// The same analysis as ``analyze(package:options:)``, and what it was made from.
    package static func analyzeKeepingEvidence(package: URL, options: Options = .init()) async throws -> (StaticAnalysis, Evidence) {
        let evidence = try await gatherEvidence(package: package, options: options)
        return (try StaticAnalysis(evidence: evidence), evidence)
    }

    /// The analysis made from `evidence`, with no compile.
    package init(evidence: Evidence) throws {
        try self.init(
            package: URL(fileURLWithPath: evidence.package), buildLog: evidence.buildLog,
            symbolGraphs: evidence.symbolGraphs,
            sources: evidence.sources.map { Source(file: $0.file, module: $0.module, text: $0.text) })
    }

    /// Compiles the package (see ``StrictBuild``) and reads what the analysis needs.
    static func gatherEvidence(package: URL, options: Options) async throws -> Evidence {
        let build = try await StrictBuild(package: package, options: options).run()
        let modules = Set(build.targets.map(\.c99name))
        let graphs = build.symbolGraphs.filter { file in
            let name = file.lastPathComponent.replacingOccurrences(of: ".symbols.json", with: "")
            return modules.contains(String(name.split(separator: "@").first ?? ""))
        }
        let root = package.standardizedFileURL
        var sources: [Evidence.SourceFile] = []
        for target in build.targets {
            for source in target.sources ?? [] where source.hasSuffix(".swift") {
                let url = root.appendingPathComponent(target.path).appendingPathComponent(source)
                // A source not read would hide its escape hatches: SEND-3 would pass having checked nothing.
                let text: String
                do { text = try String(contentsOf: url, encoding: .utf8) } catch {
                    throw StaticAnalysisError.unreadable(path: url.path, reason: "\(error)")
                }
                sources.append(.init(file: url.standardizedFileURL.resolvingSymlinksInPath().path, module: target.c99name, text: text))
            }
        }
        let data = try graphs.map { url in
            do { return try Data(contentsOf: url) } catch {
                throw StaticAnalysisError.unreadable(path: url.path, reason: "\(error)")
            }
        }
        return Evidence(package: root.path, buildLog: build.log, symbolGraphs: data, sources: sources)
    }
}
