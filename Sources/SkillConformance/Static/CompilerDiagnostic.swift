import Foundation

/// One diagnostic the Swift compiler printed: `file:line:col: warning|error: message [#Group]`.
///
/// A build prints each diagnostic twice (once when emitting the module, once when compiling), with a
/// source excerpt under it; ``parse(_:)`` keeps the located lines, once each, in order.
///
/// ```swift
/// let found = CompilerDiagnostic.parse("/p/S.swift:4:9: warning: stored property 'box' of "
///     + "'Sendable'-conforming struct 'Holder' has non-Sendable type 'Box'")
/// print(found[0].line, found[0].conformingTypeName ?? "-")   // 4 Holder
/// ```
@available(SkillCheckTesting, *)
package struct CompilerDiagnostic: Sendable, Hashable, Codable, CustomStringConvertible {
    package enum Severity: String, Sendable, Hashable, Codable {
        case warning, error
    }

    /// The file's path as the compiler printed it (absolute for SwiftPM builds).
    package var file: String
    package var line: Int
    package var column: Int
    package var severity: Severity
    /// The message without its group, as the compiler wrote it.
    package var message: String
    /// The diagnostic group, such as `SendingRisksDataRace`, when the compiler named one.
    package var group: String?

    package init(file: String, line: Int, column: Int, severity: Severity, message: String, group: String? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.severity = severity
        self.message = message
        self.group = group
    }

    /// The diagnostic as the compiler printed it.
    package var description: String {
        "\(file):\(line):\(column): \(severity.rawValue): \(message)" + (group.map { " [#\($0)]" } ?? "")
    }

    /// Where it points, `file:line:col`.
    package var location: String { "\(file):\(line):\(column)" }

    /// The diagnostics of a build's output, deduplicated, in the order first printed. Notes, source
    /// excerpts and the build's progress lines are skipped.
    package static func parse(_ output: String) -> [CompilerDiagnostic] {
        var seen = Set<CompilerDiagnostic>()
        var found: [CompilerDiagnostic] = []
        for line in output.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline) {
            guard let diagnostic = CompilerDiagnostic(line: String(line)), seen.insert(diagnostic).inserted else { continue }
            found.append(diagnostic)
        }
        return found
    }

    /// Parses one output line, or returns nil when it is not a located warning or error.
    init?(line text: String) {
        let marks = [(": warning: ", Severity.warning), (": error: ", Severity.error)]
        guard
            let (range, severity) = marks.lazy.compactMap({ mark, severity in
                text.range(of: mark).map { ($0, severity) }
            }).first
        else { return nil }
        // `path:line:col` before the mark: the last two colon-separated fields are numbers.
        let head = text[..<range.lowerBound]
        let fields = head.split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count >= 3, let line = Int(fields[fields.count - 2]), let column = Int(fields[fields.count - 1]) else { return nil }
        let file = fields.dropLast(2).joined(separator: ":")
        guard !file.isEmpty, !file.hasPrefix(" "), !file.contains("|") else { return nil }
        var message = String(text[range.upperBound...])
        var group: String?
        if message.hasSuffix("]"), let open = message.range(of: " [#", options: .backwards) {
            group = String(message[open.upperBound..<message.index(before: message.endIndex)])
            message = String(message[..<open.lowerBound])
        }
        self.init(file: file, line: line, column: column, severity: severity, message: message, group: group)
    }

    /// The groups of Swift 6 concurrency diagnostics (the compiler's documentation names them).
    static let concurrencyGroups: Set<String> = [
        "SendingRisksDataRace", "MutableGlobalVariable", "SendableClosureCaptures", "ActorIsolatedCall",
        "ConformanceIsolation", "IsolatedConformances", "SendableMetatypes", "PreconcurrencyImport",
        "DynamicCallerIsolation",
    ]

    /// True for what strict concurrency checking reports: Sendable conformances, data races, isolation,
    /// shared mutable state.
    package var isConcurrencyRelated: Bool {
        if let group, Self.concurrencyGroups.contains(group) { return true }
        let lower = message.lowercased()
        return ["sendable", "concurrency-safe", "data race", "isolated", "sending ", "actor", "swift 6 language mode"]
            .contains { lower.contains($0) }
    }

    /// The variable a diagnostic about shared mutable state names, from `var 'cache' is not concurrency-safe …`
    /// (or `let 'formatter' …`); `nil` for another diagnostic.
    package var globalVariableName: String? {
        for keyword in ["var '", "let '"] {
            guard let mark = message.range(of: keyword), message.contains("concurrency-safe") else { continue }
            let name = message[mark.upperBound...].prefix { $0 != "'" }
            return name.isEmpty ? nil : String(name)
        }
        return nil
    }

    /// The type a Sendable conformance diagnostic is about, from `… of 'Sendable'-conforming struct 'Holder' …`.
    package var conformingTypeName: String? {
        guard let mark = message.range(of: "'Sendable'-conforming ") else { return nil }
        let rest = message[mark.upperBound...]
        guard let open = rest.firstIndex(of: "'") else { return nil }
        let name = rest[rest.index(after: open)...].prefix { $0 != "'" }
        return name.isEmpty ? nil : String(name)
    }
}
