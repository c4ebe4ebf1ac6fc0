import Foundation
import SkillKit

/// What one model provider accepts in a tool's name and input schema, as a list of checks.
///
/// Each check has the provider's own words for the refusal, the fix, its sources and when it was last
/// confirmed.
///
/// The profiles are data (``catalogue``, kept in `ProviderCatalogue.swift`); TOOL-7 checks every tool
/// skill against the ones a run chooses:
///
/// ```swift
/// let gemini = ProviderProfile.named("gemini")!
/// for problem in gemini.problems(toolName: tool.name, schema: tool.inputSchema) {
///     print(problem)   // gemini /properties/note: HTTP 400: "Proto field is not repeating…" Fix: write "type": "string", "nullable": true …
/// }
/// ```
///
/// No one schema satisfies every profile: both strict modes need `"additionalProperties": false` on every
/// object, and Gemini's `parameters` refuses the keyword. ``lint(toolName:schema:profiles:)`` says so
/// on each problem a fix would only trade for another.
@available(SkillCheckTesting, *)
public struct ProviderProfile: Sendable, Codable, Hashable, Identifiable {
    /// `openai`, `openai-strict`, `anthropic`, `anthropic-strict`, `gemini`, `gemini-json-schema`, or `common`
    /// (what every provider refuses).
    public var id: String
    /// The provider and mode, in words.
    public var name: String
    /// Where the schema goes in the provider's request.
    public var field: String
    /// The form the provider takes a schema in.
    ///
    /// A tool written once is sent to it as `JSONSchema.variant(of:for:)` of this dialect, and TOOL-7
    /// checks that variant.
    public var dialect: SchemaDialect
    /// The profile whose checks come first (a strict mode includes its provider's plain mode).
    public var includes: String?
    /// Every check, the included profile's first.
    public var checks: [Check]

    /// One thing a provider refuses, and what to do instead.
    public struct Check: Sendable, Codable, Hashable {
        /// Unique within its profile: `additional-properties`.
        public var id: String
        public var kind: Kind
        /// Whether the provider refuses for sure (`refused`, HTTP 400), or the sources disagree (`unsettled`).
        ///
        /// An `unsettled` check is a warning even for a chosen provider.
        public var level: Level
        /// The keywords a keyword check looks for.
        public var keywords: [String]
        /// The allowed formats, or the pieces a pattern must not hold.
        public var values: [String]
        /// A count the check compares with (depth, least properties, most `minItems`).
        public var limit: Int?
        /// The regular expression a name must match whole.
        public var pattern: String?
        /// What the provider says, with `{pointer}`, `{keyword}`, `{value}`, `{name}` and `{limit}` filled in.
        public var says: String
        /// The fix, with the same placeholders.
        public var fix: String
        /// How the rule changed over time, and what older deployments do.
        public var changed: String?
        /// Where the check comes from: each a page, an issue or a commit, with its date when it has one.
        public var sources: [String]
        /// The month the rule was last confirmed: `2026-09`.
        public var confirmed: String

        public enum Level: String, Sendable, Codable, Hashable {
            case refused, unsettled
        }

        /// What the checker looks for; the catalogue's header comment lists them.
        public enum Kind: String, Sendable, Codable, Hashable, CaseIterable {
            case toolName, rootType, rootForbidden, forbidden, objectProperties, additionalPropertiesFalse
            case allPropertiesRequired, requiredExist, typeArray, enumStrings, enumPrimitives, enumMixed
            case formats, propertyName, minItemsAtMost, refSiblings, recursiveRef, externalRef, patternSyntax, maxDepth, metaschema
        }

