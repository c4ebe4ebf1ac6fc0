import Foundation
import SkillCheckSupport
import SkillTesting

/// SEND-1 and SEND-3 judged from a ``StaticAnalysis``, for one skill type.
@available(SkillCheckTesting, *)
extension StaticAnalysis {
    /// What the analysis found for one type: its declaration, the types of its stored properties that
    /// the package declares, and the diagnostics and escape hatches in any of them.
    package struct TypeReport: Sendable, Hashable {
        /// `module.name`.
        package var qualifiedName: String
        package var file: String
        package var line: Int
        /// The package's types held in stored properties, directly or through one another, as
        /// `property: Type` (`memo: PhraseMemo`).
        package var storedTypes: [String]
        package var diagnostics: [CompilerDiagnostic]
        /// How the code of each diagnostic outside the type is reached (`WikipediaModule`, which WikipediaTool uses).
        package var diagnosticsReached: [CompilerDiagnostic: String] = [:]
        /// Escape hatches in the type or its stored properties' types, or in the top-level functions and types
        /// their code reaches.
        package var escapeHatches: [EscapeHatch]
        /// How the code of each escape hatch outside the type is reached (`TimerManager`, which StartTimerTool uses).
        package var escapeHatchesReached: [EscapeHatch: String] = [:]
        /// Reads of real time, ids or randomness in the type or its stored properties' types, or in the
        /// top-level functions and types their code reaches (``StaticAnalysis/reach(from:root:)``).
        package var realTimeUses: [RealTimeUse] = []
        /// How the code of each read outside the type is reached (`fetchWithRetries(…), which MarketCloseTool calls`).
        package var realTimeReached: [RealTimeUse: String] = [:]
        /// The top-level functions (`name(…)`) and types its code reaches, sorted.
        package var reaches: [String] = []
    }

    /// The report of the type called `typeName` (as ``SkillDeclaration/typeName`` spells it), or nil when
    /// the package declares no such type, or several in different modules and `moduleHint` names none.
    package func report(typeName: String, moduleHint: String? = nil) -> TypeReport? {
        guard let type = index.type(named: typeName, moduleHint: moduleHint) else { return nil }
        var covered: [String: String] = [:] // owner -> "property: Type" ("" for the type itself)
        var queue = [(type, "")]
        while let (next, via) = queue.popLast() {
            let key = next.module + "." + next.name
            guard covered[key] == nil else { continue }
            covered[key] = via
            for property in next.storedProperties {
                if let held = index.type(usr: property.typeUSR) { queue.append((held, "\(property.name): \(held.name)")) }
            }
        }
        let root = type.module + "." + type.name
        func belongs(_ owner: String?) -> Bool {
            guard let owner else { return false }
            return covered[owner] != nil || owner.hasPrefix(root + ".")
        }
        let fileLevel = escapeHatches.filter { $0.isImport && $0.file == type.file }
        // A top-level variable a diagnostic is about (`var 'cache' is not concurrency-safe …`) counts where the
        // code reached uses it.
        let globalNames = Dictionary(
            diagnostics.compactMap { diagnostic in
                diagnosticOwners[diagnostic] == nil ? diagnostic.globalVariableName.map { (diagnostic, $0) } : nil
            }, uniquingKeysWith: { first, _ in first })
        let reached = reach(from: Set(covered.keys), root: root, globals: Set(globalNames.values))
        // The methods of other types around `file`:`line`: none, or how the one the code reaches is reached ("" when
        // none of them is).
        func method(around file: String, _ line: Int) -> String? {
            let around = members.filter { $0.file == file && $0.lines.contains(line) && !belongsToRoot($0.owner) }
            guard !around.isEmpty else { return nil }
            return around.lazy.compactMap { reached.members[$0] }.first ?? ""
        }
        func belongsToRoot(_ owner: String) -> Bool { owner == root || owner.hasPrefix(root + ".") }
        // How code outside the type, owned by `owner` (nil at the top level) at `file`:`line`, is reached.
        func howReached(owner: String?, file: String, line: Int) -> String? {
            if let method = method(around: file, line) { return method.isEmpty ? nil : method }
            if let owner {
                return reached.types[owner] ?? reached.types.first(where: { owner.hasPrefix($0.key + ".") })?.value
            }
            return reached.functions.first(where: { $0.key.file == file && $0.key.lines.contains(line) })?.value
                ?? reached.variables.first(where: { $0.key.file == file && $0.key.lines.contains(line) })?.value
        }
        var realTimeReached: [RealTimeUse: String] = [:]
        // A read in a method of a type the skill holds counts only when the skill's code reaches that method.
        var unreached: Set<RealTimeUse> = []
        for use in realTimeUses where !belongsToRoot(realTimeOwners[use] ?? "") {
            let inMethod = method(around: use.file, use.line)
            if inMethod == "" {
                unreached.insert(use)
            } else if inMethod != nil || !belongs(realTimeOwners[use]) {
                realTimeReached[use] = howReached(owner: realTimeOwners[use], file: use.file, line: use.line)
            }
        }
        // A `@unchecked Sendable` type the skill reaches (a shared manager it calls through `.shared`) holds state
        // its calls share as much as one in a stored property does.
        var escapeHatchesReached: [EscapeHatch: String] = [:]
        for hatch in escapeHatches where !hatch.isImport && !belongs(hatchOwners[hatch]) {
            escapeHatchesReached[hatch] = howReached(owner: hatchOwners[hatch], file: hatch.file, line: hatch.line)
        }
        // A strict-concurrency diagnostic in code the skill reaches (a helper's `static var`, a global cache) is a
        // race in the skill's calls as much as one in its own type.
        var diagnosticsReached: [CompilerDiagnostic: String] = [:]
        for diagnostic in diagnostics where !belongs(diagnosticOwners[diagnostic]) {
            if let name = globalNames[diagnostic], let how = reached.globals[name] {
                diagnosticsReached[diagnostic] = how
            } else if let how = howReached(owner: diagnosticOwners[diagnostic], file: diagnostic.file, line: diagnostic.line) {
                diagnosticsReached[diagnostic] = how
            }
        }
        return TypeReport(
            qualifiedName: root, file: type.file, line: type.line,
            storedTypes: covered.values.filter { !$0.isEmpty }.sorted(),
            diagnostics: diagnostics.filter { belongs(diagnosticOwners[$0]) || diagnosticsReached[$0] != nil },
            diagnosticsReached: diagnosticsReached,
            escapeHatches: fileLevel + escapeHatches.filter { belongs(hatchOwners[$0]) || escapeHatchesReached[$0] != nil },
            escapeHatchesReached: escapeHatchesReached,
            realTimeUses: realTimeUses.filter { !unreached.contains($0) && (belongs(realTimeOwners[$0]) || realTimeReached[$0] != nil) },
            realTimeReached: realTimeReached,
            reaches: (reached.functions.keys.map { "\($0.name)(…)" } + reached.variables.keys.map(\.name)
                + reached.types.keys.map { String($0.split(separator: ".").last ?? "") })
                .sorted()
        )
    }

