import Foundation
import SkillConformance
import SkillKit
import Testing

@testable import SkillConformance

@Suite("TOOL-8: what each schema a provider is sent says is valid, the tool accepts")
struct SchemaAgreementTests {
    /// A tool that decodes with decodeArguments into `JSON`: it accepts exactly what its inputSchema does.
    struct DecodingTool: ToolSkill {
        var id = "decoding.tool"
        var name = "decoding_tool"
        var description = "Reads its arguments as its schema says."
        var inputSchema: JSON
        var inputSchemaVariants: [SchemaDialect: JSON] = [:]
        var samples: [JSON]? = nil
        var sampleArguments: [JSON] { samples ?? [JSONSchema.example(for: inputSchema)] }

        func execute(arguments: Data) async throws -> String {
            try decodeArguments(JSON.self, from: arguments).text
        }
    }

    /// A weather tool whose Arguments type and checks are its own, with the schema each test gives it.
    struct ForecastTool: ToolSkill {
        var id = "forecast.tool"
        var name = "query_forecast"
        var description = "查询城市天气预报。"
        var inputSchema: JSON
        var sampleArguments: [JSON] { [["city": "北京"]] }

        struct Arguments: Decodable {
            let city: String
            let unit: String
            let days: Int?
        }

        func execute(arguments: Data) async throws -> String {
            let arguments = try decodeArguments(Arguments.self, from: arguments)
            if let days = arguments.days, days > 7 { throw SkillError.invalidInput("days: at most 7") }
            return "\(arguments.city) \(arguments.unit)"
        }
    }

    static let schema: JSON = [
        "type": "object",
        "properties": [
            "city": ["type": "string"],
            "unit": ["type": "string", "enum": ["celsius", "fahrenheit"]],
            "days": ["type": "integer", "minimum": 1, "maximum": 14],
        ],
        "required": ["city"],
    ]

