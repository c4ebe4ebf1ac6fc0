/// One numbered rule of the conformance catalogue: what a skill must (or should) do, and how to fix it
/// when it does not.
///
/// ```swift
/// let rule = RuleCatalog.standard["META-1"]!
/// print(rule.level, rule.sentence)        // MUST The skill's id is not empty, and is the same on every instance, …
/// ```
@available(SkillCheckTesting, *)
public struct ConformanceRule: Sendable, Codable, Hashable, Identifiable {
    /// What part of a skill's behaviour a rule is about.
    public enum Category: String, Sendable, Codable, Hashable, CaseIterable {
        case sendable, cancellation, errors, metadata, time, crash, hang
        /// What only a tool skill has: its name, input schema, arguments and result size.
        case tools
    }

    /// Whether breaking the rule is a failure (MUST) or a warning (SHOULD).
    public enum Level: String, Sendable, Codable, Hashable {
        case must = "MUST"
        case should = "SHOULD"
    }

    /// What usually breaks the rule, how to fix it, and two lines of code that show the fix.
    public struct Troubleshooting: Sendable, Codable, Hashable {
        public var cause: String
        public var fix: String
        /// Two lines of Swift.
        public var example: String

        package init(cause: String, fix: String, example: String) {
            self.cause = cause
            self.fix = fix
            self.example = example
        }
    }

    /// A stable id such as `"META-1"`: a test's name starts with it, so `swift test --filter META-1` runs it.
    public var id: String
    public var category: Category
    public var level: Level
    /// The rule in one sentence.
    public var sentence: String
    public var troubleshooting: Troubleshooting
    /// The kinds of skill the rule applies to.
    ///
    /// For another kind its check reports `notApplicable`, naming the rule that covers the same ground for that
    /// kind, if any.
    public var appliesTo: [SkillKind]

    package init(
        id: String, category: Category, level: Level, sentence: String, troubleshooting: Troubleshooting,
        appliesTo: [SkillKind] = SkillKind.allCases
    ) {
        self.id = id
        self.category = category
        self.level = level
        self.sentence = sentence
        self.troubleshooting = troubleshooting
        self.appliesTo = appliesTo
    }

    private enum CodingKeys: String, CodingKey { case id, category, level, sentence, troubleshooting, appliesTo }

    /// Reads a rule; one written before tool skills (no `appliesTo`) applies to every kind.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(String.self, forKey: .id),
            category: try container.decode(Category.self, forKey: .category),
            level: try container.decode(Level.self, forKey: .level),
            sentence: try container.decode(String.self, forKey: .sentence),
            troubleshooting: try container.decode(Troubleshooting.self, forKey: .troubleshooting),
            appliesTo: try container.decodeIfPresent([SkillKind].self, forKey: .appliesTo) ?? SkillKind.allCases
        )
    }

    /// Whether the rule applies to skills of `kind`.
    package func applies(to kind: SkillKind) -> Bool { appliesTo.contains(kind) }

    /// The troubleshooting text as one paragraph, for a failure message.
    package var advice: String {
        "Usual cause: \(troubleshooting.cause) Fix: \(troubleshooting.fix) For example:\n"
            + troubleshooting.example.split(separator: "\n").map { "    \($0)" }.joined(separator: "\n")
    }
}