    /// SEND-1: one `failed` finding per diagnostic in the type, its stored properties' types, or the code they
    /// reach (each saying how), or one `passed`; `failed` when the package declares no such type.
    package func sendableFindings(typeName: String, moduleHint: String? = nil, skillID: String) -> [Finding] {
        let expected = "no strict-concurrency diagnostic in \(typeName), the types of its stored properties, or the code they reach"
        guard let report = report(typeName: typeName, moduleHint: moduleHint) else {
            return [missingType(typeName, rule: "SEND-1", skillID: skillID)]
        }
        guard !report.diagnostics.isEmpty else {
            return [
                Finding(
                    ruleID: "SEND-1", skillID: skillID, outcome: .passed, subject: declared(typeName, report),
                    expected: expected,
                    observed: "none in \(typeName)\(held(report)) or the code they reach, compiled with -strict-concurrency=complete "
                        + "(\(diagnostics.count) concurrency diagnostics in the whole package)")
            ]
        }
        return report.diagnostics.map { diagnostic in
            Finding(
                ruleID: "SEND-1", skillID: skillID, outcome: .failed, subject: "\(typeName) at \(diagnostic.location)",
                expected: expected,
                observed: (report.diagnosticsReached[diagnostic].map { "in \($0): " } ?? "")
                    + "\(diagnostic.severity.rawValue): \(diagnostic.message)" + (diagnostic.group.map { " [#\($0)]" } ?? ""))
        }
    }

