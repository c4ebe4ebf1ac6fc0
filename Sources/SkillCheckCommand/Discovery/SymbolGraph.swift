import Foundation
import SkillConformance

/// The parts of a module's symbol graph (`swift package dump-symbol-graph`) that discovery reads: the
/// public types, their initializers, and what conforms to what.
@available(SkillCheckTesting, *)
struct SymbolGraph: Decodable, Sendable {
    struct Module: Decodable, Sendable { var name: String }

    struct Symbol: Decodable, Sendable {
        struct Kind: Decodable, Sendable { var identifier: String }
        struct Identifier: Decodable, Sendable { var precise: String }
        struct Location: Decodable, Sendable {
            struct Position: Decodable, Sendable { var line: Int; var character: Int }
            var uri: String
            var position: Position
        }

        var kind: Kind
        var identifier: Identifier
        var pathComponents: [String]
        var accessLevel: String
        var location: Location?
    }

    struct Relationship: Decodable, Sendable {
        var kind: String
        var source: String
        var target: String
        var targetFallback: String?
    }

    var module: Module
    var symbols: [Symbol]
    var relationships: [Relationship]

    static let typeKinds: Set<String> = ["swift.struct", "swift.class", "swift.enum", "swift.actor"]

    /// Precise ids of the types (and protocols) in this graph that conform to the protocol `precise`
    /// (or named `fallback`), directly or through protocols that refine it.
    func conformers(to precise: String, fallback: String) -> Set<String> {
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

    /// Reads every `*.symbols.json` in `folder` (one per module; extension graphs `Module@Other` skipped).
    static func readAll(in folder: URL) throws -> [SymbolGraph] {
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.hasSuffix(".symbols.json") && !$0.lastPathComponent.contains("@") }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        return try files.map { try JSONDecoder().decode(SymbolGraph.self, from: Data(contentsOf: $0)) }
    }
}
