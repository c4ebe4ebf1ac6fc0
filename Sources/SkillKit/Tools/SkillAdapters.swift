import Foundation

/// An ``AgentSkill`` offered to a model as a tool: one `text` argument, the request in the user's words.
///
/// ```swift
/// registry.register(NoteSkill().asTool(context: context))
/// ```
public struct AgentSkillTool: ToolSkill {
    /// The skill this tool runs.
    package let skill: any AgentSkill
    /// What the skill receives on each call.
    package let context: SkillContext

    public init(_ skill: any AgentSkill, context: SkillContext) {
        self.skill = skill
        self.context = context
    }

    public var id: String { skill.id }
    /// The skill's id as a tool name: letters, digits, `_` and `-`, at most 64, as model APIs require.
    ///
    /// Other ASCII characters become `_` (`weather.query` → `weather_query`) and other characters their code
    /// point (`笔记` → `u7b14u8bb0`), so two ids in Chinese never share a name.
    public var name: String {
        var name = ""
        for scalar in skill.id.unicodeScalars {
            if scalar.isASCII {
                let character = Character(scalar)
                name.append(character.isLetter || character.isNumber || character == "_" || character == "-" ? character : "_")
            } else {
                name += "u" + String(scalar.value, radix: 16)
            }
        }
        return String(name.prefix(64))
    }
    public var description: String { skill.description }
    public var inputSchema: JSON {
        [
            "type": "object",
            "properties": ["text": ["type": "string", "description": "The user's request, in their own words"]],
            "required": ["text"],
        ]
    }
    public var sampleArguments: [JSON] {
        let handled = skill.samples.handled.map { JSON.object(["text": .string($0)]) }
        return handled.isEmpty ? [JSONSchema.example(for: inputSchema)] : handled
    }
    /// What the skill's samples expect in storage.
    public var sampleStorage: [String: [StoredDocument]] { skill.samples.storage }

    private struct Arguments: Decodable { let text: String }

    /// Runs the skill on `text` and returns its summary.
    public func execute(arguments: Data) async throws -> String {
        let arguments = try decodeArguments(Arguments.self, from: arguments)
        return try await skill.execute(input: SkillInput(rawText: arguments.text), context: context).summary
    }
}

/// A ``ToolSkill`` routed by keywords like an ``AgentSkill``.
///
/// The user's text becomes the tool's arguments through `arguments`, and the tool's result becomes the summary.
///
/// ```swift
/// engine.register(WeatherTool().asAgentSkill(keywords: ["天气"]) { input in ["city": .string(input.rawText)] })
/// ```
public struct ToolAgentSkill: AgentSkill {
    /// The tool this skill runs.
    package let tool: any ToolSkill
    public let keywords: [String]
    /// Turns the user's text into the tool's arguments; throw ``SkillError/invalidInput(_:)`` when it cannot.
    package let arguments: @Sendable (SkillInput) throws -> JSON

    public init(_ tool: any ToolSkill, keywords: [String], arguments: @escaping @Sendable (SkillInput) throws -> JSON) {
        self.tool = tool
        self.keywords = keywords
        self.arguments = arguments
    }

    public var id: String { tool.id }
    public var displayName: String { tool.name }
    public var description: String { tool.description }

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        SkillOutput(summary: try await tool.execute(arguments: try arguments(input).data))
    }
}

extension AgentSkill {
    /// This skill as a tool a model can call: see ``AgentSkillTool``.
    public func asTool(context: SkillContext) -> AgentSkillTool { AgentSkillTool(self, context: context) }
}

extension ToolSkill {
    /// This tool as a skill the keyword-routing engine can run: see ``ToolAgentSkill``.
    public func asAgentSkill(keywords: [String], arguments: @escaping @Sendable (SkillInput) throws -> JSON) -> ToolAgentSkill {
        ToolAgentSkill(self, keywords: keywords, arguments: arguments)
    }
}
