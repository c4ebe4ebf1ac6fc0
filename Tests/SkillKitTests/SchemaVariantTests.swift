import Foundation
import SkillKit
import Testing

@Suite("One schema, each provider's variant: derived, faithful or saying what it loses")
struct SchemaVariantTests {
    static let weather: JSON = [
        "type": "object",
        "properties": [
            "city": ["type": "string", "description": "城市名，如 北京"],
            "unit": ["type": "string", "enum": ["celsius", "fahrenheit"]],
            "days": ["type": "integer", "minimum": 1, "maximum": 7],
        ],
        "required": ["city"],
        "additionalProperties": false,
    ]

    @Test("strict: every object closed, every property required, the optional ones nullable with null in their enum")
    func strict() throws {
        let variant = JSONSchema.variant(of: Self.weather, for: .openAIStrict)
        // The bounds the sources disagree on are not sent; the tool still checks them.
        #expect(variant.losses.count == 2 && variant.losses.allSatisfy { $0.contains("the tool still checks it") }, "\(variant.losses)")
        let schema = variant.schema
        #expect(schema["additionalProperties"] == false)
        #expect(schema["required"] == ["city", "days", "unit"])
        #expect(schema["properties"]?["city"]?["type"] == "string")
        #expect(schema["properties"]?["unit"]?["type"] == ["string", "null"])
        #expect(schema["properties"]?["unit"]?["enum"] == ["celsius", "fahrenheit", nil])
        #expect(schema["properties"]?["days"]?["type"] == ["integer", "null"])
        // The strict variant's instances are ones the tool's own schema takes once null means "not given".
        let sent = Data(#"{"city": "北京", "unit": null, "days": null}"#.utf8)
        let kept = JSONSchema.droppingNullOptionals(sent, schema: Self.weather)
        #expect(throws: Never.self) { try JSONSchema.validate(kept, against: Self.weather) }
    }

    @Test("Anthropic strict drops the value constraints it refuses, and says so")
    func anthropicStrict() {
        let variant = JSONSchema.variant(of: Self.weather, for: .anthropicStrict)
        #expect(variant.schema["properties"]?["days"]?["minimum"] == nil)
        #expect(variant.losses.contains { $0.hasPrefix("/properties/days/minimum") })
        #expect(variant.losses.contains { $0.hasPrefix("/properties/days/maximum") })
    }

    @Test("Gemini parameters: nullable for a null type, no additionalProperties, $ref inlined, non-string enums said")
    func gemini() {
        let schema: JSON = [
            "type": "object",
            "$defs": ["Place": ["type": "object", "properties": ["name": ["type": "string"]], "required": ["name"]]],
            "properties": [
                "note": ["type": ["string", "null"]],
                "place": ["$ref": "#/$defs/Place"],
                "level": ["type": "integer", "enum": [1, 2, 3]],
                "tag": ["const": "x"],
            ],
            "additionalProperties": false,
        ]
        let variant = JSONSchema.variant(of: schema, for: .geminiParameters)
        let properties = variant.schema["properties"]
        #expect(properties?["note"]?["type"] == "string")
        #expect(properties?["note"]?["nullable"] == true)
        #expect(properties?["place"]?["properties"]?["name"]?["type"] == "string")
        #expect(properties?["tag"]?["enum"] == ["x"])
        #expect(variant.schema["additionalProperties"] == nil)
        #expect(variant.schema["$defs"] == nil)
        #expect(properties?["level"]?["enum"] == nil)
        #expect(variant.losses.contains { $0.hasPrefix("/properties/level/enum") })
        #expect(variant.losses.contains { $0.hasPrefix("/additionalProperties") })
    }

    @Test("a recursive $ref cannot be inlined for Gemini: the loss says so, and the walk ends")
    func recursive() {
        let schema: JSON = [
            "type": "object",
            "$defs": ["Node": ["type": "object", "properties": ["child": ["$ref": "#/$defs/Node"]]]],
            "properties": ["root": ["$ref": "#/$defs/Node"]],
        ]
        let variant = JSONSchema.variant(of: schema, for: .geminiParameters)
        #expect(variant.losses.contains { $0.contains("recursive $ref") })
    }

    @Test("the schema as written is its own jsonSchema variant, and a tool's declared variant wins")
    func declared() {
        struct Tool: ToolSkill {
            let id = "t"
            let name = "t"
            let description = "t"
            let inputSchema: JSON = ["type": "object", "properties": ["a": ["type": "string"]]]
            var inputSchemaVariants: [SchemaDialect: JSON] { [.geminiParameters: ["type": "object", "properties": [:]]] }
            func execute(arguments: Data) async throws -> String { "" }
        }
        #expect(JSONSchema.variant(of: Self.weather, for: .jsonSchema).schema == Self.weather)
        let tool = Tool()
        #expect(tool.inputSchemaVariant(for: .geminiParameters).declared)
        #expect(tool.toolSchema(for: .geminiParameters).parameters == ["type": "object", "properties": [:]])
        #expect(!tool.inputSchemaVariant(for: .openAIStrict).declared)
    }

    @Test("decodeArguments takes a strict provider's null for an optional member as not given, and keeps a null the schema allows")
    func nullOptionals() throws {
        let schema: JSON = [
            "type": "object",
            "properties": ["city": ["type": "string"], "note": ["type": ["string", "null"]], "unit": ["type": "string"]],
            "required": ["city"],
        ]
        let cleaned = try JSON(
            parsing: JSONSchema.droppingNullOptionals(Data(#"{"city": "北京", "note": null, "unit": null}"#.utf8), schema: schema))
        #expect(cleaned == ["city": "北京", "note": nil])
        let required = Data(#"{"city": null}"#.utf8)
        #expect(JSONSchema.droppingNullOptionals(required, schema: schema) == required)
    }
}