    /// SEND-3: one finding per escape hatch in the type or its stored properties' types: `passed` when
    /// `sendTwoPassed` (SEND-2 passed for this skill), else `warning`; one `passed` when there is none.
    package func escapeHatchFindings(typeName: String, moduleHint: String? = nil, skillID: String, sendTwoPassed: Bool) -> [Finding] {
        guard let report = report(typeName: typeName, moduleHint: moduleHint) else {
            return [missingType(typeName, rule: "SEND-3", skillID: skillID)]
        }
        let spellings = EscapeHatchKind.allCases.map { "`\($0.rawValue)`" }.joined(separator: ", ")
        guard !report.escapeHatches.isEmpty else {
            return [
                Finding(
                    ruleID: "SEND-3", skillID: skillID, outcome: .passed, subject: declared(typeName, report),
                    expected: "no escape hatch, or each backed by a passing SEND-2",
                    observed: "no \(spellings) in \(typeName)" + held(report))
            ]
        }
        return report.escapeHatches.map { hatch in
            Finding(
                ruleID: "SEND-3", skillID: skillID, outcome: sendTwoPassed ? .passed : .warning,
                subject: "`\(hatch.kind.rawValue)` at \(hatch.location)",
                expected: "each escape hatch backed by a passing SEND-2 (concurrent execute calls, under ThreadSanitizer)",
                observed: (report.escapeHatchesReached[hatch].map { "in \($0): " } ?? "") + "`\(hatch.text)`: "
                    + (sendTwoPassed
                        ? "SEND-2 passed for this skill"
                        : "no SEND-2 pass for this skill in this run; it needs SEND-2 to pass"))
        }
    }

    /// TIME-1 from the source: one `failed` finding per read of real time, a real id or real randomness in
    /// the type's own code (or its stored properties' types'), with its file and line and the fix; one
    /// `passed` when there is none.
    package func realTimeFindings(typeName: String, moduleHint: String? = nil, skillID: String) -> [Finding] {
        sourceFindings(
            rule: "TIME-1", expected: "time, ids, randomness and sleeps only through the SkillContext", typeName, moduleHint, skillID)
    }

    /// IO-1 from the source: one `failed` finding per use of the network, a file or a process outside the
    /// context (`URLSession`, `FileManager`, `Data(contentsOf:)`…) in the type's code or the code it reaches,
    /// with its file and line and the fix; one `passed` when there is none.
    package func realIOFindings(typeName: String, moduleHint: String? = nil, skillID: String) -> [Finding] {
        sourceFindings(
            rule: "IO-1", expected: "the network, files and processes only through the SkillContext", typeName, moduleHint, skillID)
    }

    /// `findings` with each "not applicable" that runs concluded (a rule that found nothing to judge, not one for
    /// another kind of skill) turned into a skip, when the type's code or the code it reaches reads the process
    /// environment: a setting missing here (an API key) can steer every run away from the work the rule judges.
    ///
    /// ```swift
    /// // WeatherTool: guard let key = ProcessInfo.processInfo.environment["API_KEY"] else { return "no key" }
    /// analysis.steeredBySettings(findings, typeName: "WeatherTool")   // ERR-1: skipped, naming the read
    /// ```
    ///
    /// A read of variables that are all in `given` (each set for the runs: ``credentialNames(typeName:moduleHint:)``
    /// get a placeholder) steers nothing.
    package func steeredBySettings(_ findings: [Finding], typeName: String, moduleHint: String? = nil, given: Set<String> = []) -> [Finding]
    {
        guard let report = report(typeName: typeName, moduleHint: moduleHint),
            let read = report.realTimeUses.first(where: {
                guard $0.kind == .environment else { return false }
                let names = variableNames(in: $0.text)
                return names.isEmpty || !given.isSuperset(of: names)
            })
        else { return findings }
        let reached = report.realTimeReached[read].map { " in \($0)" } ?? ""
        return findings.map { finding in
            guard finding.outcome == .notApplicable, finding.subject != ConformanceCheck.wholeRule,
                !CheckObservations.ownRules.contains(finding.ruleID)
            else { return finding }
            var steered = finding
            steered.outcome = .skipped(
                reason: "\(finding.observed), but the skill reads the process environment (`\(read.text)` at \(read.location)\(reached)), "
                    + "which can steer it away from the work the rule judges: \(read.kind.fix)")
            return steered
        }
    }

