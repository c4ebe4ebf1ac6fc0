import Foundation

/// Where the types of a package are declared, read from its symbol graphs (`swift package
/// dump-symbol-graph --minimum-access-level private`), and which lines of a file belong to which type.
///
/// The symbol graph gives each type's and each member's position (private members have none) and each
/// stored property's type. A line belongs to the type of the nearest declaration at or above it; the
/// top-level declarations that start at column 0 of a source line (found by ``StaticAnalysis``) end a
/// type's span, since the graph does not say where a declaration ends.
///
/// ```swift
/// let index = try DeclarationIndex(symbolGraphs: files.map { try Data(contentsOf: $0) })
/// let skill = index.type(named: "NoteSkill", moduleHint: "ReferenceSkills")
/// print(skill?.file ?? "-", skill?.line ?? 0)
/// ```
@available(SkillCheckTesting, *)
struct DeclarationIndex: Sendable {
    /// A struct, class, enum or actor of the package.
    struct TypeDeclaration: Sendable, Hashable {
        var module: String
        /// Its name, nested types joined by dots.
        var name: String
        var usr: String
        /// Empty, with line 0, for a private type: the graph gives no location for those.
        var file: String
        /// 1-based.
        var line: Int
        /// The stored properties whose type is declared in the package: (property name, type USR).
        var storedProperties: [(name: String, typeUSR: String)]

        static func == (a: Self, b: Self) -> Bool { a.usr == b.usr }
        func hash(into hasher: inout Hasher) { hasher.combine(usr) }
    }

    /// A line where something is declared, and the type it belongs to (`nil`: no type, such as a
    /// top-level function).
    struct Anchor: Sendable, Hashable, Comparable {
        var line: Int
        /// `module.name` of the owning type.
        var owner: String?
        static func < (a: Self, b: Self) -> Bool { a.line < b.line }
    }

    private(set) var types: [TypeDeclaration] = []
    /// Anchors by file path, sorted by line.
    private(set) var anchors: [String: [Anchor]] = [:]

    /// An index of the symbol graph files' contents (`*.symbols.json`).
    init(symbolGraphs: [Data]) throws {
        for data in symbolGraphs {
            let graph: SymbolGraph
            do {
                graph = try JSONDecoder().decode(SymbolGraph.self, from: data)
            } catch {
                throw StaticAnalysisError.unreadable(path: "a symbol graph", reason: "\(error)")
            }
            add(graph)
        }
        for file in anchors.keys { anchors[file]?.sort() }
    }

    private mutating func add(_ graph: SymbolGraph) {
        let module = graph.module.name
        let typeUSRs = Set(graph.symbols.filter { SymbolGraph.typeKinds.contains($0.kind.identifier) }.map(\.identifier.precise))
        var stored: [String: [(String, String)]] = [:]
        for symbol in graph.symbols where symbol.kind.identifier == "swift.property" {
            guard let property = symbol.storedPropertyType(among: typeUSRs) else { continue }
            stored[symbol.pathComponents.dropLast().joined(separator: "."), default: []].append(
                (symbol.pathComponents.last ?? "?", property))
        }
        for symbol in graph.symbols {
            let isType = SymbolGraph.typeKinds.contains(symbol.kind.identifier)
            let file = symbol.location.flatMap { Self.path($0.uri) }
            let line = (symbol.location?.position.line ?? -1) + 1
            if let file {
                let ownerPath = isType ? symbol.pathComponents : Array(symbol.pathComponents.dropLast())
                let owner = ownerPath.isEmpty ? nil : module + "." + ownerPath.joined(separator: ".")
                anchors[file, default: []].append(Anchor(line: line, owner: owner))
            }
            guard isType else { continue }
            // A private type has no location in the graph: its span comes from the source (column 0).
            let name = symbol.pathComponents.joined(separator: ".")
            types.append(
                TypeDeclaration(
                    module: module, name: name, usr: symbol.identifier.precise, file: file ?? "",
                    line: line, storedProperties: (stored[name] ?? []).map { (name: $0.0, typeUSR: $0.1) }))
        }
    }

    /// Adds anchors found outside the graph (top-level declarations at column 0), unless the graph has one
    /// on that line.
    mutating func addSourceAnchors(_ extra: [String: [Anchor]]) {
        for (file, list) in extra {
            let known = Set((anchors[file] ?? []).map(\.line))
            anchors[file, default: []].append(contentsOf: list.filter { !known.contains($0.line) })
            anchors[file]?.sort()
        }
    }

    /// The type called `name`: in `moduleHint` if it declares one, else the only one of that name.
    func type(named name: String, moduleHint: String?) -> TypeDeclaration? {
        let matches = types.filter { $0.name == name }
        if let hinted = matches.first(where: { $0.module == moduleHint }) { return hinted }
        return matches.count == 1 ? matches[0] : nil
    }

    func type(usr: String) -> TypeDeclaration? { types.first { $0.usr == usr } }

    /// The types whose declaration is named `name` (last component or full name), in any module.
    func types(named name: String) -> [TypeDeclaration] {
        types.filter { $0.name == name || $0.name.hasSuffix("." + name) }
    }

    /// The type `file:line` belongs to (`module.name`), if any.
    func owner(file: String, line: Int) -> String? {
        guard let list = anchors[file] else { return nil }
        return list.last { $0.line <= line }?.owner
    }

    /// The type the declaration at or just below `line` belongs to: for an attribute (`@preconcurrency`)
    /// on its own line above a declaration. `lines` are the file's source lines.
    func ownerOfAttribute(file: String, line: Int, lines: [Substring]) -> String? {
        guard let list = anchors[file] else { return nil }
        if let next = list.first(where: { $0.line >= line }) {
            let between = lines.dropFirst(line).prefix(max(0, next.line - line - 1))
            if next.line == line || between.allSatisfy({ Self.isAttributeOrBlank($0) }) { return next.owner }
        }
        return owner(file: file, line: line)
    }

    private static func isAttributeOrBlank(_ line: Substring) -> Bool {
        let text = line.trimmingCharacters(in: .whitespaces)
        return text.isEmpty || text.hasPrefix("@") || text.hasPrefix("//")
    }

    static func path(_ uri: String) -> String? {
        guard let url = URL(string: uri), url.isFileURL else { return nil }
        return url.standardizedFileURL.resolvingSymlinksInPath().path
    }
}

@available(SkillCheckTesting, *)
extension SymbolGraph.Symbol {
    /// For a stored property (`let x: T` or `var x: T`, no accessor block) whose type is one of
    /// `types`: that type's USR. Computed properties print `{ get }` and are skipped.
    func storedPropertyType(among types: Set<String>) -> String? {
        guard let fragments = declarationFragments,
            !fragments.contains(where: { $0.kind == "keyword" && ["get", "set", "static", "class"].contains($0.spelling) })
        else { return nil }
        return fragments.lazy.compactMap(\.preciseIdentifier).first { types.contains($0) }
    }
}
