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
package struct SymbolGraph: Decodable, Sendable {
    package struct Module: Decodable, Sendable { package var name: String }

    package struct Symbol: Decodable, Sendable {
        package struct Identifier: Decodable, Sendable { package var precise: String }
        package struct Kind: Decodable, Sendable { package var identifier: String }
        package struct Location: Decodable, Sendable {
            package struct Position: Decodable, Sendable {
                package var line: Int
                package var character: Int
            }
            package var uri: String
            /// Zero-based, as the graph stores it.
            package var position: Position
        }
        package struct Fragment: Decodable, Sendable {
            package var kind: String
            package var spelling: String
            package var preciseIdentifier: String?
        }

        package var identifier: Identifier
        package var kind: Kind
        /// The name path: `["NoteSkill", "init()"]`.
        package var pathComponents: [String]
        /// `public`, `internal`, …
        package var accessLevel: String?
        package var location: Location?
        package var declarationFragments: [Fragment]?

        /// Whether code outside the module can see it.
        package var isPublic: Bool { accessLevel == "public" || accessLevel == "open" }

        /// A function's or initialiser's parameters as its declaration spells them: each one's argument label (`_` for
        /// none) and whether it has a default value, so `init(apiKey: String? = nil)` can be called as `init()`.
        package var parameters: [(label: String, hasDefault: Bool)] {
            let text = (declarationFragments ?? []).map(\.spelling).joined()
            guard let open = text.firstIndex(of: "(") else { return [] }
            var depth = 0
            var current = ""
            var parts: [String] = []
            var previous: Character = "("
            for character in text[text.index(after: open)...] {
                defer { previous = character }
                if "([<{".contains(character) { depth += 1 }
                // The `>` of a function type's `->` closes nothing.
                if ")]}".contains(character) || (character == ">" && previous != "-") {
                    if depth == 0 {
                        parts.append(current)
                        break
                    }
                    depth -= 1
                }
                if character == ",", depth == 0 {
                    parts.append(current)
                    current = ""
                } else {
                    current.append(character)
                }
            }
            return parts.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.map { part in
                let name = part.split(separator: ":", maxSplits: 1).first.map(String.init) ?? part
                let label = name.split(separator: " ").first.map(String.init) ?? name
                return (label, part.contains(" = "))
            }
        }
    }

    /// `conformsTo`, `inheritsFrom`, `memberOf`, … from `source` to `target` (precise ids); a target in
    /// another module also has its name in `targetFallback` (`SkillKit.AgentSkill`).
    package struct Relationship: Decodable, Sendable {
        package var kind: String
        package var source: String
        package var target: String
        package var targetFallback: String?
    }

    package var module: Module
    package var symbols: [Symbol]
    package var relationships: [Relationship]

    /// The symbol kinds that are types a skill can be.
    package static let typeKinds: Set<String> = ["swift.struct", "swift.class", "swift.enum", "swift.actor"]

    enum CodingKeys: String, CodingKey { case module, symbols, relationships }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        module = try container.decode(Module.self, forKey: .module)
        symbols = try container.decode([Symbol].self, forKey: .symbols)
        relationships = try container.decodeIfPresent([Relationship].self, forKey: .relationships) ?? []
    }

    /// Precise ids of the types (and protocols) in this graph that conform to the protocol `precise`
    /// (or named `fallback`), directly or through protocols that refine it.
    package func conformers(to precise: String, fallback: String) -> Set<String> {
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
