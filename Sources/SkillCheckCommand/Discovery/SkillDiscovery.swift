import Foundation
import SkillConformance

/// A skill type found in a package.
@available(SkillCheckTesting, *)
public struct DiscoveredSkill: Sendable, Codable, Hashable, CustomStringConvertible {
    /// The module that declares it.
    public var module: String
    /// Its name, qualified by any enclosing type (`Outer.Skill`), without the module.
    public var typeName: String
    /// Where it is declared (a path), and the line.
    public var file: String?
    public var line: Int?
    /// Why the harness cannot make one, if it cannot (no public `init()`).
    public var notInstantiable: String?

    public var description: String { "\(module).\(typeName)" }
}

/// The skills of a package, found the way the toolchain sees the package: `swift package describe`
/// for its modules and products, and each module's symbol graph for the public types that conform to
/// `AgentSkill` (directly or through a protocol of the package's) or `SkillCatalog`.
///
/// ```swift
/// let found = try SkillDiscovery.discover(at: packageURL, scratch: scratchURL)
/// for skill in found.skills { print(skill) }   // ReferenceSkills.NoteSkill, ReferenceSkills.WeatherSkill
/// ```
@available(SkillCheckTesting, *)
public struct SkillDiscovery: Sendable {
    public var package: DescribedPackage
    public var kit: KitLocation
    /// Every public type conforming to `AgentSkill`, instantiable or not, in module and source order.
    public var skills: [DiscoveredSkill]
    /// Public types conforming to `SkillCatalog`: when there is one, its `skills` are the skills to check.
    public var catalogs: [DiscoveredSkill]

    /// The skills the harness can make with `init()`.
    public var instantiable: [DiscoveredSkill] { skills.filter { $0.notInstantiable == nil } }

    static let agentSkill = (precise: "s:8SkillKit05AgentA0P", name: "SkillKit.AgentSkill")
    static let skillCatalog = (precise: "s:8SkillKit0A7CatalogP", name: "SkillKit.SkillCatalog")

    /// Reads the package at `url`; `scratch` is the scratch path of every SwiftPM call discovery makes
    /// (the symbol graph's build folder too; keep one per package).
    public static func discover(at url: URL, scratch: URL) throws(DiscoveryFailure) -> SkillDiscovery {
        let package = try DescribedPackage.read(at: url, scratch: scratch)
        let kit = try KitLocation.find(forPackageAt: url, scratch: scratch)
        let graphs = try symbolGraphs(of: url, scratch: scratch)
        var skills: [DiscoveredSkill] = []
        var catalogs: [DiscoveredSkill] = []
        for graph in graphs where package.libraryModules.contains(graph.module.name) {
            skills += types(in: graph, conformingTo: agentSkill)
            catalogs += types(in: graph, conformingTo: skillCatalog)
        }
        if skills.isEmpty && catalogs.isEmpty {
            throw .noSkills(url.path, checkedModules: package.libraryModules)
        }
        for module in Set((skills + catalogs).map(\.module)) where package.libraryProduct(containing: module) == nil {
            throw .notInALibrary(module: module, skills: (skills + catalogs).filter { $0.module == module }.map(\.typeName))
        }
        return SkillDiscovery(package: package, kit: kit, skills: skills, catalogs: catalogs)
    }

    /// The public types of `graph` that conform to `proto`, with whether each has a public `init()`.
    static func types(in graph: SymbolGraph, conformingTo proto: (precise: String, name: String)) -> [DiscoveredSkill] {
        let conformers = graph.conformers(to: proto.precise, fallback: proto.name)
        let publicInits = Set(graph.symbols.filter {
            $0.kind.identifier == "swift.init" && $0.pathComponents.last == "init()" && ["public", "open"].contains($0.accessLevel)
        }.map { $0.pathComponents.dropLast().joined(separator: ".") })
        return graph.symbols
            .filter { SymbolGraph.typeKinds.contains($0.kind.identifier) && conformers.contains($0.identifier.precise) }
            .filter { ["public", "open"].contains($0.accessLevel) }
            .map { symbol in
                let name = symbol.pathComponents.joined(separator: ".")
                let file = symbol.location.map { URL(string: $0.uri)?.path ?? $0.uri }
                let isCatalog = proto.precise == skillCatalog.precise
                return DiscoveredSkill(
                    module: graph.module.name, typeName: name, file: file, line: symbol.location?.position.line,
                    notInstantiable: isCatalog || publicInits.contains(name) ? nil
                        : "\(name) has no public init(), so skillcheck cannot make one: add `public init() {}`, "
                            + "or list it in a public SkillCatalog"
                )
            }
            .sorted { ($0.file ?? "", $0.line ?? 0) < ($1.file ?? "", $1.line ?? 0) }
    }

    /// Dumps the package's symbol graphs into `scratch` and reads them.
    static func symbolGraphs(of url: URL, scratch: URL) throws(DiscoveryFailure) -> [SymbolGraph] {
        let run: ToolRunner.Run
        do {
            run = try ToolRunner.run(["swift", "package", "--package-path", url.path, "--scratch-path", scratch.path,
                                      "dump-symbol-graph"], timeout: .seconds(1_800))
        } catch {
            throw .toolFailed(error.description, output: "")
        }
        let written = (run.standardOutput + "\n" + run.standardError).split(separator: "\n")
            .last { $0.hasPrefix("Files written to ") }
            .map { URL(fileURLWithPath: String($0.dropFirst("Files written to ".count))) }
        // It exits non-zero when it cannot load a test module it did not build (`…PackageTests`), having
        // written the library modules' graphs: those are what discovery reads.
        let graphs = written.flatMap { try? SymbolGraph.readAll(in: $0) } ?? []
        let modules = (try? DescribedPackage.read(at: url, scratch: scratch).libraryModules) ?? []
        guard !graphs.isEmpty, modules.allSatisfy({ module in graphs.contains { $0.module.name == module } }) else {
            throw .notAPackage(url.path, compilerLines: DiscoveryFailure.errorLines(run.standardOutput + run.standardError))
        }
        return graphs
    }
}
