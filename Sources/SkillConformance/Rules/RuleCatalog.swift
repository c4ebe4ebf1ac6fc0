import SkillTesting

/// Every conformance rule, as one Codable value: the README's table, the test names and every report
/// come from it.
///
/// ```swift
/// for rule in RuleCatalog.standard.rules where rule.category == .errors { print(rule.id, rule.sentence) }
/// let json = try JSONEncoder().encode(RuleCatalog.standard)   // schema "skillcheck.rules/1"
/// ```
@available(SkillCheckTesting, *)
public struct RuleCatalog: Sendable, Codable, Hashable {
    /// The schema of this value's JSON form.
    public static let format = WireFormat.rules

    public var schema: String
    /// In catalogue order: by category, then number.
    public var rules: [ConformanceRule]

    package init(schema: String = RuleCatalog.format.id, rules: [ConformanceRule]) {
        self.schema = schema
        self.rules = rules
    }

    private enum CodingKeys: String, CodingKey { case schema, rules }

    /// Decodes a catalogue of this kit's format, and rejects any other version with an error naming both.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        schema = try container.decode(String.self, forKey: .schema)
        guard schema == Self.format.id else {
            throw DecodingError.dataCorruptedError(
                forKey: .schema, in: container,
                debugDescription: "schema \"\(schema)\", expected \"\(Self.format.id)\"")
        }
        rules = try container.decode([ConformanceRule].self, forKey: .rules)
    }

    /// The rule with this id.
    public subscript(id: String) -> ConformanceRule? { rules.first { $0.id == id } }

    /// The catalogue this version of the kit checks.
    public static let standard = RuleCatalog(
        rules: sendableRules + cancellationRules + hangRules + errorRules + metadataRules + timeRules + crashRules + toolRules
    )

    /// The rule table of `Conformance/README.md`: id, category, level, the kinds of skill it applies to,
    /// sentence, then troubleshooting.
    package var markdownTable: String {
        var lines = [
            "| Id | Category | Level | Skills | Rule | Usual cause | Fix | Example |",
            "| --- | --- | --- | --- | --- | --- | --- | --- |",
        ]
        for rule in rules {
            let t = rule.troubleshooting
            let example = "`" + t.example.replacingOccurrences(of: "\n", with: "`<br>`") + "`"
            let skills = rule.appliesTo.map(\.protocolName).joined(separator: ", ")
            let cells = [rule.id, rule.category.rawValue, rule.level.rawValue, skills, rule.sentence, t.cause, t.fix, example]
            lines.append("| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n")
    }
}
