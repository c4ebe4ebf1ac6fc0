import Foundation
import SkillCheckSupport
import SkillConformance

/// A skill type found in a package: an `AgentSkill` or a `ToolSkill` (a type that is both is found
/// once as each, and checked as each).
@available(SkillCheckTesting, *)
package struct DiscoveredSkill: Sendable, Codable, Hashable, CustomStringConvertible {
    /// The module that declares it.
    package var module: String
    /// Its name, qualified by any enclosing type (`Outer.Skill`), without the module.
    package var typeName: String
    /// Where it is declared (a path), and the line.
    package var file: String?
    package var line: Int?
    /// Why the harness cannot make one, if it cannot (no public `init()`, nor `init(context:)` for a tool skill).
    package var notInstantiable: String?
    /// Which protocol it was found by.
    package var kind: SkillKind = .agent
    /// Whether the harness makes it with `init(context:)`, giving it the check's context (a tool skill
    /// that has a public one), rather than with `init()`.
    package var takesContext = false

    package var description: String { "\(module).\(typeName)" }
}

/// The skills of a package, found the way the toolchain sees the package: `swift package describe`
/// for its modules and products, and each module's symbol graph (from the static stage's compile) for
/// the public types that conform to `AgentSkill` or `ToolSkill` (directly or through a protocol of the
/// package's) or `SkillCatalog`.
///
/// ```swift
/// let found = try await SkillDiscovery.discover(at: packageURL, scratch: scratchURL)
/// for skill in found.skills { print(skill) }   // ReferenceSkills.NoteSkill, ReferenceSkills.WeatherSkill
/// ```
@available(SkillCheckTesting, *)
package struct SkillDiscovery: Sendable, Codable {
    package var package: DescribedPackage
    package var kit: KitLocation
    /// Every public type conforming to `AgentSkill`, then every one conforming to `ToolSkill`,
    /// instantiable or not, in module and source order.
    package var skills: [DiscoveredSkill]
    /// Public types conforming to `SkillCatalog`: when there is one, its `skills` are the skills to check.
    package var catalogs: [DiscoveredSkill]

    /// The skills the harness can make with `init()`.
    package var instantiable: [DiscoveredSkill] { skills.filter { $0.notInstantiable == nil } }

    static let agentSkill = (precise: "s:8SkillKit05AgentA0P", name: "SkillKit.AgentSkill")
    static let skillCatalog = (precise: "s:8SkillKit0A7CatalogP", name: "SkillKit.SkillCatalog")
    static let toolSkill = (precise: "s:8SkillKit04ToolA0P", name: "SkillKit.ToolSkill")

    /// Reads the package at `url`, compiling it (with strict concurrency, as the static stage does) for
    /// its symbol graphs. `scratch` holds the scratch path of every SwiftPM call discovery makes: keep
    /// one per package (never the package's own `.build`, which `swift package skillcheck` holds locked).
    package static func discover(at url: URL, scratch: URL) async throws -> SkillDiscovery {
        let package = try await offThePool("swift package describe") { try DescribedPackage.read(at: url, scratch: scratch) }
        let (_, evidence) = try await StaticAnalysis.analyzeKeepingEvidence(package: url, options: .init(scratchRoot: scratch))
        return try await offThePool("discovery") { try discover(package, at: url, evidence: evidence, scratch: scratch) }
    }

    /// Reads the package at `url` (`package` is what `swift package describe` said of it), finding its
    /// skills in the symbol graphs the static stage's compile left in `evidence`: one compile for both.
    /// `scratch` is `swift package show-dependencies`'s scratch path.
    package static func discover(
        _ package: DescribedPackage, at url: URL, evidence: StaticAnalysis.Evidence, scratch: URL
    ) throws(DiscoveryFailure) -> SkillDiscovery {
        let kit = try KitLocation.find(forPackageAt: url, scratch: scratch)
        var graphs: [SymbolGraph] = []
        for data in evidence.symbolGraphs {
            do {
                graphs.append(try JSONDecoder().decode(SymbolGraph.self, from: data))
            } catch {
                throw .toolFailed("a symbol graph of \(url.path) this version cannot read: \(error)", output: "")
            }
        }
        var skills: [DiscoveredSkill] = []
        var catalogs: [DiscoveredSkill] = []
        var tools: [DiscoveredSkill] = []
        for graph in graphs where package.libraryModules.contains(graph.module.name) {
            skills += types(in: graph, conformingTo: agentSkill).filter { !skills.contains($0) }
            catalogs += types(in: graph, conformingTo: skillCatalog).filter { !catalogs.contains($0) }
            tools += types(in: graph, conformingTo: toolSkill).filter { !tools.contains($0) }
        }
        skills += tools
        if skills.isEmpty && catalogs.isEmpty {
            throw .noSkills(url.path, checkedModules: package.libraryModules)
        }
        for module in Set((skills + catalogs).map(\.module)) where package.libraryProduct(containing: module) == nil {
            throw .notInALibrary(module: module, skills: (skills + catalogs).filter { $0.module == module }.map(\.typeName))
        }
        return SkillDiscovery(package: package, kit: kit, skills: skills, catalogs: catalogs)
    }

    /// The public types of `graph` that conform to `proto`, with whether each has a public `init()` (or,
    /// for a tool skill, a public `init(context: SkillContext)`, which is preferred).
    static func types(in graph: SymbolGraph, conformingTo proto: (precise: String, name: String)) -> [DiscoveredSkill] {
        let conformers = graph.conformers(to: proto.precise, fallback: proto.name)
        let isTool = proto.precise == toolSkill.precise
        let isCatalog = proto.precise == skillCatalog.precise
        // The types with a public initialiser callable with only `labels`: its other parameters have default values
        // (`init(apiKey: String? = nil)` is called as `init()`), as the generated harness calls it.
        func owners(callableWith labels: [String], taking type: String? = nil) -> Set<String> {
            Set(
                graph.symbols.filter { symbol in
                    guard symbol.kind.identifier == "swift.init", symbol.isPublic else { return false }
                    let parameters = symbol.parameters
                    guard parameters.count >= labels.count, zip(parameters, labels).allSatisfy({ $0.label == $1 }),
                        parameters.dropFirst(labels.count).allSatisfy(\.hasDefault)
                    else { return false }
                    return type.map { name in
                        symbol.declarationFragments?.contains { $0.kind == "typeIdentifier" && $0.spelling == name } ?? false
                    } ?? true
                }.map { $0.pathComponents.dropLast().joined(separator: ".") })
        }
        let publicInits = owners(callableWith: [])
        let contextInits = isTool ? owners(callableWith: ["context"], taking: "SkillContext") : []
        return graph.symbols
            .filter { SymbolGraph.typeKinds.contains($0.kind.identifier) && conformers.contains($0.identifier.precise) }
            .filter(\.isPublic)
            .map { symbol in
                let name = symbol.pathComponents.joined(separator: ".")
                let file = symbol.location.map { URL(string: $0.uri)?.path ?? $0.uri }
                let instantiable = isCatalog || publicInits.contains(name) || contextInits.contains(name)
                let missing =
                    isTool
                    ? "\(name) has neither a public init(context: SkillContext) nor a public init(), so skillcheck cannot "
                        + "make one: add `public init(context: SkillContext)` (it gets the checks' fakes and clock) or `public init() {}`"
                    : "\(name) has no public init(), so skillcheck cannot make one: add `public init() {}`, "
                        + "or list it in a public SkillCatalog"
                return DiscoveredSkill(
                    module: graph.module.name, typeName: name, file: file, line: symbol.location?.position.line,
                    notInstantiable: instantiable ? nil : missing, kind: isTool ? .tool : .agent,
                    takesContext: contextInits.contains(name)
                )
            }
            .sorted { ($0.file ?? "", $0.line ?? 0) < ($1.file ?? "", $1.line ?? 0) }
    }
}