    @Test("instances: each optional field omitted, given and null where allowed, each enum value, each bound; free strings from the sample")
    func instances() {
        let set = ValidArguments.instances(of: Self.schema, from: ["city": "北京", "unit": "celsius"])
        #expect(
            set.instances.map(\.name) == [
                "the sample as this schema takes it", "city empty, which no bound rules out", "days given", "days at its maximum 14",
                "unit omitted", "unit \"fahrenheit\"",
            ])
        #expect(set.instances.first?.arguments == ["city": "北京", "unit": "celsius"])
        #expect(set.untried.isEmpty)
        // The strict variant wants every field: what the sample leaves out is null, as a strict provider sends it.
        let strict = ValidArguments.instances(
            of: JSONSchema.variant(of: Self.schema, for: .openAIStrict).schema, from: ["city": "北京", "unit": "celsius"])
        #expect(strict.instances.first?.arguments == ["city": "北京", "unit": "celsius", "days": nil])
        #expect(strict.instances.map(\.name).contains("unit null"))
        // A free string no sample gives is not made up: it is listed as not tried.
        let free = ValidArguments.instances(
            of: ["type": "object", "properties": ["city": ["type": "string"], "note": ["type": "string"]], "required": ["city"]],
            from: ["city": "北京"])
        #expect(free.instances.map(\.name) == ["the sample as this schema takes it", "city empty, which no bound rules out"])
        #expect(free.untried == ["/note (a free string, and no sample gives one)"])
    }

    @Test("a length is varied only to a text that still fits the field's format and pattern: \"h\" is no uri")
    func lengthsKeepTheFormat() {
        let schema: JSON = [
            "type": "object",
            "properties": [
                "url": ["type": "string", "format": "uri", "minLength": 1, "maxLength": 40],
                "code": ["type": "string", "pattern": "^[A-Z]+$", "minLength": 1, "maxLength": 5],
            ],
            "required": ["url", "code"],
        ]
        let names = ValidArguments.instances(of: schema, from: ["url": "https://example.com", "code": "USD"]).instances.map(\.name)
        #expect(
            names == [
                "the sample as this schema takes it", "code at its least length 1", "code at its most length 5",
                "url at its most length 40",
            ])
    }

    @Test("where no bound is stated, 0, -1, an empty text and an empty list are edges a tool may refuse but must not trap on")
    func unboundedEdges() async {
        let schema: JSON = [
            "type": "object",
            "properties": [
                "days": ["type": "integer", "maximum": 10], "offset": ["type": "integer", "minimum": 0],
                "query": ["type": "string"], "tags": ["type": "array", "items": ["type": "string"]],
            ],
            "required": ["query"],
        ]
        let set = ValidArguments.instances(of: schema, from: ["days": 3, "offset": 2, "query": "北京", "tags": ["a"]])
        #expect(
            set.instances.filter(\.isUnboundedEdge).map(\.name) == [
                "days 0, which no bound rules out", "days -1, which no bound rules out", "query empty, which no bound rules out",
                "tags with no items, which no bound rules out", "tags[0] empty, which no bound rules out",
            ])
        // A tool that refuses them (decodeArguments here, for "": a city is required to be there, not to be long) passes.
        struct Refusing: ToolSkill {
            let id = "refusing"
            let name = "refusing"
            let description = "Refuses what no bound rules out."
            let inputSchema: JSON = ["type": "object", "properties": ["days": ["type": "integer"]], "required": ["days"]]
            var sampleArguments: [JSON] { [["days": 3]] }
            func execute(arguments: Data) async throws -> String {
                guard case .number(let days)? = try JSONSchema.validate(arguments, against: inputSchema)["days"], days > 0 else {
                    throw SkillError.invalidInput("days: expected at least 1")
                }
                return "\(days)"
            }
        }
        let findings = await SkillConformance.check(for: "TOOL-8").run(SkillUnderTest(tool: Refusing()))
        #expect(!findings.isEmpty && findings.allSatisfy { $0.outcome == .passed }, "\(findings.map(\.message))")
        #expect(findings.first?.observed.contains("days 0, which no bound rules out") == true)
    }

    @Test("an edge no bound rules out, refused with an error of the tool's own, fails ERR-1: a model may send it and read that error")
    func unboundedEdgeRefusedWithItsOwnError() async {
        // The memory server's `entityName` lookup, ported: an empty name is "not found", in an error type of its own.
        struct NotFound: Error { let name: String }
        struct Observations: ToolSkill {
            let id = "observations"
            let name = "add_observations"
            let description = "Adds observations to an entity of the knowledge graph."
            let inputSchema: JSON = ["type": "object", "properties": ["entityName": ["type": "string"]], "required": ["entityName"]]
            var sampleArguments: [JSON] { [["entityName": "John_Smith"]] }
            func execute(arguments: Data) async throws -> String {
                guard case .string(let name)? = try JSONSchema.validate(arguments, against: inputSchema)["entityName"], !name.isEmpty else {
                    throw NotFound(name: "")
                }
                return "added to \(name)"
            }
        }
        let findings = await SkillConformance.check(for: "TOOL-8").run(SkillUnderTest(tool: Observations()))
        #expect(findings.contains { $0.ruleID == "TOOL-8" && $0.outcome == .passed }, "\(findings.map(\.message))")
        #expect(
            findings.contains {
                $0.ruleID == "ERR-1" && $0.outcome == .failed && $0.subject.contains("entityName empty, which no bound rules out")
                    && $0.observed.contains("NotFound")
            }, "\(findings.map(\.message))")
    }

    @Test("unions, anyOf branches, list bounds and nested objects each get an instance; the same arguments are tried once")
    func shapes() {
        let schema: JSON = [
            "type": "object",
            "properties": [
                "id": ["type": ["string", "integer"]],
                "tags": ["type": "array", "items": ["type": "string", "enum": ["a", "b"]], "minItems": 1, "maxItems": 3],
                "window": [
                    "type": "object", "properties": ["from": ["type": "string", "format": "date-time"], "all_day": ["type": "boolean"]],
                    "required": ["from"],
                ],
            ],
            "required": ["id", "tags"],
        ]
        let set = ValidArguments.instances(of: schema, from: ["id": "x1", "tags": ["a"]])
        let names = set.instances.map(\.name)
        #expect(names.contains("id as an integer"))
        #expect(names.contains("tags with its most 3 items"))
        #expect(names.contains("tags[0] \"b\""))
        #expect(names.contains("window given"))
        #expect(names.contains("window.all_day given"))
        #expect(Set(set.instances.map(\.arguments)).count == set.instances.count)
    }

    @Test("OpenAI strict's hand edit, \"type\": [\"string\", \"null\"] on a field whose enum has no null, fails at the field")
    func strictHandEdit() async {
        let tool = DecodingTool(
            inputSchema: [
                "type": "object",
                "properties": ["city": ["type": "string"], "unit": ["type": ["string", "null"], "enum": ["celsius", "fahrenheit"]]],
                "required": ["city", "unit"], "additionalProperties": false,
            ], samples: [["city": "北京", "unit": "celsius"]])
        let findings = await SkillConformance.check(for: "TOOL-8").run(SkillUnderTest(tool: tool))
        let failure = findings.first { $0.outcome == .failed }
        #expect(failure?.subject == "inputSchema at /unit: unit null", "\(findings)")
        #expect(failure?.observed.contains("add null to the enum") == true)
    }

    @Test(
        "Gemini's hand edit, \"nullable\": true on a required field, fails; in the tool's own variant it is a warning until gemini is chosen"
    )
    func geminiHandEdit() async {
        let nullableRequired: JSON = [
            "type": "object", "properties": ["title": ["type": "string"], "note": ["type": "string", "nullable": true]],
            "required": ["title", "note"],
        ]
        let written = DecodingTool(inputSchema: nullableRequired, samples: [["title": "买牛奶", "note": "两盒"]])
        let findings = await SkillConformance.check(for: "TOOL-8").run(SkillUnderTest(tool: written))
        let failure = findings.first { $0.outcome == .failed }
        #expect(failure?.subject == "inputSchema at /note: note null", "\(findings)")
        #expect(failure?.observed.contains("Take the field out of \"required\"") == true)

        let plain: JSON = [
            "type": "object", "properties": ["title": ["type": "string"], "note": ["type": "string"]], "required": ["title", "note"],
        ]
        let declared = DecodingTool(
            inputSchema: plain, inputSchemaVariants: [.geminiParameters: nullableRequired], samples: [["title": "买牛奶", "note": "两盒"]])
        let unchosen = await SkillConformance.check(for: "TOOL-8").run(SkillUnderTest(tool: declared))
        #expect(unchosen.filter { $0.outcome != .passed }.map(\.outcome) == [.warning], "\(unchosen)")
        #expect(unchosen.contains { $0.subject == "the tool's own geminiParameters variant at /note: note null" })
        let chosen = await SkillConformance.check(for: "TOOL-8").run(SkillUnderTest(tool: declared), providers: ["gemini"])
        #expect(chosen.filter { $0.outcome != .passed }.map(\.outcome) == [.failed], "\(chosen)")
    }

    @Test("an optional field the Arguments type requires, and a bound the tool checks tighter than the schema, each fail by name")
    func toolNarrowerThanSchema() async {
        let findings = await SkillConformance.check(for: "TOOL-8").run(SkillUnderTest(tool: ForecastTool(inputSchema: Self.schema)))
        let failed = findings.filter { $0.outcome == .failed }.map(\.subject)
        #expect(failed.contains("inputSchema: the sample as this schema takes it"), "\(failed)")
        #expect(failed.contains("inputSchema at /days: days at its maximum 14"), "\(failed)")
        let omitted = findings.first { $0.subject == "inputSchema: the sample as this schema takes it" }
        #expect(omitted?.observed.contains("unit") == true)
    }

    /// A memory tool with one field per action: an update needs the id of what it changes, which the schema cannot
    /// say. With `refusesUpdate`, it refuses every update, its own sample's too: a value the schema offers and the tool
    /// never takes.
    struct MemoryActionTool: ToolSkill {
        var refusesUpdate = false
        /// Refuses with an error of its own, as a port of a Python tool's `ValueError` does.
        var rawErrors = false
        var id = "memory.action"
        var name = "manage_memory"
        var description = "Creates or updates a memory; an update names the memory's id."
        var inputSchema: JSON = [
            "type": "object",
            "properties": [
                "action": ["type": "string", "enum": ["create", "update"]], "content": ["type": "string"], "id": ["type": "string"],
            ],
            "required": ["action", "content"], "additionalProperties": false,
        ]
        var sampleArguments: [JSON] {
            [["action": "create", "content": "Likes tea"], ["action": "update", "content": "Likes green tea", "id": "m-1"]]
        }

        struct Arguments: Decodable {
            let action: String
            let content: String
            let id: String?
        }

        func execute(arguments: Data) async throws -> String {
            let arguments = try decodeArguments(Arguments.self, from: arguments)
            switch (arguments.action, arguments.id) {
            case ("update", _) where refusesUpdate: throw SkillError.invalidInput("action: only create is supported")
            case ("update", nil) where rawErrors: throw CocoaError(.featureUnsupported)
            case ("update", nil): throw SkillError.invalidInput("id: an update names the memory it changes")
            case ("create", .some): throw SkillError.invalidInput("id: a new memory gets its id from the tool")
            default: return "Saved."
            }
        }
    }

    @Test("a value the tool takes in a sample of its own with another field too warns that it needs that field; one it never takes fails")
    func fieldThatNeedsAnother() async {
        let findings = await SkillConformance.check(for: "TOOL-8").run(SkillUnderTest(tool: MemoryActionTool()))
        #expect(!findings.contains { $0.outcome == .failed }, "\(findings.filter { $0.outcome == .failed }.map(\.message))")
        let warned = findings.filter { $0.outcome == .warning }
        #expect(
            warned.contains { $0.subject.contains("/action") && $0.observed.contains("the value needs another field") },
            "\(warned.map(\.message))")

        let refusing = await SkillConformance.check(for: "TOOL-8").run(SkillUnderTest(tool: MemoryActionTool(refusesUpdate: true)))
        #expect(
            refusing.contains { $0.outcome == .failed && $0.subject.contains("/action") }, "\(refusing.map(\.message))")

        // Refused with an error of its own, the model reads raw text: a failure, saying how to refuse it.
        let raw = await SkillConformance.check(for: "TOOL-8").run(SkillUnderTest(tool: MemoryActionTool(rawErrors: true)))
        #expect(
            raw.contains {
                $0.outcome == .failed && $0.subject == "inputSchema at /action: action \"update\""
                    && $0.observed.contains("Refuse it with SkillError.invalidInput naming the field it needs")
            }, "\(raw.map(\.message))")
    }

    @Test("a tool whose catch-all reports every error as executionFailed refuses a valid value that way: it fails, before any I/O only")
    func executionFailedRefusal() async {
        let findings = await SkillConformance.check(for: "TOOL-8").run(SkillUnderTest(tool: WeekdayTool()))
        #expect(
            findings.contains {
                $0.outcome == .failed && $0.subject == "inputSchema at /month: month as a fraction 2.5"
                    && $0.observed.contains("before any request or storage operation, where its sample gets a result")
                    && $0.observed.contains(#"write "type": "integer""#)
            }, "\(findings.map(\.message))")
        // 0 and -1, which no bound rules out, may be refused, and executionFailed is a SkillError: no finding.
        #expect(!findings.contains { $0.subject.contains("which no bound rules out") }, "\(findings.map(\.message))")
        // After a request its sample makes too, executionFailed may be the fakes' reply the tool could not use: not judged.
        let fetching = await SkillConformance.check(for: "TOOL-8").run(SkillUnderTest(tool: { WeekdayTool(network: $0.networkService) }))
        #expect(!fetching.contains { $0.outcome == .failed }, "\(fetching.map(\.message))")
        // Before the request its sample goes on to make, it is the arguments.
        let booking = await SkillConformance.check(for: "TOOL-8").run(
            SkillUnderTest(tool: { WeekdayTool(network: $0.networkService, checksFirst: true) }))
        #expect(
            booking.contains {
                $0.outcome == .failed && $0.subject == "inputSchema at /month: month as a fraction 2.5"
                    && $0.observed.contains("before any request or storage operation")
            }, "\(booking.map(\.message))")
    }

    /// Dify's weekday tool as its engine runs it: `calendar.month_name[month]` with a fractional month raises a TypeError,
    /// which the engine's catch-all reports as executionFailed ("tool invoke error: …"), as it does every error.
    struct WeekdayTool: ToolSkill {
        var id = "dify.weekday"
        var name = "weekday"
        var description = "The weekday of a date given by year, month and day."
        /// Where it looks up holidays first, when it does.
        var network: (any NetworkServing)? = nil
        /// Whether it reads the month before it looks up holidays.
        var checksFirst = false
        var inputSchema: JSON {
            [
                "type": "object",
                "properties": ["year": ["type": "number"], "month": ["type": "number"], "day": ["type": "number"]],
                "required": ["year", "month", "day"],
            ]
        }
        var sampleArguments: [JSON] { [["year": 2024, "month": 2, "day": 29]] }

        struct Arguments: Decodable {
            let year: Double
            let month: Double
            let day: Double
        }

        func execute(arguments: Data) async throws -> String {
            let arguments = try decodeArguments(Arguments.self, from: arguments)
            let names = [
                "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December",
            ]
            func monthIndex() throws -> Int {
                guard arguments.month.rounded() == arguments.month, let index = Int(exactly: arguments.month),
                    names.indices.contains(index - 1)
                else { throw SkillError.executionFailed("tool invoke error: list indices must be integers or slices, not float") }
                return index
            }
            if checksFirst { _ = try monthIndex() }
            if let network {
                _ = try? await network.send(NetworkRequest(url: URL(string: "https://calendar.example.com/holidays")!))
            }
            let index = try monthIndex()
            return "\(names[index - 1]) \(Int(arguments.day)), \(Int(arguments.year))"
        }
    }

    /// The weather tool reading its arguments with a JSONDecoder of its own, as ported tools do: what it refuses
    /// comes as a DecodingError, not as invalidInput. `fails` makes every run throw an error of its own.
    struct PlainDecoderTool: ToolSkill {
        var id = "forecast.plain"
        var name = "query_forecast"
        var description = "Weather forecast for a city."
        var inputSchema: JSON = SchemaAgreementTests.schema
        var fails = false
        var sampleArguments: [JSON] { [["city": "Lyon", "unit": "celsius"]] }

        struct Arguments: Decodable {
            let city: String
            let unit: String
            let days: Int?
        }

        func execute(arguments: Data) async throws -> String {
            let arguments = try JSONDecoder().decode(Arguments.self, from: arguments)
            if fails { throw URLError(.badServerResponse) }
            return "\(arguments.city) \(arguments.unit)"
        }
    }

    @Test(
        "an error of the tool's own (a DecodingError for an optional field left out) refuses as invalidInput does, unless its sample throws one too"
    )
    func ownErrorRefuses() async {
        let findings = await SkillConformance.check(for: "TOOL-8").run(SkillUnderTest(tool: PlainDecoderTool()))
        let failed = findings.filter { $0.outcome == .failed }
        #expect(failed.map(\.subject) == ["inputSchema at /unit: unit omitted"], "\(findings.map { "\($0.outcome) \($0.subject)" })")
        #expect(
            failed.first?.observed.contains("an error of its own (Swift.DecodingError: DecodingError.keyNotFound") == true,
            "\(failed.map(\.observed))")
        // A tool that throws its own error for its sample too, with working fakes: no instance tells anything.
        let failing = await SkillConformance.check(for: "TOOL-8").run(SkillUnderTest(tool: PlainDecoderTool(fails: true)))
        #expect(!failing.contains { $0.outcome == .failed }, "\(failing.filter { $0.outcome == .failed }.map(\.observed))")
    }

    /// iMCP's weather_daily as ported by hand: MCP's `Value` tells a whole number from a fraction, and the tool
    /// takes coordinates only as `.double`.
    struct DailyWeatherTool: ToolSkill {
        enum Value: Decodable {
            case int(Int), double(Double), other
            init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                if let value = try? container.decode(Int.self) {
                    self = .int(value)
                } else if let value = try? container.decode(Double.self) {
                    self = .double(value)
                } else {
                    self = .other
                }
            }
        }
        let id = "weather.daily"
        let name = "weather_daily"
        let description = "Get daily weather forecast for a location"
        let inputSchema: JSON = [
            "type": "object", "properties": ["latitude": ["type": "number"], "longitude": ["type": "number"]],
            "required": ["latitude", "longitude"],
        ]
        var sampleArguments: [JSON] { [["latitude": 39.9042, "longitude": 116.4074]] }
        func execute(arguments: Data) async throws -> String {
            let values = (try? JSONDecoder().decode([String: Value].self, from: arguments)) ?? [:]
            guard case .double(let latitude)? = values["latitude"], case .double(let longitude)? = values["longitude"] else {
                throw SkillError.invalidInput("Invalid coordinates")
            }
            return "\(latitude),\(longitude)"
        }
    }

    @Test("a \"number\" sent whole (40) reaches a tool that only takes a Double case: TOOL-8 fails it, saying why")
    func wholeNumbers() async {
        let findings = await SkillConformance.check(for: "TOOL-8").run(SkillUnderTest(tool: DailyWeatherTool()))
        let failed = findings.filter { $0.outcome == .failed }
        #expect(
            failed.map(\.subject) == [
                "inputSchema at /latitude: latitude as a whole number 40", "inputSchema at /longitude: longitude as a whole number 116",
            ])
        #expect(failed.first?.observed.contains("read it as Double") == true)
    }

    @Test("a tool written once that decodes with decodeArguments passes TOOL-8 with every provider chosen, one pass per dialect")
    func writtenOnce() async {
        let tool = DecodingTool(inputSchema: Self.schema, samples: [["city": "北京"]])
        let findings = await SkillConformance.check(for: "TOOL-8").run(SkillUnderTest(tool: tool), providers: ProviderProfile.choosableIDs)
        #expect(findings.allSatisfy { $0.outcome == .passed }, "\(findings.filter { $0.outcome != .passed })")
        #expect(findings.count == SchemaDialect.allCases.count)
        let strict = findings.first { $0.subject == "the openAIStrict variant derived from inputSchema" }
        #expect(strict?.observed.contains("unit given") == true, "\(String(describing: strict))")
    }
}
