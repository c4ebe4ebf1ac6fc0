import Foundation
import SkillConformance
import SkillKit
import Testing

@Suite("Provider profiles: what each model provider refuses in a tool's name and schema (TOOL-7)")
struct ProviderProfileTests {
    static let ids = ["openai", "openai-strict", "anthropic", "anthropic-strict", "gemini", "gemini-json-schema"]

    @Test("the catalogue decodes, with every profile the issue names, and every check has sources, a month and a pattern that compiles")
    func catalogue() throws {
        let catalogue = ProviderProfile.catalogue
        #expect(ProviderProfile.choosableIDs == Self.ids)
        #expect(catalogue.map(\.id) == [ProviderProfile.commonID] + Self.ids)
        var kinds = Set<ProviderProfile.Check.Kind>()
        for profile in catalogue {
            #expect(Set(profile.checks.map(\.id)).count == profile.checks.count, "\(profile.id): check ids repeat")
            for check in profile.checks {
                kinds.insert(check.kind)
                #expect(!check.sources.isEmpty && !check.says.isEmpty && !check.fix.isEmpty, "\(profile.id)/\(check.id)")
                #expect(check.confirmed.wholeMatch(of: /20\d\d-\d\d/) != nil, "\(profile.id)/\(check.id): \(check.confirmed)")
                if let pattern = check.pattern { #expect(throws: Never.self) { try Regex(pattern) } }
            }
        }
        #expect(kinds == Set(ProviderProfile.Check.Kind.allCases), "a kind no check uses is a checker path no data reaches")
        // A strict mode has its plain mode's checks first, so it refuses all the plain mode refuses.
        for (strict, plain) in [("openai-strict", "openai"), ("anthropic-strict", "anthropic")] {
            let strictIDs = try #require(ProviderProfile.named(strict)).checks.map(\.id)
            let plainIDs = try #require(ProviderProfile.named(plain)).checks.map(\.id)
            #expect(Array(strictIDs.prefix(plainIDs.count)) == plainIDs)
            #expect(ProviderProfile.named(strict)?.includes == plain)
        }
    }

    /// One broken tool per profile. Two families hold a looser and a stricter mode of one provider
    /// (openai ⊂ openai-strict, anthropic ⊂ anthropic-strict, gemini-json-schema ⊂ gemini): what the looser
    /// refuses the stricter refuses too. And whether an object has `"additionalProperties": false` is the
    /// one conflict no schema escapes (both strict modes need it, Gemini's `parameters` refuses it), so
    /// those two checks are left out of "refused by that profile only".
    static let fixtures: [(profile: String, refusedBy: Set<String>, name: String, schema: JSON)] = [
        (
            "openai", ["openai", "openai-strict"], "filter_events",
            [
                "type": "object", "properties": ["filter": ["type": "object", "additionalProperties": false]], "required": ["filter"],
                "additionalProperties": false,
            ]
        ),
        (
            "openai-strict", ["openai-strict"], "query_weather",
            [
                "type": "object", "properties": ["city": ["type": "string"], "unit": ["type": "string"]], "required": ["city"],
                "additionalProperties": false,
            ]
        ),
        (
            "anthropic", ["anthropic", "anthropic-strict"], "tag_note",
            [
                "type": "object", "properties": ["tags": ["type": "array", "items": ["type": "string"], "maxItems": -1]],
                "required": ["tags"],
            ]
        ),
        (
            "anthropic-strict", ["anthropic-strict"], "rename_contact",
            [
                "type": "object", "properties": ["name": ["type": "string", "minLength": 2]], "required": ["name"],
                "additionalProperties": false,
            ]
        ),
        (
            "gemini", ["gemini"], "add_reminder",
            ["type": "object", "properties": ["note": ["type": ["string", "null"]]], "required": ["note"]]
        ),
        (
            "gemini-json-schema", ["gemini", "gemini-json-schema"], "2fa_codes",
            ["type": "object", "properties": ["account": ["type": "string"]], "required": ["account"]]
        ),
    ]

    static func refusing(name: String, schema: JSON) -> Set<String> {
        let conflict: Set<String> = ["additional-properties"]
        return Set(
            ProviderProfile.catalogue.filter { $0.id != ProviderProfile.commonID }.filter { profile in
                profile.problems(toolName: name, schema: schema).contains { problem in
                    problem.level == .refused && !conflict.contains(problem.check)
                        && !(problem.profile == "gemini" && problem.removes == "additionalProperties")
                }
            }.map(\.id))
    }

    @Test("each profile's broken tool is refused by that profile, and by no other outside its family", arguments: 0..<6)
    func brokenFixture(index: Int) {
        let fixture = Self.fixtures[index]
        #expect(Self.refusing(name: fixture.name, schema: fixture.schema) == fixture.refusedBy, "\(fixture.profile)")
    }

    @Test("a clean tool schema in each provider's own form passes its profile")
    func cleanSchemas() {
        let strict: JSON = [
            "type": "object", "properties": ["city": ["type": "string", "description": "城市"], "days": ["type": ["integer", "null"]]],
            "required": ["city", "days"], "additionalProperties": false,
        ]
        for id in ["openai", "openai-strict", "anthropic", "anthropic-strict", "gemini-json-schema"] {
            #expect(ProviderProfile.named(id)!.problems(toolName: "query_weather", schema: strict).isEmpty, "\(id)")
        }
        let gemini: JSON = [
            "type": "object", "properties": ["city": ["type": "string"], "days": ["type": "integer", "nullable": true]],
            "required": ["city"],
        ]
        #expect(ProviderProfile.named("gemini")!.problems(toolName: "query_weather", schema: gemini).isEmpty)
    }

    @Test("a fix one chosen profile needs and another refuses says so, and names the way out, on both sides")
    func conflicts() {
        let profiles = ["openai-strict", "gemini"].compactMap(ProviderProfile.named)
        let without: JSON = ["type": "object", "properties": ["city": ["type": "string"]], "required": ["city"]]
        let strictSide = ProviderProfile.lint(toolName: "query_weather", schema: without, profiles: profiles)
        #expect(strictSide.map(\.check) == ["additional-properties"])
        #expect(strictSide.first?.conflict?.contains("gemini refuses \"additionalProperties\"") == true)
        // The way out is the variant the kit derives, never a hand edit of inputSchema.
        #expect(strictSide.first?.conflict?.contains("the variant the kit derives for its dialect (JSONSchema.variant(of:for:)") == true)
        let with: JSON = [
            "type": "object", "properties": ["city": ["type": "string"]], "required": ["city"], "additionalProperties": false,
        ]
        let geminiSide = ProviderProfile.lint(toolName: "query_weather", schema: with, profiles: profiles)
        #expect(geminiSide.map { "\($0.profile)/\($0.check)" } == ["gemini/unknown-fields"])
        #expect(geminiSide.first?.conflict?.contains("openai-strict requires \"additionalProperties\"") == true)
        #expect(geminiSide.first?.conflict?.contains("do not edit inputSchema for it") == true)
        #expect(geminiSide.first?.fix.contains("/additionalProperties") == true)
        // Alone, gemini's problem has no conflict to report.
        #expect(ProviderProfile.lint(toolName: "query_weather", schema: with, profiles: [profiles[1]]).first?.conflict == nil)
    }

    @Test("problems name the pointer, the provider's words and the fix")
    func wording() throws {
        let problem = try #require(
            ProviderProfile.named("gemini")!.problems(
                toolName: "add_reminder", schema: ["type": "object", "properties": ["note": ["type": ["string", "null"]]]]
            ).first)
        #expect(problem.pointer == "/properties/note/type")
        #expect(problem.fix.hasPrefix("write \"type\": \"string\", \"nullable\": true at /properties/note/type instead of the type array"))
        #expect(problem.edits == [.set("type", to: "string", at: "/properties/note"), .set("nullable", to: true, at: "/properties/note")])
        #expect(problem.says.contains("Proto field is not repeating"))
        let strict = ProviderProfile.named("openai-strict")!.problems(
            toolName: "remind", schema: ["type": "object", "properties": ["reminder": ["type": "object", "properties": [:]]]])
        #expect(strict.contains { $0.fix == "add \"additionalProperties\": false at /properties/reminder" })
        #expect(strict.contains { $0.check == "value-constraints" } == false)
        let dated = ProviderProfile.named("openai-strict")!.problems(
            toolName: "count", schema: ["type": "object", "properties": ["n": ["type": "integer", "minimum": 0]]])
        let minimum = try #require(dated.first { $0.check == "value-constraints" })
        #expect(minimum.level == .unsettled)
        #expect(minimum.changed?.contains("May 2025") == true)
    }

