import Foundation

/// A skill a model calls as a tool.
///
/// It introduces itself with a name, a description and the JSON Schema of its arguments, and turns JSON
/// arguments into a text result (seed 002 §2.3).
///
/// Seed 002 calls this protocol `Skill`. Here it is `ToolSkill`, because it is a different contract from
/// ``AgentSkill`` (seed 000), and a bare `Skill` would read as either: an `AgentSkill` is routed by its
/// own `canHandle` over the user's raw text and returns a ``SkillOutput`` for the user; a `ToolSkill` is
/// chosen by a model from its ``inputSchema``, gets arguments the model wrote, and returns text the model
/// reads. One type can be both, and adapters turn either into the other (``AgentSkill/asTool(context:)``,
/// ``ToolSkill/asAgentSkill(keywords:arguments:)``).
///
/// ```swift
/// struct WeatherTool: ToolSkill {
///     let id = "weather.query"
///     let name = "query_weather"
///     let description = "查询城市天气。用户问天气、温度、下雨时使用。"
///     let inputSchema: JSON = ["type": "object", "properties": ["city": ["type": "string"]], "required": ["city"]]
///
///     struct Arguments: Decodable { let city: String }
///
///     func execute(arguments: Data) async throws -> String {
///         let arguments = try decodeArguments(Arguments.self, from: arguments)   // SkillError.invalidInput naming the field
///         return "技能执行成功\n技能名: 查天气\n城市: \(arguments.city)"
///     }
/// }
/// ```
///
/// A tool skill that needs storage, the network or time takes them at `init`; `skillcheck` builds a
/// tool skill through a public `init(context: SkillContext)` when it has one (so the checks can give it
/// fakes and a virtual clock), else through a public `init()`.
public protocol ToolSkill: Sendable {
    /// A stable identifier, unique in a registry: events, timeouts and permissions use it.
    var id: String { get }
    /// The name the model calls the tool by, such as `query_calendar`: letters, digits, `_` and `-`.
    var name: String { get }
    /// When the model should use the tool, its defaults and the meaning of its arguments.
    var description: String { get }
    /// The JSON Schema of the arguments: an object schema in the subset ``JSONSchema`` checks.
    var inputSchema: JSON { get }
    /// Whether the user must allow this skill.
    ///
    /// ``SkillRegistry/setPermission(_:for:)`` switches it off (seed 002 §6.1). The default is `false`.
    var requiresPermission: Bool { get }
    /// Arguments the skill handles, for conformance checks.
    ///
    /// The default is one set built from ``inputSchema`` by ``JSONSchema/example(for:)``.
    var sampleArguments: [JSON] { get }
    /// Documents the sample arguments expect in storage, by collection.
    ///
    /// Each check saves them in its fresh store before a sample runs: a `read_file` sample needs its file.
    /// The default is none.
    ///
    /// ```swift
    /// var sampleStorage: [String: [StoredDocument]] {
    ///     ["files": [StoredDocument(id: "/notes/todo.md", data: Data("- buy milk".utf8))]]
    /// }
    /// ```
    var sampleStorage: [String: [StoredDocument]] { get }
    /// The schemas the tool sends providers of some dialects instead of the ones the kit derives.
    ///
    /// For a dialect whose variant derived from ``inputSchema`` loses something the tool needs.
    /// The default is none: every dialect gets ``JSONSchema/variant(of:for:)`` of ``inputSchema``.
    var inputSchemaVariants: [SchemaDialect: JSON] { get }

    /// Does the work, and returns text for the model to read.
    ///
    /// Arguments that do not fit ``inputSchema`` must be rejected with ``SkillError/invalidInput(_:)``
    /// naming the field; ``decodeArguments(_:from:)`` does that. Honour cancellation.
    func execute(arguments: Data) async throws -> String
}

extension ToolSkill {
    public var requiresPermission: Bool { false }

    public var sampleArguments: [JSON] { [JSONSchema.example(for: inputSchema)] }

    public var sampleStorage: [String: [StoredDocument]] { [:] }

    public var inputSchemaVariants: [SchemaDialect: JSON] { [:] }

    /// The schema a provider of `dialect` gets: the tool's own variant for it, else the one derived from
    /// ``inputSchema``.
    ///
    /// ```swift
    /// let variant = tool.inputSchemaVariant(for: .geminiParameters)
    /// variant.losses   // what Gemini's parameters cannot say of the schema, such as "/additionalProperties: …"
    /// ```
    public func inputSchemaVariant(for dialect: SchemaDialect) -> SchemaVariant {
        if let declared = inputSchemaVariants[dialect] { return SchemaVariant(dialect: dialect, schema: declared, declared: true) }
        return JSONSchema.variant(of: inputSchema, for: dialect)
    }

    /// What a provider of `dialect` is shown: ``name``, ``description`` and the schema in its dialect.
    public func toolSchema(for dialect: SchemaDialect) -> ToolSchema {
        ToolSchema(name: name, description: description, parameters: inputSchemaVariant(for: dialect).schema)
    }

    /// What the model is shown: ``name``, ``description`` and ``inputSchema``.
    public var toolSchema: ToolSchema {
        ToolSchema(name: name, description: description, parameters: inputSchema)
    }

    /// Checks `arguments` against ``inputSchema``, then decodes them.
    ///
    /// The check includes the schema's bounds (`minimum`, `maxLength`, `maxItems` and the like), `pattern` and
    /// formats (`uri`, `email`, `date`, …), which a provider's variant may not send: a model may send
    /// `"days": 0` where the schema says at least 1.
    ///
    /// Dates are read as the schema's `date-time` format accepts them: ISO 8601, with or without fractional
    /// seconds.
    ///
    /// Any mismatch is ``SkillError/invalidInput(_:)`` naming the field, never a `DecodingError`.
    public func decodeArguments<Arguments: Decodable>(_ type: Arguments.Type, from arguments: Data) throws(SkillError) -> Arguments {
        // A strict provider sends `null` for an optional member the model left out: it means "not given".
        let arguments = JSONSchema.droppingNullOptionals(arguments, schema: inputSchema)
        try JSONSchema.validate(arguments, against: inputSchema)
        let decoder = JSONDecoder()
        // Not `.iso8601`: its error has no coding path, so the message named no field ("arguments: Expected
        // date string to be ISO8601-formatted."); and this accepts exactly what the `date-time` check does.
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = JSONSchema.date(from: text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "expected a date-time such as \"2025-04-09T00:00:00Z\", found \"\(text)\"")
            }
            return date
        }
        do {
            return try decoder.decode(type, from: arguments)
        } catch let error as DecodingError {
            throw SkillError.invalidInput(Self.describe(error))
        } catch {
            throw SkillError.invalidInput("\(error)")
        }
    }

    static func describe(_ error: DecodingError) -> String {
        func field(_ path: [any CodingKey]) -> String {
            path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "\(field(context.codingPath + [key])): is required"
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            return "\(field(context.codingPath).isEmpty ? "arguments" : field(context.codingPath)): expected \(type)"
        case .dataCorrupted(let context):
            return "\(field(context.codingPath).isEmpty ? "arguments" : field(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }
}
