// What each model provider accepts in a tool's name and schema, as data: the provider profiles TOOL-7
// checks against. This file holds only the catalogue; the checker (ProviderProfile+Lint.swift) reads
// each check's `kind` and never names a provider. To update a rule, edit its check here: keep its
// sources (numbers into the "sources" table, which findings quote in full) and set `confirmed` to the month you
// confirmed it. A check with "level": "unsettled" is reported as a warning even for a chosen provider.
//
// Kinds: toolName (pattern), rootType, rootForbidden (keywords), forbidden (keywords, anywhere),
// objectProperties (limit: least property count), additionalPropertiesFalse, allPropertiesRequired,
// requiredExist, typeArray, enumStrings, enumPrimitives, enumMixed, formats (allowed values),
// propertyName (pattern), minItemsAtMost (limit), refSiblings, recursiveRef, externalRef,
// patternSyntax (forbidden pieces in values), maxDepth (limit), metaschema (keyword values JSON Schema
// draft 2020-12 allows: lower-case type names, non-negative counts, numeric bounds, an array of names).
// Placeholders in `says` and `fix`: {pointer}, {keyword}, {value}, {name}, {limit}.
// A profile that "includes" another has that profile's checks first, then its own: a strict mode
// refuses everything its provider's plain mode refuses. Its "dialect" is the SchemaDialect the kit
// derives a tool's schema into for it (JSONSchema.variant(of:for:)): TOOL-7 checks that variant.