    /// A tool that declares its own Gemini variant, with a `null` type Gemini refuses.
    struct DeclaredVariantTool: ToolSkill {
        let id = "declared.tool"
        let name = "declared_tool"
        let description = "Echoes its arguments."
        let inputSchema: JSON = ["type": "object", "properties": ["note": ["type": "string"]], "required": ["note"]]
        var inputSchemaVariants: [SchemaDialect: JSON] {
            [.geminiParameters: ["type": "object", "properties": ["note": ["type": ["string", "null"]]], "required": ["note"]]]
        }
        func execute(arguments: Data) async throws -> String { String(decoding: arguments, as: UTF8.self) }
    }

    /// A tool with a schema given by the test.
    struct SchemaTool: ToolSkill {
        var id = "schema.tool"
        var name = "schema_tool"
        var description = "Echoes its arguments."
        var inputSchema: JSON
        var sampleArguments: [JSON] { [JSONSchema.example(for: inputSchema)] }
        func execute(arguments: Data) async throws -> String { String(decoding: arguments, as: UTF8.self) }
    }

    @Test("TOOL-7: what every provider refuses is a warning; a chosen provider's refusal fails; an unknown id fails")
    func rule() async {
        let noProperties = SkillUnderTest(tool: SchemaTool(inputSchema: ["type": "object"]))
        #expect(await SkillConformance.check(for: "TOOL-7").run(noProperties).map(\.outcome) == [.warning])
        let nullable = SkillUnderTest(
            tool: SchemaTool(inputSchema: ["type": "object", "properties": ["note": ["type": ["string", "null"]]], "required": ["note"]]))
        #expect(await SkillConformance.check(for: "TOOL-7").run(nullable).map(\.outcome) == [.passed])
        // Gemini is sent the variant derived for its parameters, which says "nullable": the tool passes.
        let chosen = await SkillConformance.check(for: "TOOL-7").run(nullable, providers: ["gemini"])
        #expect(chosen.map(\.outcome) == [.passed, .passed])
        #expect(chosen.last?.subject == "name and the geminiParameters variant derived from inputSchema for gemini")
        #expect(chosen.last?.observed.contains(#""nullable":true"#) == true, "\(chosen)")
        // A variant the tool declares itself is checked as it is.
        let declared = SkillUnderTest(tool: DeclaredVariantTool())
        let own = await SkillConformance.check(for: "TOOL-7").run(declared, providers: ["gemini"])
        #expect(own.map(\.outcome).contains(.failed))
        #expect(own.contains { $0.subject == "the tool's own geminiParameters variant at /properties/note/type for gemini" }, "\(own)")
        let cases = SkillConformance.cases(for: [nullable], rules: ["TOOL-7"], providers: ["openai"])
        #expect(await cases[0].run().map(\.outcome) == [.passed, .passed])
        let unknown = await SkillConformance.check(for: "TOOL-7").run(nullable, providers: ["gemni"])
        #expect(unknown.map(\.outcome) == [.failed])
        #expect(unknown.first?.expected.contains("gemini") == true)
    }
}

