import Foundation
import SkillCheckSupport
import SkillConformance

/// `skillcheck rules [RULE-ID...]`: prints the rule catalogue, as a table or as its Codable JSON.
@available(SkillCheckTesting, *)
package enum RulesCommand {
    package static let spec = CommandSpec(
        name: "rules",
        abstract: "Print the conformance rules: id, category, level and what each one asks.",
        arguments: "[RULE-ID...]",
        argumentsHelp: "Only these rules, each with its usual cause, fix and example. Default: every rule, as a table.",
        options: [
            .init(
                name: "--format", value: "FORMAT", help: "Default: text. json is the catalogue, schema skillcheck.rules/1.",
                choices: ["text", "json"])
        ],
        discussion: "A rule id never changes meaning once released; 'swift test --filter CAN-2' runs that rule's tests."
    )

    /// Prints the catalogue (or the rules named) through `write`; returns the exit status.
    package static func run(_ arguments: [String], catalog: RuleCatalog = .standard, write: (String) -> Void) throws(UsageError) -> Int32 {
        let parsed = try spec.parse(arguments)
        if parsed.helpRequested {
            write(spec.help + "\n")
            return 0
        }
        let rules = try parsed.positionals.map { id throws(UsageError) in try rule(id, in: catalog) }
        if parsed.value("--format") == "json" {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let chosen = RuleCatalog(schema: catalog.schema, rules: rules.isEmpty ? catalog.rules : rules)
            do {
                write(String(decoding: try encoder.encode(chosen), as: UTF8.self) + "\n")
            } catch {
                throw UsageError("cannot encode the catalogue: \(error)")
            }
        } else {
            write(
                rules.isEmpty
                    ? table(catalog.rules) + "\n" + providers()
                    : rules.map { details($0) + ($0.id == "TOOL-7" ? "\n" + providerChecks() : "") }.joined(separator: "\n"))
        }
        return 0
    }

    /// The rule with this id (any letter case), or an error naming the nearest id.
    static func rule(_ id: String, in catalog: RuleCatalog) throws(UsageError) -> ConformanceRule {
        if let rule = catalog[id.uppercased()] { return rule }
        let ids = catalog.rules.map(\.id)
        let near =
            Suggestion.nearest(to: id, among: ids).map { "; did you mean '\($0)'?" }
            ?? "; the rules are " + ids.joined(separator: ", ")
        throw UsageError("no rule '\(id)'\(near)", command: spec)
    }

    /// Id, category, level and sentence, a row per rule, in aligned columns.
    package static func table(_ rules: [ConformanceRule]) -> String {
        let rows = [["ID", "CATEGORY", "LEVEL", "RULE"]] + rules.map { [$0.id, $0.category.rawValue, $0.level.rawValue, $0.sentence] }
        return aligned(rows).joined(separator: "\n") + "\n"
    }

    /// `rows` as lines, every column but the last padded to its widest cell and two spaces.
    static func aligned(_ rows: [[String]]) -> [String] {
        guard let columns = rows.first?.count, columns > 1 else { return rows.map { $0.joined() } }
        let widths = (0..<columns - 1).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            widths.indices.map { row[$0].padding(toLength: widths[$0] + 2, withPad: " ", startingAt: 0) }.joined() + row[columns - 1]
        }
    }

    /// The provider profiles TOOL-7 checks against, a row each.
    package static func providers() -> String {
        let rows = ProviderProfile.catalogue.map { profile in
            [profile.id == ProviderProfile.commonID ? "(always)" : profile.id, "\(profile.checks.count) checks", profile.field]
        }
        return "Provider profiles for TOOL-7 (--provider ID makes one a MUST; the first always runs, as a SHOULD):\n"
            + aligned(rows).map { "  " + $0 }.joined(separator: "\n") + "\n"
    }

    /// Each profile's checks: id, whether the provider refuses or the sources disagree, when confirmed.
    package static func providerChecks() -> String {
        "  Provider profiles:\n"
            + ProviderProfile.catalogue.map { profile in
                "    \(profile.id): \(profile.name), \(profile.field)\n"
                    + profile.checks.map { check in
                        "      \(check.id) (\(check.level.rawValue), confirmed \(check.confirmed); sources: \(check.sources.joined(separator: "; ")))"
                    }.joined(separator: "\n")
            }.joined(separator: "\n") + "\n"
    }

    /// One rule in full: its sentence, usual cause, fix and example.
    package static func details(_ rule: ConformanceRule) -> String {
        let t = rule.troubleshooting
        return """
            \(rule.id) (\(rule.category.rawValue), \(rule.level.rawValue))
              \(rule.sentence)
              Usual cause: \(t.cause)
              Fix: \(t.fix)
              Example:
            \(t.example.split(separator: "\n").map { "      \($0)" }.joined(separator: "\n"))

            """
    }
}
