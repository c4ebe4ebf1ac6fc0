import Foundation

/// The parts of a module's symbol graph file (`swift package dump-symbol-graph`, `*.symbols.json`) that
/// this kit reads: the types and their members, where each is declared, and what conforms to what.
/// The static stage indexes declarations from it; `skillcheck`'s discovery finds the skill types in it.
///
/// ```swift
/// let graph = try JSONDecoder().decode(SymbolGraph.self, from: Data(contentsOf: file))
/// let skills = graph.conformers(to: "s:8SkillKit05AgentA0P", fallback: "SkillKit.AgentSkill")
/// ```
@available(SkillCheckTesting, *)
public struct SymbolGraph: Decodable, Sendable {
    public struct Module: Decodable, Sendable { public var name: String }

    public struct Symbol: Decodable, Sendable {
        public struct Identifier: Decodable, Sendable { public var precise: String }
        public struct Kind: Decodable, Sendable { public var identifier: String }
        public struct Location: Decodable, Sendable {
            public struct Position: Decodable, Sendable { public var line: Int; public var character: Int }
            public var uri: String
            /// Zero-based, as the graph stores it.
            public var position: Position
        }
        public struct Fragment: Decodable, Sendable {
            public var kind: String
            public var spelling: String
            public var preciseIdentifier: String?
        }

        public var identifier: Identifier
        public var kind: Kind
        /// The name path: `["NoteSkill", "init()"]`.
        public var pathComponents: [String]
        /// `public`, `internal`, …
        public var accessLevel: String?
        public var location: Location?
        public var declarationFragments: [Fragment]?

        /// Whether code outside the module can see it.
        public var isPublic: Bool { accessLevel == "public" || accessLevel == "open" }
    }

    /// `conformsTo`, `inheritsFrom`, `memberOf`, … from `source` to `target` (precise ids); a target in
    /// another module also has its name in `targetFallback` (`SkillKit.AgentSkill`).
    public struct Relationship: Decodable, Sendable {
        public var kind: String
        public var source: String
        public var target: String
        public var targetFallback: String?
    }

    public var module: Module
    public var symbols: [Symbol]
    public var relationships: [Relationship]

    /// The symbol kinds that are types a skill can be.
    public static let typeKinds: Set<String> = ["swift.struct", "swift.class", "swift.enum", "swift.actor"]

    enum CodingKeys: String, CodingKey { case module, symbols, relationships }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        module = try container.decode(Module.self, forKey: .module)
        symbols = try container.decode([Symbol].self, forKey: .symbols)
        relationships = try container.decodeIfPresent([Relationship].self, forKey: .relationships) ?? []
    }

    /// Precise ids of the types (and protocols) in this graph that conform to the protocol `precise`
    /// (or named `fallback`), directly or through protocols that refine it.
    public func conformers(to precise: String, fallback: String) -> Set<String> {
        var reached: Set<String> = [precise]
        var found: Set<String> = []
        var changed = true
        while changed {
            changed = false
            for relation in relationships where ["conformsTo", "inheritsFrom"].contains(relation.kind) {
                let hit = reached.contains(relation.target) || relation.targetFallback == fallback
                if hit, !reached.contains(relation.source) {
                    reached.insert(relation.source)
                    found.insert(relation.source)
                    changed = true
                }
            }
        }
        return found
    }
}