@Suite("Provider profiles on real tool schemas from public Swift projects (Tests/Fixtures/RealToolSchemas)")
struct RealToolSchemaTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/RealToolSchemas")
    static let golden = folder.appendingPathComponent("findings.txt")

    /// Each schema's problems under every profile, one line each: what the closing note quotes and a
    /// reviewer reads when a profile changes.
    static func findings() throws -> (count: Int, text: String) {
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        var lines: [String] = []
        for file in files {
            let document = try JSON(parsing: Data(contentsOf: folder.appendingPathComponent(file)))
            guard case .string(let tool)? = document["tool"], let schema = document["inputSchema"] else {
                Issue.record("\(file): no \"tool\" or \"inputSchema\"")
                continue
            }
            let problems = ProviderProfile.lint(toolName: tool, schema: schema, profiles: ProviderProfile.catalogue)
            lines.append("\(file): \(problems.isEmpty ? "no problem" : problems.count == 1 ? "1 problem" : "\(problems.count) problems")")
            for problem in problems {
                lines.append(
                    "  \(problem.profile)/\(problem.check) \(problem.level.rawValue) at \(problem.pointer.isEmpty ? "/" : problem.pointer)")
            }
        }
        return (files.count, lines.joined(separator: "\n") + "\n")
    }

    @Test("at least 20 real schemas are linted against every profile, and the findings are the reviewed ones in findings.txt")
    func realSchemas() throws {
        let (count, text) = try Self.findings()
        #expect(count >= 20)
        if ProcessInfo.processInfo.environment["SKILLCHECK_UPDATE_PROVIDER_FINDINGS"] == "1" {
            try text.write(to: Self.golden, atomically: true, encoding: .utf8)
        }
        let reviewed = try String(contentsOf: Self.golden, encoding: .utf8)
        #expect(
            text == reviewed,
            "the findings changed: review them, then SKILLCHECK_UPDATE_PROVIDER_FINDINGS=1 swift test --filter RealToolSchemaTests")
    }

    /// Each schema, sent to each profile as the variant the kit derives for it: whether the profile
    /// accepts it (what it refuses for sure; `unsettled` checks aside), and what the variant cannot say.
    static func variants() throws -> (reached: [String: Int], text: String) {
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        var lines: [String] = []
        var reached: [String: Int] = [:]
        let profiles = ProviderProfile.catalogue.filter { $0.id != ProviderProfile.commonID }
        for file in files {
            let document = try JSON(parsing: Data(contentsOf: folder.appendingPathComponent(file)))
            guard case .string(let tool)? = document["tool"], let schema = document["inputSchema"] else { continue }
            var parts: [String] = []
            for profile in profiles {
                let variant = JSONSchema.variant(of: schema, for: profile.dialect)
                let refused = profile.problems(toolName: tool, schema: variant.schema).filter { $0.level == .refused }
                if refused.isEmpty { reached[profile.id, default: 0] += 1 }
                parts.append(
                    "\(profile.id) "
                        + (refused.isEmpty ? "reached" : "refused (" + refused.map(\.check).joined(separator: ", ") + ")")
                        + (variant.losses.isEmpty ? "" : ", \(variant.losses.count) lost"))
            }
            lines.append("\(file): " + parts.joined(separator: "; "))
        }
        return (reached, lines.joined(separator: "\n") + "\n")
    }

    @Test("the real schemas, each sent to each profile as its derived variant: which profiles each reaches is the reviewed list")
    func realSchemaVariants() throws {
        let (reached, text) = try Self.variants()
        let golden = Self.folder.appendingPathComponent("variants.txt")
        if ProcessInfo.processInfo.environment["SKILLCHECK_UPDATE_PROVIDER_FINDINGS"] == "1" {
            try text.write(to: golden, atomically: true, encoding: .utf8)
        }
        let reviewed = try String(contentsOf: golden, encoding: .utf8)
        #expect(
            text == reviewed,
            "the variants changed: review them, then SKILLCHECK_UPDATE_PROVIDER_FINDINGS=1 swift test --filter RealToolSchemaTests")
        #expect(reached["openai-strict", default: 0] > 0 && reached["gemini", default: 0] > 0, "\(reached)")
    }
}

