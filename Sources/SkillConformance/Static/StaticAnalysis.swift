import Foundation

/// What compiling a skill package with strict concurrency found: its concurrency diagnostics and escape
/// hatches, attributed to the package's types.
///
/// SEND-1 and SEND-3 are judged from it, and `skillcheck PATH` runs it as its static stage.
///
/// ```swift
/// let options = StaticAnalysis.Options(timeLimit: .seconds(300))
/// let skill = SkillUnderTest(NoteSkill(), declaredIn: SkillConformance.package(), options: options)
/// for finding in await SkillConformance.check(for: "SEND-1").run(skill) {
///     print(finding.message)      // SEND-1 FAILED … stored property 'cache' … non-Sendable type 'QuoteCache'
/// }
/// ```
@available(SkillCheckTesting, *)
public struct StaticAnalysis: Sendable {
    /// How a package is compiled.
    public struct Options: Sendable, Hashable, Codable {
        /// Where the scratch paths go (one per package, keyed by its absolute path).
        ///
        /// `nil` puts it in the package's own `.build/skillcheck-strict`.
        public var scratchRoot: URL?
        /// Real time each command (`swift build`, `swift package …`) may take before it is stopped.
        public var timeLimit: Duration
        /// The `swift` to run, found on the PATH unless a path is given.
        public var swiftExecutable: String

        public init(scratchRoot: URL? = nil, timeLimit: Duration = .seconds(600), swiftExecutable: String = "swift") {
            self.scratchRoot = scratchRoot
            self.timeLimit = timeLimit
            self.swiftExecutable = swiftExecutable
        }
    }

    /// The package directory, absolute.
    package let package: URL
    /// Every concurrency diagnostic of the package's own targets, once each.
    package let diagnostics: [CompilerDiagnostic]
    /// Every escape hatch in the package's own sources.
    package let escapeHatches: [EscapeHatch]
    let index: DeclarationIndex
    /// The type (`module.name`) each diagnostic and hatch belongs to, when one does.
    let diagnosticOwners: [CompilerDiagnostic: String]
    let hatchOwners: [EscapeHatch: String]
    /// Every read of real time, a real id or real randomness in the package's own sources (TIME-1), and the
    /// type each belongs to.
    package let realTimeUses: [RealTimeUse]
    let realTimeOwners: [RealTimeUse: String]
    /// Each source file's code by line (comments and strings blanked), for what a type's code calls.
    let codeLines: [String: [Substring]]
    /// The package's top-level functions, each with the lines it spans.
    let functions: [FunctionSpan]
    /// The package's top-level variables (`let zone = getLocalTZ(Config.zone)`), each with the lines of its
    /// declaration: its initialiser runs where the variable is first used.
    let variables: [FunctionSpan]
    /// The methods declared in the package's types, each with the type (`module.name`) and the lines of its body.
    let members: [MemberFunction]
    /// The type (`module.name`) each line of each file belongs to, by line (0-based), as ``DeclarationIndex/owner(file:line:)`` says.
    let lineOwners: [String: [String?]]
    /// The names of variables the package's sources declare as constants (`static let keyVariable = "TAVILY_API_KEY"`),
    /// by the constant's name: what `environment[keyVariable]` reads.
    let variableConstants: [String: [String]]

    /// A top-level function of the package's sources and the lines it spans (to the next top-level declaration).
    struct FunctionSpan: Sendable, Hashable {
        var name: String
        var file: String
        var lines: ClosedRange<Int>
    }

    /// A method of one of the package's types, and the lines from its `func` to its closing brace.
    struct MemberFunction: Sendable, Hashable {
        var owner: String
        var name: String
        var file: String
        var lines: ClosedRange<Int>
    }

    /// Compiles the package (see ``StrictBuild``) and reads what it found. Throws
    /// ``StaticAnalysisError``: `buildFailed` carries the compiler's own error lines.
    package static func analyze(package: URL, options: Options = .init()) async throws -> StaticAnalysis {
        try StaticAnalysis(evidence: await gatherEvidence(package: package, options: options))
    }