    /// Failures that the type's own reach into the real world, which IO-1 or TIME-1 already fails, leaves the kit
    /// unable to judge, skipped with the code named:
    /// - HANG-1's stall (the run waits outside the scheduler) when the code waits on the real world there
    ///   (`URLSession`, `asyncAfter`, `Thread.sleep`, a process, a file handle): a request to a real server, or a
    ///   real timer, cannot be told from a hang;
    /// - CRASH-1's trap inside FoundationNetworking when the code uses `URLSession`: the toolchain's networking
    ///   traps now and then when a run it serves is cut (`TaskRegistry.swift: Trying to access a behaviour for a
    ///   task that in not in the registry`), which says nothing about the skill's own code.
    /// A stall or trap in a skill that reaches no such code stays a failure.
    ///
    /// ```swift
    /// // WebFetchTool falls back to URLSession.shared.data(for:) when the fake network's answer is not what it wants
    /// analysis.steeredByRealWorld(findings, typeName: "WebFetchTool")   // HANG-1: skipped, naming the URLSession use
    /// ```
    package func steeredByRealWorld(_ findings: [Finding], typeName: String, moduleHint: String? = nil) -> [Finding] {
        guard let report = report(typeName: typeName, moduleHint: moduleHint) else { return findings }
        let waiting: Set<RealTimeUseKind> = [.urlSession, .hostTimer, .threadSleep, .process, .fileHandle]
        let wait = report.realTimeUses.first { waiting.contains($0.kind) }
        let session = report.realTimeUses.first { $0.kind == .urlSession }
        func named(_ use: RealTimeUse) -> String {
            "`\(use.label)` at \(use.location)" + (report.realTimeReached[use].map { " in \($0)" } ?? "")
                + ", which \(use.kind.ruleID) fails: `\(use.text)`"
        }
        return findings.map { finding in
            guard finding.outcome == .failed else { return finding }
            var steered = finding
            if finding.ruleID == "HANG-1", finding.observed.contains(VirtualClockError.outsideWait), let wait {
                steered.outcome = .skipped(
                    reason: "the run waited outside the scheduler, and the skill's code waits on the real world there (\(named(wait))): "
                        + "a real request or timer cannot be told from a hang; \(wait.kind.fix), and HANG-1 can judge the wait")
            } else if finding.ruleID == "CRASH-1", finding.observed.contains("FoundationNetworking/"), let session {
                steered.outcome = .skipped(
                    reason: "the trap is inside FoundationNetworking, serving a real request the skill's code makes (\(named(session))), "
                        + "not in the skill's own code; \(session.kind.fix), and CRASH-1 can judge the run")
            }
            return steered
        }
    }

    /// The credentials the type's code, or the code it reaches, reads from the process environment by name
    /// (`environment["WEATHER_API_KEY"]`, `getenv("API_TOKEN")`): a name that ``isCredential(_:)``.
    /// `skillcheck` gives each a placeholder value that this machine does not set, so that a skill that
    /// answers "no key" without one takes its network path into the kit's fakes, where the rules can judge it.
    ///
    /// ```swift
    /// analysis.credentialNames(typeName: "WeatherTool")   // ["WEATHER_API_KEY"]
    /// ```
    package func credentialNames(typeName: String, moduleHint: String? = nil) -> [String] {
        guard let report = report(typeName: typeName, moduleHint: moduleHint) else { return [] }
        let names = report.realTimeUses.filter { $0.kind == .environment }.flatMap { variableNames(in: $0.text) }
        return Array(Set(names.filter(Self.isCredential))).sorted()
    }

    /// Whether an environment variable named `name` holds a credential: its last word is KEY, TOKEN, SECRET,
    /// PASSWORD (PASSWD, PASS, PWD), AUTH or PAT, or it ends in KEY_ID. A setting that only mentions one
    /// (`SMART_TOKEN_LIMIT`, `MAX_TOKENS`, `KEY_PREFIX`, `NEXTAUTH_URL`) is not: a placeholder in it would break the
    /// number or address the skill parses, and the rules would judge the kit's value, not the skill.
    ///
    /// ```swift
    /// StaticAnalysis.isCredential("GITHUB_PERSONAL_ACCESS_TOKEN")   // true
    /// StaticAnalysis.isCredential("SMART_TOKEN_LIMIT")              // false
    /// ```
    package static func isCredential(_ name: String) -> Bool {
        let words = NameWords.of(name).map { $0.uppercased() }
        guard let last = words.last else { return false }
        let credentials: Set<String> = ["KEY", "APIKEY", "TOKEN", "SECRET", "PASSWORD", "PASSWD", "PASS", "PWD", "AUTH", "PAT"]
        return credentials.contains(last) || (last == "ID" && words.dropLast().last == "KEY")
    }

