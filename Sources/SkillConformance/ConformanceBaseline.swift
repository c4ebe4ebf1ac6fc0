/// Failures a project knows about and has not fixed yet, each with its reason: a baselined failure is
/// reported as known, and a baselined rule that passes again is an error (the baseline is stale).
///
/// ```swift
/// let baseline = ConformanceBaseline([.init(skillID: "weather", ruleID: "ERR-1",
///                                           reason: "rethrows NetworkError; the transcripts expect its text")])
/// ```
@available(SkillCheckTesting, *)
public struct ConformanceBaseline: Sendable, Codable, Hashable {
    public struct Entry: Sendable, Codable, Hashable {
        public var skillID: String
        public var ruleID: String
        public var reason: String

        public init(skillID: String, ruleID: String, reason: String) {
            self.skillID = skillID
            self.ruleID = ruleID
            self.reason = reason
        }
    }

    public var entries: [Entry]

    public init(_ entries: [Entry] = []) { self.entries = entries }

    /// No known failures.
    public static let none = ConformanceBaseline()

    /// Why `ruleID` is known to fail for `skillID`, if it is.
    public func reason(ruleID: String, skillID: String) -> String? {
        entries.first { $0.ruleID == ruleID && $0.skillID == skillID }?.reason
    }
}
