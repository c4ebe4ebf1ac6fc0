import Foundation
import SkillConformance
import Testing

@testable import SkillCheckCommand

/// A skill whose initialiser's parameters all have default values is made as `Skill()`, as its users make it.
@Suite("Discovery: initialisers callable with no arguments")
struct DiscoveryInitTests {
    @available(SkillCheckTesting, *)
    @Test("init(apiKey: String? = nil) makes a skill instantiable, and init(context:retries: = 2) a tool that takes the context")
    func defaultedParameters() throws {
        let graph = try JSONDecoder().decode(SymbolGraph.self, from: Data(Self.graph.utf8))
        let agents = SkillDiscovery.types(in: graph, conformingTo: SkillDiscovery.agentSkill)
        #expect(agents.first { $0.typeName == "Weather" }?.notInstantiable == nil, "\(agents)")
        #expect(agents.first { $0.typeName == "Calendar" }?.notInstantiable?.contains("no public init()") == true, "\(agents)")
        let tools = SkillDiscovery.types(in: graph, conformingTo: SkillDiscovery.toolSkill)
        let search = try #require(tools.first { $0.typeName == "Search" })
        #expect(search.notInstantiable == nil && search.takesContext, "\(tools)")
    }

    @available(SkillCheckTesting, *)
    @Test("a declaration's parameters: labels and whether each has a default, generic and closure types kept whole")
    func parameters() throws {
        let symbol = try JSONDecoder().decode(
            SymbolGraph.Symbol.self,
            from: Data(
                Self.initializer(
                    "X", "init(_ make: @escaping (Int, String) -> Void = { _, _ in }, limits: [String: Int] = [:], name: String)"
                )
                .utf8))
        #expect(symbol.parameters.map(\.label) == ["_", "limits", "name"])
        #expect(symbol.parameters.map(\.hasDefault) == [true, true, false])
    }

    /// A public initialiser of `owner` declared as `declaration`, as a symbol graph lists it.
    static func initializer(_ owner: String, _ declaration: String) -> String {
        let type = declaration.contains("SkillContext") ? "SkillContext" : "String"
        return """
            {"identifier": {"precise": "s:\(owner).init"}, "kind": {"identifier": "swift.init"},
             "pathComponents": ["\(owner)", "init"], "accessLevel": "public",
             "declarationFragments": [{"kind": "keyword", "spelling": "init"}, {"kind": "text", "spelling": \(String(declaration.dropFirst(4)).debugDescription)},
               {"kind": "typeIdentifier", "spelling": "\(type)"}]}
            """
    }

    static let graph = """
        {"module": {"name": "Strangers"},
         "symbols": [
           {"identifier": {"precise": "s:Weather"}, "kind": {"identifier": "swift.struct"}, "pathComponents": ["Weather"], "accessLevel": "public"},
           {"identifier": {"precise": "s:Calendar"}, "kind": {"identifier": "swift.struct"}, "pathComponents": ["Calendar"], "accessLevel": "public"},
           {"identifier": {"precise": "s:Search"}, "kind": {"identifier": "swift.struct"}, "pathComponents": ["Search"], "accessLevel": "public"},
           \(initializer("Weather", "init(apiKey: String? = nil, retries: Int = 2)")),
           \(initializer("Calendar", "init(calendar: String)")),
           \(initializer("Search", "init(context: SkillContext, retries: Int = 2)"))
         ],
         "relationships": [
           {"kind": "conformsTo", "source": "s:Weather", "target": "s:8SkillKit05AgentA0P"},
           {"kind": "conformsTo", "source": "s:Calendar", "target": "s:8SkillKit05AgentA0P"},
           {"kind": "conformsTo", "source": "s:Search", "target": "s:8SkillKit04ToolA0P"}
         ]}
        """
}