    /// The variables a line reads by name: `environment["NAME"]`, `getenv("NAME")`.
    static func variableNames(in line: String) -> [String] {
        line.matches(of: /(?:environment\s*\[\s*|getenv\s*\(\s*)"([A-Za-z_][A-Za-z0-9_]*)"/).map { String($0.output.1) }
    }

    /// The variables a line reads by name, or through a constant of the package's that names one
    /// (`environment[Self.keyVariable]`, with `static let keyVariable = "TAVILY_API_KEY"`).
    func variableNames(in line: String) -> [String] {
        let constants = line.matches(of: /(?:environment\s*\[\s*|getenv\s*\(\s*)(?:[A-Za-z_]\w*\s*\.\s*)?([A-Za-z_]\w*)\s*[\])]/)
        return Self.variableNames(in: line) + constants.flatMap { variableConstants[String($0.output.1)] ?? [] }
    }

    /// The constants of `sources` whose value is a variable's name (capitals, digits and `_`), by the constant's name.
    static func variableConstants(in sources: [String]) -> [String: [String]] {
        nameConstants(in: sources).mapValues { $0.filter { $0.wholeMatch(of: /[A-Z_][A-Z0-9_]*/) != nil } }.filter { !$0.value.isEmpty }
    }

    /// The constants of `sources` whose value is a name (letters, digits, `_`, `.` and `-`: a variable's, a key's), by
    /// the constant's name: `let`, `static let`, `var` or an enum case's raw value.
    static func nameConstants(in sources: [String]) -> [String: [String]] {
        var constants: [String: [String]] = [:]
        for source in sources {
            for match in source.matches(of: /\b(?:let|var|case)\s+([A-Za-z_]\w*)\s*(?::\s*String\s*)?=\s*"([A-Za-z_][\w.-]*)"/) {
                let (name, value) = (String(match.output.1), String(match.output.2))
                if constants[name]?.contains(value) != true { constants[name, default: []].append(value) }
            }
        }
        return constants
    }

    /// The source findings of `rule` (TIME-1 or IO-1): its spellings in the type's code and the code it reaches.
    private func sourceFindings(rule: String, expected: String, _ typeName: String, _ moduleHint: String?, _ skillID: String) -> [Finding] {
        guard let report = report(typeName: typeName, moduleHint: moduleHint) else {
            return [missingType(typeName, rule: rule, skillID: skillID)]
        }
        let uses = report.realTimeUses.filter { $0.kind.ruleID == rule }
        guard !uses.isEmpty else {
            let spellings = RealTimeUseKind.allCases.filter { $0.ruleID == rule }.map { "`\($0.rawValue)`" }.joined(separator: ", ")
            return [
                Finding(
                    ruleID: rule, skillID: skillID, outcome: .passed, subject: "the source of " + declared(typeName, report),
                    expected: expected,
                    observed: "no \(spellings) in \(typeName)" + held(report)
                        + (report.reaches.isEmpty ? "" : " or the code it reaches (\(report.reaches.joined(separator: ", ")))"))
            ]
        }
        return uses.map { use in
            Finding(
                ruleID: rule, skillID: skillID, outcome: .failed, subject: "`\(use.label)` at \(use.location)",
                expected: expected,
                observed: (report.realTimeReached[use].map { "in \($0): " } ?? "") + "`\(use.text)`: \(use.kind.fix)")
        }
    }

    /// `Name at file:line`, or the name alone for a type the graph gives no location (a private one).
    private func declared(_ typeName: String, _ report: TypeReport) -> String {
        report.file.isEmpty ? typeName : "\(typeName) at \(report.file):\(report.line)"
    }

    private func held(_ report: TypeReport) -> String {
        report.storedTypes.isEmpty ? "" : " or its stored properties' types (\(report.storedTypes.joined(separator: ", ")))"
    }

    private func missingType(_ typeName: String, rule: String, skillID: String) -> Finding {
        let candidates = index.types.map(\.name).sorted()
        return Finding(
            ruleID: rule, skillID: skillID, outcome: .failed, subject: "type \(typeName)",
            expected: "one struct, class, enum or actor named \(typeName) in the library targets of \(package.path)",
            observed: (index.types(named: typeName).count > 1 ? "several types of that name" : "no such type")
                + " in its symbol graph (types: \(candidates.prefix(30).joined(separator: ", "))); "
                + "name it: SkillUnderTest(skill, declaredIn: package, typeName: \"…\")")
    }
}

@available(SkillCheckTesting, *)
extension CompilerDiagnostic {
    /// The same diagnostic with its file's path absolute, standardized and with symlinks resolved, as the
    /// symbol graph spells paths.
    func normalized() -> CompilerDiagnostic {
        var copy = self
        copy.file = URL(fileURLWithPath: file).standardizedFileURL.resolvingSymlinksInPath().path
        return copy
    }
}