    /// A source file of the package, its module, and its text.
    struct Source: Sendable {
        var file: String
        var module: String
        var text: String
    }

    /// The analysis of a build's log, given the package's symbol graphs and sources.
    init(package: URL, buildLog: String, symbolGraphs: [Data], sources: [Source]) throws {
        var index = try DeclarationIndex(symbolGraphs: symbolGraphs)
        // Each file's code by line, comments and strings blanked once: for the anchors and for what a type's code calls.
        let code = Dictionary(
            sources.map { ($0.file, SourceScanner.code(of: $0.text).split(separator: "\n", omittingEmptySubsequences: false)) },
            uniquingKeysWith: { first, _ in first })
        index.addSourceAnchors(
            Dictionary(
                sources.map { source in
                    (source.file, Self.topLevelAnchors(code[source.file] ?? [], module: source.module, index: index))
                }, uniquingKeysWith: +))
        self.init(
            package: package, diagnostics: CompilerDiagnostic.parse(buildLog), index: index,
            hatches: sources.flatMap { EscapeHatch.scan($0.text, file: $0.file) },
            realTimeUses: sources.flatMap { RealTimeUse.scan($0.text, file: $0.file) },
            variableConstants: Self.variableConstants(in: sources.map(\.text)),
            lines: Dictionary(
                sources.map { ($0.file, $0.text.split(separator: "\n", omittingEmptySubsequences: false)) },
                uniquingKeysWith: { first, _ in first }),
            code: code)
    }

    init(
        package: URL, diagnostics: [CompilerDiagnostic], index: DeclarationIndex, hatches: [EscapeHatch],
        realTimeUses: [RealTimeUse] = [], variableConstants: [String: [String]] = [:], lines: [String: [Substring]],
        code: [String: [Substring]] = [:]
    ) {
        self.variableConstants = variableConstants
        self.package = package
        self.index = index
        let concurrency = diagnostics.map { $0.normalized() }.filter(\.isConcurrencyRelated)
        self.diagnostics = concurrency
        escapeHatches = hatches
        var owners: [CompilerDiagnostic: String] = [:]
        for diagnostic in concurrency {
            let named = diagnostic.conformingTypeName.map { index.types(named: $0) } ?? []
            let owner = named.count == 1 ? named[0].module + "." + named[0].name : index.owner(file: diagnostic.file, line: diagnostic.line)
            owners[diagnostic] = owner
        }
        diagnosticOwners = owners
        var hatchOwners: [EscapeHatch: String] = [:]
        // An `@preconcurrency import` belongs to no type: it counts for every type declared in its file.
        for hatch in hatches where !hatch.isImport {
            hatchOwners[hatch] = index.ownerOfAttribute(file: hatch.file, line: hatch.line, lines: lines[hatch.file] ?? [])
        }
        self.hatchOwners = hatchOwners
        self.realTimeUses = realTimeUses
        var realTimeOwners: [RealTimeUse: String] = [:]
        for use in realTimeUses { realTimeOwners[use] = index.owner(file: use.file, line: use.line) }
        self.realTimeOwners = realTimeOwners
        codeLines = code
        functions = code.flatMap { file, lines in Self.functionSpans(file: file, code: lines, index: index) }
        variables = code.flatMap { file, lines in Self.variableSpans(file: file, code: lines) }
        var lineOwners: [String: [String?]] = [:]
        for (file, lines) in code {
            // The anchors are sorted: one walk down the file gives each line the last anchor at or above it.
            let anchors = index.anchors[file] ?? []
            var next = 0
            var owner: String?
            lineOwners[file] = lines.indices.map { offset in
                while next < anchors.count, anchors[next].line <= offset + 1 {
                    owner = anchors[next].owner
                    next += 1
                }
                return owner
            }
        }
        self.lineOwners = lineOwners
        members = code.flatMap { file, lines in Self.memberFunctions(file: file, code: lines, owners: lineOwners[file] ?? []) }
    }