        private enum CodingKeys: String, CodingKey {
            case id, kind, level, keywords, values, limit, pattern, says, fix, changed, sources, confirmed
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            kind = try container.decode(Kind.self, forKey: .kind)
            level = try container.decodeIfPresent(Level.self, forKey: .level) ?? .refused
            keywords = try container.decodeIfPresent([String].self, forKey: .keywords) ?? []
            values = try container.decodeIfPresent([String].self, forKey: .values) ?? []
            limit = try container.decodeIfPresent(Int.self, forKey: .limit)
            pattern = try container.decodeIfPresent(String.self, forKey: .pattern)
            says = try container.decode(String.self, forKey: .says)
            fix = try container.decode(String.self, forKey: .fix)
            changed = try container.decodeIfPresent(String.self, forKey: .changed)
            sources = try container.decode([String].self, forKey: .sources)
            confirmed = try container.decode(String.self, forKey: .confirmed)
        }
    }

    /// Every profile, from the catalogue.
    public static let catalogue: [ProviderProfile] = {
        struct File: Decodable {
            var sources: [String: String]
            var profiles: [ProviderProfile]
        }
        do {
            let file = try JSONDecoder().decode(File.self, from: Data(catalogueText.utf8))
            var profiles = file.profiles
            for index in profiles.indices {
                // A check cites its sources by number in the file; a finding quotes each in full, since the
                // numbers' list is not something a user has.
                for check in profiles[index].checks.indices {
                    profiles[index].checks[check].sources = profiles[index].checks[check].sources.map { number in
                        guard let source = file.sources[number] else {
                            preconditionFailure(
                                "ProviderCatalogue.swift: \(profiles[index].checks[check].id) cites source \(number), which is not listed")
                        }
                        return source
                    }
                }
            }
            for index in profiles.indices {
                guard let parent = profiles[index].includes else { continue }
                guard let included = profiles.first(where: { $0.id == parent }), included.includes == nil else {
                    preconditionFailure("ProviderCatalogue.swift: \(profiles[index].id) includes \(parent), which is not a plain profile")
                }
                profiles[index].checks = included.checks + profiles[index].checks
            }
            return profiles
        } catch {
            // The catalogue ships with the kit and a test decodes it: this is a kit bug, said plainly.
            preconditionFailure("ProviderCatalogue.swift does not decode: \(error)")
        }
    }()

    /// The ids a user may choose with `--provider` (every profile but `common`, which always runs).
    public static var choosableIDs: [String] { catalogue.map(\.id).filter { $0 != commonID } }

    /// The id of the profile of what every provider refuses.
    public static let commonID = "common"

    /// The profile with `id`, or `nil`.
    public static func named(_ id: String) -> ProviderProfile? {
        catalogue.first { $0.id == id }
    }
}

/// A tool's name or schema as one provider would refuse it.
@available(SkillCheckTesting, *)
public struct ProviderProblem: Sendable, Hashable, CustomStringConvertible {
    /// The profile's id: `gemini`.
    public var profile: String
    /// The check's id within the profile: `nullable`.
    public var check: String
    public var level: ProviderProfile.Check.Level
    /// The JSON pointer into the schema (`/properties/note`), or `name` for the tool's name.
    public var pointer: String
    /// What the provider will say.
    public var says: String
    /// What to change.
    public var fix: String
    /// How the rule changed over time, when it did.
    public var changed: String?
    /// When another chosen profile refuses what the fix would write: which, and the usual way out.
    public var conflict: String?
    public var sources: [String]
    public var confirmed: String

    /// The fix as edits of the schema it was found in: empty when ``fix`` says a person must decide.
    package var edits: [SchemaEdit] = []
    /// Whether the arguments a model sends change with the fix, so the tool must change too (``fix`` says so).
    package var changesArguments = false

    /// The keyword the fix adds, or removes, as the conflict check sees it.
    package var adds: String?
    package var removes: String?

    public var description: String {
        "\(profile) \(pointer.isEmpty ? "/" : pointer): \(says). Fix: \(fix)" + (changed.map { " (\($0))" } ?? "")
            + (conflict.map { " Conflict: \($0)" } ?? "")
    }
}
