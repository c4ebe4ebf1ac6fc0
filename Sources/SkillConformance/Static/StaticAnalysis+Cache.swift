import Foundation

@available(SkillCheckTesting, *)
extension StaticAnalysis {
    /// The analysis of `package`, made once per process for each package and options: every skill of a
    /// package is judged from one compile. A failure is kept too, and reported for each skill.
    ///
    /// ```swift
    /// let analysis = try await StaticAnalysis.shared(package: packageURL)   // compiles the first time only
    /// ```
    package static func shared(package: URL, options: Options = .init()) async throws -> StaticAnalysis {
        try await StaticAnalysisCache.shared.analysis(package: package.standardizedFileURL, options: options)
    }
}

/// One analysis task per package and options, shared by every check in the process. Analyses run one
/// after another: each is a `swift build`, and several at once only compete for the same cores.
@available(SkillCheckTesting, *)
actor StaticAnalysisCache {
    static let shared = StaticAnalysisCache()

    private struct Key: Hashable {
        var package: URL
        var options: StaticAnalysis.Options
    }

    private var runs: [Key: Task<StaticAnalysis, Error>] = [:]
    /// The analysis started last; the next one waits for it to end.
    private var last: Task<Void, Never>?

    func analysis(package: URL, options: StaticAnalysis.Options) async throws -> StaticAnalysis {
        let key = Key(package: package, options: options)
        if let run = runs[key] { return try await run.value }
        let previous = last
        let run = Task {
            await previous?.value
            return try await StaticAnalysis.analyze(package: package, options: options)
        }
        runs[key] = run
        last = Task { _ = try? await run.value }
        return try await run.value
    }
}
