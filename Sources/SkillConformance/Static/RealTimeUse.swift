import Foundation

/// One read of real time, a real id or real randomness in a source file: `Date()`, `Date.now`, `UUID()`,
/// `.random`, `ContinuousClock`, `SuspendingClock` or `Task.sleep` without a clock.
///
/// TIME-1 reports each one in a skill type's own code with its file and line, so that a result built
/// from `Date()` is found even when two runs fall within the same second and give the same text. Found
/// by scanning the source outside comments and string literals (``EscapeHatch/code(of:)``).
///
/// ```swift
/// let uses = RealTimeUse.scan("let stamp = Date()", file: "Clock.swift")
/// print(uses[0].kind.fix)   // read the time from the context: context.now
/// ```
@available(SkillCheckTesting, *)
package struct RealTimeUse: Sendable, Hashable, Codable, CustomStringConvertible {
    package enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        case date = "Date()"
        case dateNow = "Date.now"
        case uuid = "UUID()"
        case random = ".random"
        case continuousClock = "ContinuousClock"
        case suspendingClock = "SuspendingClock"
        case taskSleep = "Task.sleep"

        /// What to write instead.
        package var fix: String {
            switch self {
            case .date, .dateNow: "read the time from the context: context.now"
            case .uuid: "make ids with the context: context.newID()"
            case .random: "take randomness from a generator the skill is given (a seeded one in tests), not the system's"
            case .continuousClock, .suspendingClock: "measure and sleep on the context's clock: context.clock"
            case .taskSleep: "sleep on the context's clock: try await context.clock.sleep(for: …)"
            }
        }
    }

    package var kind: Kind
    package var file: String
    package var line: Int
    package var column: Int
    /// The source line, trimmed.
    package var text: String

    package var location: String { "\(file):\(line):\(column)" }
    package var description: String { "`\(kind.rawValue)` at \(location): \(text)" }

    /// Every use in `source`, in order.
    package static func scan(_ source: String, file: String) -> [RealTimeUse] {
        // Regexes are not Sendable, so they are made here rather than kept in a static.
        let patterns: [(Kind, Regex<Substring>)] = [
            (.date, /\bDate\s*\(\s*(?:\)|timeIntervalSinceNow\s*:)/),
            (.dateNow, /\bDate\s*\.\s*now\b/),
            (.uuid, /\bUUID\s*\(\s*\)/),
            (.random, /\.\s*random(?:Element)?\s*\((?!.*\busing\s*:)/),
            (.continuousClock, /\bContinuousClock\b/),
            (.suspendingClock, /\bSuspendingClock\b/),
            (.taskSleep, /\bTask\s*\.\s*sleep\s*\((?!.*\bclock\s*:)/),
        ]
        return EscapeHatch.matches(of: patterns, in: source).map {
            RealTimeUse(kind: $0.kind, file: file, line: $0.line, column: $0.column, text: $0.text)
        }
    }
}
