/// Failures a project knows about and has not fixed yet, each with its reason.
///
/// A baselined failure is reported as known, and a baselined rule that passes again is an error (the
/// baseline is stale), so a baseline only shrinks. One type serves the one-line test and
/// `skillcheck check --baseline FILE` (which reads the `skillcheck.baseline/1` file into it). An entry's
/// `skill` is the skill's type name or its id.
///
/// ```swift
/// let baseline = ConformanceBaseline([.init(skill: "WeatherSkill", rule: "ERR-1",
///                                           reason: "rethrows NetworkError; the transcripts expect its text")])
/// ```
@available(SkillCheckTesting, *)
public struct ConformanceBaseline: Sendable, Hashable {
    /// One known failure.
    public struct Entry: Sendable, Hashable {
        /// A skill's type name (`WeatherSkill` or `Module.WeatherSkill`) or its id (`weather`).
        public var skill: String
        /// A rule id of the catalogue, such as `ERR-1`.
        public var rule: String
        /// Why the failure is accepted for now.
        public var reason: String

        public init(skill: String, rule: String, reason: String) {
            self.skill = skill
            self.rule = rule
            self.reason = reason
        }

        /// Whether the entry names the skill with this id or type name.
        package func names(skillID: String, typeName: String? = nil) -> Bool {
            guard skill != skillID else { return true }
            guard let typeName else { return false }
            return skill == typeName || typeName.hasSuffix("." + skill)
        }
    }

    public var entries: [Entry]
    /// The file the baseline was read from, if it was.
    public var file: String?

    public init(_ entries: [Entry] = [], file: String? = nil) {
        self.entries = entries
        self.file = file
    }

    /// No known failures.
    public static let none = ConformanceBaseline()

    /// Why `rule` is known to fail for the skill with `skillID` (or of type `typeName`), if it is.
    package func reason(rule: String, skillID: String, typeName: String? = nil) -> String? {
        entries.first { $0.rule == rule && $0.names(skillID: skillID, typeName: typeName) }?.reason
    }
}
