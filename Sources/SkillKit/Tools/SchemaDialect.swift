import Foundation

/// How a model provider takes a tool's input schema: the same tool, written once, is sent to each
/// provider in the form it accepts.
///
/// ```swift
/// let strict = JSONSchema.variant(of: tool.inputSchema, for: .openAIStrict)
/// strict.schema    // every object closed, every property required, optional ones nullable
/// strict.losses    // what the variant cannot say: empty when it is faithful
/// ```
public enum SchemaDialect: String, Sendable, Hashable, Codable, CaseIterable {
    /// JSON Schema as the author wrote it: OpenAI and Anthropic function calling, Gemini's
    /// `parametersJsonSchema`.
    case jsonSchema
    /// OpenAI's strict mode (`"strict": true`).
    ///
    /// Every object closed (`"additionalProperties": false`) and every property required; an optional
    /// property becomes nullable, and `null` joins its `enum`.
    case openAIStrict
    /// Anthropic's strict tool use: as OpenAI's strict mode, without the value constraints it refuses.
    ///
    /// `minimum`, `maxLength` and the like are dropped from the variant; the tool still checks them.
    case anthropicStrict
    /// Gemini's `parameters`: the OpenAPI 3.0 subset.
    ///
    /// `"nullable": true` instead of a `null` type, no `additionalProperties`, `$ref` inlined, string
    /// enums only, its formats only.
    case geminiParameters
}

/// A tool's input schema in one provider's dialect, and what that dialect cannot say of it.
public struct SchemaVariant: Sendable, Hashable {
    public var dialect: SchemaDialect
    /// The schema to send.
    public var schema: JSON
    /// What the variant loses, each as `pointer: what`: a keyword the dialect cannot express.
    ///
    /// Empty when the variant accepts exactly what the schema accepts.
    public var losses: [String]
    /// Whether the tool declared this variant itself (``ToolSkill/inputSchemaVariants``) rather than the
    /// kit deriving it.
    public var declared: Bool

    public init(dialect: SchemaDialect, schema: JSON, losses: [String] = [], declared: Bool = false) {
        self.dialect = dialect
        self.schema = schema
        self.losses = losses
        self.declared = declared
    }

    /// Whether the variant accepts exactly what the schema it came from accepts.
    public var isFaithful: Bool { losses.isEmpty }
}
