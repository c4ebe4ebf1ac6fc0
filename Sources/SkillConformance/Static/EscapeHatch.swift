/// One escape hatch from Sendable checking in a source file: `@unchecked Sendable`,
/// `nonisolated(unsafe)` or `@preconcurrency`.
///
/// ```swift
/// let hatches = EscapeHatch.scan("final class Memo: @unchecked Sendable {}", file: "Memo.swift")
/// print(hatches[0].kind.rawValue, hatches[0].line)   // @unchecked Sendable 1
/// ```
@available(SkillCheckTesting, *)
package typealias EscapeHatch = SourceMatch<EscapeHatchKind>

/// The three spellings of an escape hatch from Sendable checking.
@available(SkillCheckTesting, *)
package enum EscapeHatchKind: String, SourceSpelling {
    case uncheckedSendable = "@unchecked Sendable"
    case nonisolatedUnsafe = "nonisolated(unsafe)"
    case preconcurrency = "@preconcurrency"

    package static var patterns: [(Self, Regex<Substring>)] {
        [
            (.uncheckedSendable, /@unchecked\s+Sendable\b/),
            (.nonisolatedUnsafe, /\bnonisolated\s*\(\s*unsafe\s*\)/),
            (.preconcurrency, /@preconcurrency\b/),
        ]
    }
}

@available(SkillCheckTesting, *)
extension SourceMatch where Kind == EscapeHatchKind {
    /// An `@preconcurrency import`: it concerns the whole file.
    package var isImport: Bool { kind == .preconcurrency && text.hasPrefix("@preconcurrency import") }
}