@Suite("One schema, every provider: each is sent its variant, and the kit's tools pass every profile at once")
struct ProviderVariantTests {
    /// The kit's own tool skills, each with a schema written once.
    static let tools: [any ToolSkill] = [
        ProviderProfileTests.SchemaTool(inputSchema: [
            "type": "object",
            "properties": [
                "city": ["type": "string", "description": "城市名，如 北京"],
                "unit": ["type": "string", "enum": ["celsius", "fahrenheit"]],
                "start": ["type": "string", "format": "date-time"],
                "days": ["type": "integer", "minimum": 1, "maximum": 7],
            ],
            "required": ["city"],
            "additionalProperties": false,
        ])
    ]

    @Test("a tool written once passes TOOL-7 with every profile chosen at once, and each profile's finding shows what it is sent")
    func everyProfile() async {
        for tool in Self.tools {
            let findings = await SkillConformance.check(for: "TOOL-7").run(
                SkillUnderTest(tool: tool), providers: ProviderProfile.choosableIDs)
            #expect(findings.allSatisfy { $0.outcome == .passed }, "\(findings.filter { $0.outcome != .passed })")
            #expect(findings.count == ProviderProfile.choosableIDs.count + 1)
            for profile in ProviderProfile.catalogue where profile.dialect != .jsonSchema {
                let finding = findings.first { $0.subject.hasSuffix("for \(profile.id)") }
                #expect(
                    finding?.observed.contains("is sent the \(profile.dialect.rawValue) variant") == true,
                    "\(profile.id): \(String(describing: finding))")
            }
            let strict = JSONSchema.variant(of: tool.inputSchema, for: .openAIStrict).schema
            #expect(findings.contains { $0.observed.contains(strict.text) })
        }
    }
}
