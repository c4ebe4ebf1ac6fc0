// The tool-skill rules of the standard catalogue: what only a `ToolSkill` has (a name a model calls,
// an input schema, JSON arguments, a text result the model reads).
//
// A tool skill is also checked by the rules both kinds share, which keep their ids: SEND-1..3, CAN-1..4,
// HANG-1, ERR-1, ERR-3, META-1, META-2, TIME-1 and CRASH-1, each running the tool's
// `execute(arguments:)` on its sample arguments. The rules about routing and raw text (META-3..7, ERR-2)
// and TIME-2 are for `AgentSkill`s: for a tool skill TOOL-1 checks the name and description, TOOL-4 the
// arguments, and TOOL-5 determinism, as a MUST.

@available(SkillCheckTesting, *)
extension RuleCatalog {
    /// The most bytes of UTF-8 a tool's result should have: over it the tool-calling engine summarizes
    /// the result before the model reads it (seed 002 §5.1, 2 KB). TOOL-6 checks it.
    package static let toolResultLimit = 2048

    static let toolRules: [ConformanceRule] = [
        ConformanceRule(
            id: "TOOL-1", category: .tools, level: .must,
            sentence: "The tool skill's name is 1 to 64 ASCII letters, digits, `_` or `-`, and its description is not empty.",
            troubleshooting: .init(
                cause:
                    "The tool's id (with dots), a name with spaces or in Chinese, or a placeholder description: model APIs refuse the whole request, or the model never knows when to call the tool.",
                fix: "Give the tool a name such as query_weather, and say in its description when the model should use it.",
                example:
                    "public let name = \"query_weather\"   // not \"weather.query\"\npublic let description = \"查询城市天气。用户问天气、温度、下雨时使用。\""
            ),
            appliesTo: [.tool]
        ),
        ConformanceRule(
            id: "TOOL-2", category: .tools, level: .must,
            sentence:
                "The tool skill's inputSchema is an object schema in the JSON Schema subset the kit checks (type, properties, required, enum, items, the date-time format, additionalProperties): JSONSchema.problems(in:) finds none.",
            troubleshooting: .init(
                cause:
                    "A misspelt keyword such as `requird`, which silently makes every field optional, or a `required` field that is not a property.",
                fix: "Correct the schema at the JSON pointer the finding names, and keep a test that JSONSchema.problems(in:) is empty.",
                example:
                    "\"required\": [\"city\"],   // not \"requird\"\n#expect(JSONSchema.problems(in: WeatherTool().inputSchema).isEmpty)"
            ),
            appliesTo: [.tool]
        ),
        ConformanceRule(
            id: "TOOL-3", category: .tools, level: .must,
            sentence:
                "The tool skill has sample arguments, each fits its inputSchema, and the tool accepts each: with working fakes it does not throw SkillError.invalidInput.",
            troubleshooting: .init(
                cause:
                    "The schema and the Decodable arguments disagree (a field renamed in one and not the other, an integer in one and a String in the other), a sample left behind when the schema changed, or a sample that reads what nothing saved.",
                fix:
                    "Keep the arguments type's names and types the schema's, decode with decodeArguments, and keep sampleArguments in step; declare what a sample reads in sampleStorage.",
                example:
                    "let inputSchema: JSON = [\"type\": \"object\", \"properties\": [\"city\": [\"type\": \"string\"]], \"required\": [\"city\"]]\nstruct Arguments: Decodable { let city: String }   // the schema's name and type"
            ),
            appliesTo: [.tool]
        ),
        ConformanceRule(
            id: "TOOL-4", category: .tools, level: .must,
            sentence:
                "Arguments that violate the schema (not JSON, a required field missing, a wrong type, a value outside its enum, a bad date-time, an unknown field where additionalProperties is false; nested too) are rejected with SkillError.invalidInput naming the field: never a result, another error or a trap. Just outside a bound, pattern or format (which a variant may drop), a result is also allowed (a SHOULD).",
            troubleshooting: .init(
                cause:
                    "The tool decodes with a bare JSONDecoder, so a DecodingError leaks out, or it fills in what is missing or wrong and runs anyway.",
                fix:
                    "Decode with decodeArguments, which checks the arguments against the schema first and throws SkillError.invalidInput naming the field.",
                example:
                    "let arguments = try decodeArguments(Arguments.self, from: arguments)\n// not: try JSONDecoder().decode(Arguments.self, from: arguments)"
            ),
            appliesTo: [.tool]
        ),
        ConformanceRule(
            id: "TOOL-5", category: .tools, level: .must,
            sentence: "The same arguments, fakes and virtual time give the same result and side effects twice.",
            troubleshooting: .init(
                cause:
                    "`Date()`, `UUID()` or unseeded randomness in the result or in what the tool stores: the model reads the result, so a scripted conversation replayed against the tool departs from its script. A result that differs only in another time zone (a date formatted in the machine's zone) is a warning.",
                fix:
                    "Take dates, ids and random numbers from the context the tool was made with, or from a seeded generator, and format dates in a time zone the tool is given.",
                example:
                    "let note = NoteItem(id: context.newID(), content: arguments.content, createdAt: context.now)\ntry await context.storage.save(note)"
            ),
            appliesTo: [.tool]
        ),
        ConformanceRule(
            id: "TOOL-6", category: .tools, level: .should,
            sentence:
                "Each sample's result is at most 2048 bytes of UTF-8, the size over which the tool-calling engine summarizes a result.",
            troubleshooting: .init(
                cause:
                    "The tool returns everything it found (a whole list, a raw response body), which costs the model's context and is cut anyway.",
                fix: "Return the first few results and a count, and let the model ask again with narrower arguments.",
                example:
                    "let shown = events.prefix(10).map(\\.line).joined(separator: \"\\n\")\nreturn events.count > 10 ? shown + \"\\n…and \\(events.count - 10) more\" : shown"
            ),
            appliesTo: [.tool]
        ),
        ConformanceRule(
            id: "TOOL-7", category: .tools, level: .should,
            sentence:
                "The tool's name and inputSchema are ones every model provider accepts (no object without properties, no required name missing from properties, no enum of mixed types), and, for each provider chosen with --provider, the variant of inputSchema that provider is sent passes its profile: then a MUST.",
            troubleshooting: .init(
                cause:
                    "A schema the kit's subset accepts can still be refused with HTTP 400 by the provider the app ships with: OpenAI's strict mode wants additionalProperties false and every property required, Gemini's parameters refuses additionalProperties and type arrays, Anthropic refuses a top-level anyOf. It shows only when a user talks to the app.",
                fix:
                    "Each provider is sent its own variant of inputSchema, derived by the kit (JSONSchema.variant(of:for:)): change the schema at the pointer the finding names, as its fix says, or declare the tool's own variant for that provider's dialect in inputSchemaVariants.",
                example:
                    "skillcheck --provider openai-strict --provider gemini .\nvar inputSchemaVariants: [SchemaDialect: JSON] { [.geminiParameters: geminiSchema] }   // only where the derived one will not do"
            ),
            appliesTo: [.tool]
        ),
        ConformanceRule(
            id: "TOOL-8", category: .tools, level: .must,
            sentence:
                "What the tool's inputSchema, or a provider's variant of it, says is valid (each optional field omitted, given, or null where allowed; each enum value; each type of a union; each bound's least and most) is accepted: no SkillError.invalidInput, and no error of the tool's own where its sample throws none (a JSONDecoder's DecodingError refuses too, as does an executionFailed before the operations its sample's run reaches). Where no bound is stated, 0, -1 and empty text or lists are sent too, which it may refuse. A MUST for inputSchema and the --provider choices, a SHOULD for other variants.",
            troubleshooting: .init(
                cause:
                    "The schema and the tool disagree: a hand edit for one provider (\"type\": [\"string\", \"null\"] on a field whose enum has no null, \"nullable\": true on a required field), an optional field the Arguments type requires, a bound the tool checks tighter than the schema says. The provider sends what the schema allows, and a user meets the refusal.",
                fix:
                    "Write inputSchema once as the tool means it and let the kit derive each provider's variant; decode with decodeArguments, which reads a strict provider's null as not given; keep optional fields Optional in the Arguments type.",
                example:
                    "\"unit\": [\"type\": \"string\", \"enum\": [\"celsius\", \"fahrenheit\"]],   // optional: not in \"required\"\nstruct Arguments: Decodable { let city: String; let unit: String? }"
            ),
            appliesTo: [.tool]
        ),
    ]
}