    /// The top-level functions declared at column 0 of `code` (a file's code by line), each to the line before
    /// the next declaration the index knows in that file, or to the file's end.
    static func functionSpans(file: String, code: [Substring], index: DeclarationIndex) -> [FunctionSpan] {
        let anchors = index.anchors[file] ?? []
        return code.enumerated().compactMap { offset, line in
            guard let match = line.firstMatch(of: topLevelDeclaration), match.output.1 == "func" else { return nil }
            let start = offset + 1
            let end = (anchors.first { $0.line > start }?.line).map { $0 - 1 } ?? code.count
            return FunctionSpan(name: String(match.output.2), file: file, lines: start...max(start, end))
        }
    }

    /// The variables declared at column 0 of `code` (a file's code by line, comments and strings blanked), each to
    /// the line where its brackets balance again (an initialiser over several lines, a closure called at once).
    static func variableSpans(file: String, code: [Substring]) -> [FunctionSpan] {
        code.enumerated().compactMap { offset, line in
            guard let match = line.firstMatch(of: topLevelDeclaration), ["let", "var"].contains(match.output.1) else { return nil }
            var depth = 0
            var end = offset
            for (index, text) in code[offset...].enumerated() {
                for character in text {
                    if "([{".contains(character) { depth += 1 } else if ")]}".contains(character) { depth -= 1 }
                }
                end = offset + index
                if depth <= 0 { break }
            }
            return FunctionSpan(name: String(match.output.2), file: file, lines: (offset + 1)...(end + 1))
        }
    }

    /// The methods declared, indented, in the types of `code` (a file's code by line, comments and strings
    /// blanked), each to its closing brace; a requirement without a body is left out.
    static func memberFunctions(file: String, code: [Substring], owners: [String?]) -> [MemberFunction] {
        code.enumerated().compactMap { offset, line in
            guard offset < owners.count, let owner = owners[offset], let match = line.firstMatch(of: memberDeclaration)
            else { return nil }
            // The body runs from the first `{` to the brace that balances it; a line that declares something else
            // before any `{` means there is no body.
            var depth = 0
            var opened = false
            for (index, text) in code[offset...].enumerated() {
                if index > 0, !opened, text.firstMatch(of: memberDeclaration) != nil || text.contains("}") { return nil }
                for character in text {
                    if character == "{" {
                        depth += 1
                        opened = true
                    } else if character == "}" {
                        depth -= 1
                    }
                }
                if opened, depth <= 0 {
                    return MemberFunction(
                        owner: owner, name: String(match.output.1), file: file, lines: (offset + 1)...(offset + index + 1))
                }
            }
            return nil
        }
    }

    /// A method declared inside a type: indented, `func` and its name.
    nonisolated(unsafe) static let memberDeclaration =
        /^\s+(?:@[\w.]+(?:\([^)]*\))?\s+)*(?:(?:public|open|internal|package|fileprivate|private|final|static|class|override|mutating|nonmutating|nonisolated|dynamic|required|convenience)(?:\([^)]*\))?\s+)*func\s+([A-Za-z_]\w*)/

    /// A declaration at column 0 (a top-level type, extension, function or variable): its kind and its name.
    nonisolated(unsafe) static let topLevelDeclaration =
        /^(?:@[\w.]+(?:\([^)]*\))?\s+)*(?:(?:public|open|internal|package|fileprivate|private|final|indirect|nonisolated)\s+)*(struct|class|enum|actor|extension|protocol|func|var|let|typealias)\s+([A-Za-z_][\w.]*)/

    /// The declarations at column 0 of `code` (a file's code by line, comments and strings blanked): each ends
    /// the span of the type above it.
    static func topLevelAnchors(_ code: [Substring], module: String, index: DeclarationIndex) -> [DeclarationIndex.Anchor] {
        code.enumerated().compactMap { number, line in
            guard let match = line.firstMatch(of: topLevelDeclaration) else { return nil }
            let kind = String(match.output.1)
            let name = String(match.output.2)
            let isType = ["struct", "class", "enum", "actor", "extension"].contains(kind)
            let owner = isType ? index.type(named: name, moduleHint: module).map { $0.module + "." + $0.name } : nil
            return DeclarationIndex.Anchor(line: number + 1, owner: owner)
        }
    }
}