@available(SkillCheckTesting, *)
extension ProviderProfile {
    /// The catalogue as JSON; ``ProviderProfile/catalogue`` decodes it.
    static let catalogueText = #"""
        {
          "schema": "skillcheck.providers/1",
          "updated": "2026-09",
          "sources": {
            "1": "OpenAI Structured Outputs, \"Supported schemas\" (current copy) - platform.openai.com/docs/guides/structured-outputs#supported-schemas",
            "2": "Same guide, early-2025 copy; community.openai.com/t/918388",
            "3": "OpenAI function calling, \"Strict mode\" - platform.openai.com/docs/guides/function-calling#strict-mode",
            "4": "openai/openai-openapi `openapi.yaml`: HEAD f85dbe2 (2026-08-21); 498c71d (2025-04-29); 5162af9 (2026-05-13)",
            "5": "pydantic/pydantic-ai #2420 (2025-08-04), #4490 (2026-03-01), #7315 (2026-08-09)",
            "6": "liam-hq/liam #1162 (2025-04-07)",
            "7": "can1357/oh-my-pi #206 (2026-02-28)",
            "8": "567-labs/instructor #1074 (2024-10-13); dotnet/extensions #6196 (2025-03-26); openai/openai-agents-python #4390 (2026-08-13)",
            "9": "community.openai.com/t/1374904",
            "10": "community.openai.com/t/974416",
            "11": "chatanywhere/GPT_API_free #403 (2025-06-19)",
            "12": "dust-tt/dust #12905 (2025-05-23); mark3labs/mcphost #90; vs huggingface/huggingface.js #1610 (2025-07-11)",
            "13": "makenotion/notion-mcp-server #102 (2025-08-07); ai-dynamo/dynamo #15153",
            "14": "PrefectHQ/fastmcp #2464 (2025-11-21)",
            "15": "xemantic/xemantic-ai-tool-schema #37 (2025-08-08)",
            "16": "docs.claude.com/en/docs/agents-and-tools/tool-use/implement-tool-use",
            "17": "anthropics/anthropic-sdk-python `src/anthropic/types/tool_param.py`",
            "18": "platform.claude.com/docs/en/build-with-claude/structured-outputs; header note via ENTERPILOT/GoModel #963",
            "19": "anthropics/claude-code #657 (2025-03-30), #5319 (2025-08-07); kenn-io/kata #365 (2026-09-14)",
            "20": "anthropics/claude-code #5486 (2025-08-10)",
            "21": "earendil-works/pi #9953 (2026-09-23); ghostlobster/memorize-everything #93 (2026-05-01)",
            "22": "XSpoonAi/spoon-core #16 (2025-06-03)",
            "23": "googleapis.github.io/js-genai/release_docs/interfaces/types.Schema.html; genai SDK FunctionDeclaration docs; pub.dev google_cloud_ai_generativelanguage_v1beta FunctionDeclaration.name",
            "24": "ai.google.dev/api/python/google/ai/generativelanguage/FunctionDeclaration; firebase.google.com/docs/reference/js/ai.functiondeclaration",
            "25": "ai.google.dev/gemini-api/docs/structured-output (updated 2026-02-26)",
            "26": "cloud.google.com/vertex-ai/docs/reference/rest/v1/Schema",
            "27": "firebase.google.com/docs/reference/js/ai.schemashared; hideya/langchain-mcp-tools-ts #36 (2025-06-17)",
            "28": "Laisky/one-api #60 (2025-04-20); Gitlawb/zero #373 (2026-07-02); vercel/ai #6933 (2025-06-30)",
            "29": "ahmadrosid/nakama #292 (2026-08-17); openswarm-ai/openswarm #24; zendev-sh/goai #108 (2026-06-20); pizza-bot-app/pizza-bot #62 (2026-09-07)",
            "30": "NousResearch/hermes-agent #14104 (2026-04-22); withceleste/celeste-python #262 (2026-04-18)",
            "31": "lobehub/lobehub #5002 (2024-12-13)",
            "32": "iBUHub/AIStudioToAPI #154 (2026-05-05)",
            "33": "prism-php/prism #974",
            "34": "vercel/ai #2743 (2024-08-21)",
            "35": "developer.apple.com/documentation/foundationmodels/{generationguide, tool/arguments, dynamicgenerationschema}; apple/python-apple-fm-sdk `_modules/apple_fm_sdk/generation_guide.html`",
            "36": "GoogleCloudPlatform/vertex-ai-samples #3618 (2024-10-04)",
            "37": "learn.microsoft.com/azure/ai-foundry/openai/how-to/structured-outputs (quoted); browser-use/browser-use #5855 (2026-09-20)",
            "38": "fazer-ai/agents #64 (2026-08-13)"
          },
          "profiles": [
            {
              "id": "common",
              "name": "Every provider",
              "field": "any tool schema",
              "dialect": "jsonSchema",
              "checks": [
                {
                  "id": "required-exists", "kind": "requiredExist",
                  "says": "Gemini: \"property is not defined\" for {value}; OpenAI strict and Anthropic strict refuse the schema as invalid",
                  "fix": "take {value} out of \"required\" at {pointer}, or add it to \"properties\" with its schema",
                  "sources": ["32", "1", "18"], "confirmed": "2026-05"
                },
                {
                  "id": "enum-one-type", "kind": "enumMixed",
                  "says": "Gemini refuses an enum that is not all strings; strict modes refuse an enum whose values do not all fit the type",
                  "fix": "make every value at {pointer} a string, with \"type\": \"string\" (Gemini takes only strings)",
                  "sources": ["30", "18"], "confirmed": "2026-04"
                },
                {
                  "id": "object-has-properties", "kind": "objectProperties", "limit": 0,
                  "says": "OpenAI: \"object schema missing properties\"; Gemini refused it too (2024-12)",
                  "fix": "add \"properties\": {} at {pointer}; for a tool with no arguments, send no parameters at all where the API allows it",
                  "sources": ["12", "31"], "confirmed": "2025-05"
                }
              ]
            },
            {
              "id": "openai",
              "name": "OpenAI function calling",
              "field": "tools[].function.parameters (Chat Completions), tools[].parameters (Responses)",
              "dialect": "jsonSchema",
              "checks": [
                {
                  "id": "tool-name", "kind": "toolName", "pattern": "^[a-zA-Z0-9_-]{1,64}$",
                  "says": "HTTP 400: \"Invalid 'tools[0].function.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'\"",
                  "fix": "rename the tool to letters, digits, '_' or '-', at most 64 (such as query_weather)",
                  "sources": ["4"], "confirmed": "2026-08"
                },
                {
                  "id": "root-object", "kind": "rootType",
                  "says": "HTTP 400: \"Invalid schema for function: schema must be a JSON Schema of 'type: \"object\"'\"",
                  "fix": "write \"type\": \"object\" at the root, with the arguments under \"properties\"",
                  "sources": ["11", "1"], "confirmed": "2025-06"
                },
                {
                  "id": "root-combinators", "kind": "rootForbidden", "keywords": ["oneOf", "anyOf", "allOf", "enum", "not"],
                  "says": "HTTP 400: the schema \"must not have 'oneOf'/'anyOf'/'allOf'/'enum'/'not' at the top level\"",
                  "fix": "move \"{keyword}\" from the root into a property (such as \"payload\"), or split the tool in two",
                  "sources": ["11"], "confirmed": "2025-06"
                },
                {
                  "id": "object-properties", "kind": "objectProperties", "limit": 0,
                  "says": "HTTP 400: \"Invalid schema for function: In context=(), object schema missing properties\"",
                  "fix": "add \"properties\": {} at {pointer}",
                  "sources": ["12"], "confirmed": "2025-05"
                }
              ]
            },
            {
              "id": "openai-strict",
              "name": "OpenAI function calling, strict mode (Structured Outputs)",
              "field": "tools[].function.parameters with \"strict\": true",
              "dialect": "openAIStrict",
              "includes": "openai",
              "checks": [
                {
                  "id": "additional-properties", "kind": "additionalPropertiesFalse",
                  "says": "HTTP 400: \"Invalid schema for function: In context={pointer}, 'additionalProperties' is required to be supplied and to be false\"",
                  "fix": "add \"additionalProperties\": false at {pointer}",
                  "sources": ["1", "3"], "confirmed": "2026-08"
                },
                {
                  "id": "all-required", "kind": "allPropertiesRequired",
                  "says": "HTTP 400: \"'required' is required to be supplied and to be an array including every key in properties. Missing {value}\"",
                  "fix": "list {value} in \"required\" at {pointer}, each made nullable as the kit's strict variant does (\"type\": [\"<type>\", \"null\"], and null added to its enum), so the model can still leave it out",
                  "sources": ["1", "3"], "confirmed": "2026-08"
                },
                {
                  "id": "unsupported-keywords", "kind": "forbidden",
                  "keywords": ["allOf", "not", "if", "then", "else", "dependentRequired", "dependentSchemas", "oneOf", "prefixItems", "uniqueItems"],
                  "says": "HTTP 400: \"'{keyword}' is not permitted\"",
                  "fix": "remove \"{keyword}\" at {pointer}: write the alternatives as \"anyOf\", and check the rest in the tool",
                  "sources": ["1", "2", "13", "5"], "confirmed": "2026-08"
                },
                {
                  "id": "ref-siblings", "kind": "refSiblings",
                  "says": "HTTP 400: a \"$ref\" may not have sibling keywords (\"description\" and others)",
                  "fix": "move the keywords beside \"$ref\" at {pointer} into the definition it points to",
                  "sources": ["9"], "confirmed": "2025-11"
                },
                {
                  "id": "formats", "kind": "formats",
                  "values": ["date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"],
                  "says": "HTTP 400: \"'{value}' is not a valid format\"",
                  "fix": "remove \"format\": \"{value}\" at {pointer} and say the format in \"description\"",
                  "sources": ["1", "7"], "confirmed": "2026-02"
                },
                {
                  "id": "nesting", "kind": "maxDepth", "limit": 10,
                  "says": "HTTP 400: the schema nests objects more than {limit} levels deep",
                  "fix": "flatten the object at {pointer}",
                  "changed": "The limit was 5 levels before 2025; older deployments (Azure OpenAI) may still apply it.",
                  "sources": ["1", "2"], "confirmed": "2026-08"
                },
                {
                  "id": "value-constraints", "kind": "forbidden", "level": "unsettled",
                  "keywords": ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "pattern", "minItems", "maxItems", "patternProperties", "propertyNames"],
                  "says": "\"'{keyword}' is not permitted\" on older deployments",
                  "fix": "keep \"{keyword}\" at {pointer} only if every deployment you use is current; otherwise remove it and check the value in the tool",
                  "changed": "Refused until about May 2025 (\"'minimum' is not permitted\", 2025-04-07); accepted for base models since, not for fine-tuned ones; Azure OpenAI's documentation still listed them as unsupported in 2026-09.",
                  "sources": ["1", "2", "5", "6", "37"], "confirmed": "2026-09"
                },
                {
                  "id": "length-and-default", "kind": "forbidden", "level": "unsettled",
                  "keywords": ["minLength", "maxLength", "default"],
                  "says": "\"'{keyword}' is not permitted\" on some deployments",
                  "fix": "remove \"{keyword}\" at {pointer} if a deployment refuses it",
                  "changed": "\"default\" was refused in 2024-10 and 2025-03 and accepted in 2026-08; minLength/maxLength are missing from the supported list but a 2026-08 test accepted them.",
                  "sources": ["5", "8"], "confirmed": "2026-08"
                }
              ]
            },
            {
              "id": "anthropic",
              "name": "Anthropic tool use",
              "field": "tools[].input_schema",
              "dialect": "jsonSchema",
              "checks": [
                {
                  "id": "tool-name", "kind": "toolName", "pattern": "^[a-zA-Z0-9_-]{1,64}$",
                  "says": "HTTP 400: \"tools.0.name: String should match pattern '^[a-zA-Z0-9_-]{1,64}$'\"",
                  "fix": "rename the tool to letters, digits, '_' or '-', at most 64 (such as query_weather)",
                  "sources": ["16"], "confirmed": "2026-09"
                },
                {
                  "id": "root-object", "kind": "rootType",
                  "says": "HTTP 400: \"tools.0.input_schema.type: Input should be 'object'\"",
                  "fix": "write \"type\": \"object\" at the root",
                  "sources": ["17"], "confirmed": "2026-09"
                },
                {
                  "id": "root-combinators", "kind": "rootForbidden", "keywords": ["oneOf", "anyOf", "allOf"],
                  "says": "HTTP 400: \"input_schema does not support oneOf, allOf, or anyOf at the top level\"",
                  "fix": "move \"{keyword}\" from the root into a property",
                  "sources": ["19"], "confirmed": "2026-09"
                },
                {
                  "id": "metaschema", "kind": "metaschema",
                  "says": "HTTP 400: \"JSON schema is invalid. It must match JSON Schema draft 2020-12\" (\"{keyword}\" at {pointer} is {value})",
                  "fix": "write \"{keyword}\" at {pointer} as draft 2020-12 has it: lower-case type names, tuple items as \"prefixItems\", \"required\" as an array of names; a count that is not a whole number from 0, or a bound that is not a number, removed and checked in the tool",
                  "sources": ["17", "20"], "confirmed": "2025-08"
                }
              ]
            },
            {
              "id": "anthropic-strict",
              "name": "Anthropic strict tool use",
              "field": "tools[].input_schema with \"strict\": true",
              "dialect": "anthropicStrict",
              "includes": "anthropic",
              "checks": [
                {
                  "id": "additional-properties", "kind": "additionalPropertiesFalse",
                  "says": "HTTP 400: \"For 'object' type, 'additionalProperties' must be explicitly set to false\"",
                  "fix": "add \"additionalProperties\": false at {pointer}",
                  "sources": ["18"], "confirmed": "2026-09"
                },
                {
                  "id": "value-constraints", "kind": "forbidden",
                  "keywords": ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minLength", "maxLength", "maxItems"],
                  "says": "HTTP 400: \"For '<type>' type, properties {keyword} are not supported\"",
                  "fix": "remove \"{keyword}\" at {pointer} and check the value in the tool (decodeArguments then your own guard)",
                  "sources": ["18", "21"], "confirmed": "2026-09"
                },
                {
                  "id": "min-items", "kind": "minItemsAtMost", "limit": 1,
                  "says": "HTTP 400: \"'minItems' values other than 0 or 1 are not supported\"",
                  "fix": "use \"minItems\": 1 at {pointer} and check the count in the tool",
                  "sources": ["18", "21"], "confirmed": "2026-09"
                },
                {
                  "id": "enum-primitives", "kind": "enumPrimitives",
                  "says": "HTTP 400: enum values must be strings, numbers, booleans or null",
                  "fix": "write each array or object value at {pointer} as a string",
                  "sources": ["18"], "confirmed": "2026-09"
                },
                {
                  "id": "formats", "kind": "formats",
                  "values": ["date-time", "time", "date", "duration", "email", "hostname", "uri", "ipv4", "ipv6", "uuid"],
                  "says": "HTTP 400: the format '{value}' is not supported",
                  "fix": "remove \"format\": \"{value}\" at {pointer} and say the format in \"description\"",
                  "sources": ["18"], "confirmed": "2026-09"
                },
                {
                  "id": "regex", "kind": "patternSyntax", "values": ["(?=", "(?!", "(?<=", "(?<!", "\\b", "\\1", "\\2", "\\3"],
                  "says": "HTTP 400: the pattern uses lookaround, a backreference or \\b, which strict tool use does not support",
                  "fix": "remove \"pattern\" at {pointer} and check the value in the tool, or rewrite the pattern without {value}",
                  "sources": ["18"], "confirmed": "2026-09"
                },
                {
                  "id": "recursion", "kind": "recursiveRef",
                  "says": "HTTP 400: recursive schemas are not supported",
                  "fix": "unroll the recursion at {pointer} to a fixed depth",
                  "sources": ["18"], "confirmed": "2026-09"
                },
                {
                  "id": "external-ref", "kind": "externalRef",
                  "says": "HTTP 400: external $ref is not supported",
                  "fix": "copy the definition {value} points to into \"$defs\" and point to \"#/$defs/...\"",
                  "sources": ["18"], "confirmed": "2026-09"
                }
              ]
            },
            {
              "id": "gemini",
              "name": "Google Gemini function calling (parameters, an OpenAPI 3.0 Schema subset)",
              "field": "functionDeclarations[].parameters",
              "dialect": "geminiParameters",
              "checks": [
                {
                  "id": "tool-name", "kind": "toolName", "pattern": "^[A-Za-z_][A-Za-z0-9_.:-]{0,63}$",
                  "says": "HTTP 400: \"Invalid function name. Must start with a letter or an underscore. Must be alphameric (a-z, A-Z, 0-9), underscores (_), dots (.), colons (:) or dashes (-), with a maximum length of 64\"",
                  "fix": "rename the tool to start with a letter or '_', then letters, digits, '_', '.', ':' or '-', at most 64",
                  "changed": "Older API versions allowed only '_' and '-' and at most 63 characters.",
                  "sources": ["23", "24"], "confirmed": "2026-06"
                },
                {
                  "id": "root-object", "kind": "rootType",
                  "says": "HTTP 400: parameters must be of type OBJECT",
                  "fix": "write \"type\": \"object\" at the root",
                  "sources": ["23"], "confirmed": "2026-06"
                },
                {
                  "id": "unknown-fields", "kind": "forbidden",
                  "keywords": ["additionalProperties", "$schema", "$ref", "$defs", "definitions", "$id", "const", "oneOf", "allOf", "not", "if", "then", "else", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "propertyNames", "patternProperties", "uniqueItems", "prefixItems", "dependentRequired", "dependentSchemas"],
                  "says": "HTTP 400: \"Invalid JSON payload received. Unknown name \"{keyword}\" at 'tools[0].function_declarations[0].parameters': Cannot find field.\"",
                  "fix": "remove \"{keyword}\" at {pointer} from the schema sent to Gemini (a per-provider variant), or send the schema as parametersJsonSchema (profile gemini-json-schema)",
                  "sources": ["28", "29", "23"], "confirmed": "2026-09"
                },
                {
                  "id": "nullable", "kind": "typeArray",
                  "says": "HTTP 400: \"Proto field is not repeating, cannot start list\" (a type array)",
                  "fix": "write \"type\": \"{value}\", \"nullable\": true at {pointer} instead of the type array; if the field is in \"required\" and the tool does not take null for it, take it out of \"required\" too (TOOL-8 shows it)",
                  "sources": ["33", "26"], "confirmed": "2026-05"
                },
                {
                  "id": "enum-strings", "kind": "enumStrings",
                  "says": "HTTP 400: enum is only allowed for STRING type, with string values",
                  "fix": "make the property at {pointer} a string with string enum values, or send the schema as parametersJsonSchema",
                  "sources": ["30"], "confirmed": "2026-04"
                },
                {
                  "id": "required-exists", "kind": "requiredExist",
                  "says": "HTTP 400: \"parameters.required[0]: property is not defined\"",
                  "fix": "take {value} out of \"required\" at {pointer}, or add it to \"properties\" with its schema",
                  "sources": ["32"], "confirmed": "2026-05"
                },
                {
                  "id": "property-names", "kind": "propertyName", "pattern": "^[A-Za-z_][A-Za-z0-9_]{0,63}$",
                  "says": "HTTP 400: invalid property name {value}",
                  "fix": "rename the property {value} at {pointer} to start with a letter or '_', then letters, digits or '_'",
                  "sources": ["23"], "confirmed": "2026-06"
                },
                {
                  "id": "formats", "kind": "formats", "values": ["enum", "date-time", "float", "double", "int32", "int64"],
                  "says": "HTTP 400: only the formats 'enum' and 'date-time' are supported for STRING type (float and double for NUMBER, int32 and int64 for INTEGER)",
                  "fix": "remove \"format\": \"{value}\" at {pointer} and say the format in \"description\"",
                  "changed": "Vertex AI documents email, byte, date, date-time and password as well.",
                  "sources": ["27", "26", "23"], "confirmed": "2025-06"
                },
                {
                  "id": "empty-object", "kind": "objectProperties", "limit": 1, "level": "unsettled",
                  "says": "HTTP 400: \"properties: should be non-empty for OBJECT type\"",
                  "fix": "for a tool without arguments (the object is the root), leave \"parameters\" out of the function declaration sent to Gemini when toolSchema(for: .geminiParameters).parameters has no properties, and never add a property the tool does not read; for an object inside the arguments, give it a property or remove it",
                  "changed": "Seen 2024-12; a 2026-03 report says an OBJECT with empty properties is now accepted.",
                  "sources": ["31"], "confirmed": "2026-03"
                }
              ]
            },
            {
              "id": "gemini-json-schema",
              "name": "Google Gemini function calling (parametersJsonSchema, JSON Schema)",
              "field": "functionDeclarations[].parametersJsonSchema",
              "dialect": "jsonSchema",
              "checks": [
                {
                  "id": "tool-name", "kind": "toolName", "pattern": "^[A-Za-z_][A-Za-z0-9_.:-]{0,63}$",
                  "says": "HTTP 400: \"Invalid function name. Must start with a letter or an underscore ... with a maximum length of 64\"",
                  "fix": "rename the tool to start with a letter or '_', then letters, digits, '_', '.', ':' or '-', at most 64",
                  "sources": ["23"], "confirmed": "2026-06"
                },
                {
                  "id": "root-object", "kind": "rootType",
                  "says": "HTTP 400: parametersJsonSchema must describe an object",
                  "fix": "write \"type\": \"object\" at the root",
                  "sources": ["23"], "confirmed": "2026-06"
                }
              ]
            }
          ]
        }
        """#
}
