import Foundation
import SkillKit
import SkillTesting
import Testing

@testable import SkillConformance

/// Numbers each request from a count every instance shares, at the end of a long result: two results differ
/// only past their first 60 characters, and have the same length.
private final class RequestCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 1_000
    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
}

private struct NumberedTool: ToolSkill {
    static let counter = RequestCounter()
    let id = "numbered"
    let name = "take_a_number"
    let description = "Gives each request its number."
    let inputSchema: JSON = ["type": "object"]
    var sampleArguments: [JSON] { [[:]] }
    func execute(arguments: Data) async throws -> String {
        "The request you sent was received and given its number in the queue: \(Self.counter.next())"
    }
}

/// The same for two requests at once, whose outputs SEND-4 compares with the orders they could have run in.
private struct NumberedSkill: AgentSkill {
    let id = "numbered-skill"
    let displayName = "Take a number"
    let description = "Gives each request its number, such as number please."
    let keywords = ["number"]
    var samples: SkillSamples { SkillSamples(handled: ["number please"], unhandled: ["天气"]) }
    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        let number = NumberedTool.counter.next()
        try await context.clock.sleep(for: .milliseconds(1))
        return SkillOutput(summary: "The request you sent was received and given its number in the queue: \(number)")
    }
}

/// Fetches under the kit's own withTimeout and rethrows a cancellation: the request runs beside the timer, in a
/// child task of its own.
private struct TimedFetchTool: ToolSkill {
    let id = "timed-fetch"
    let name = "fetch_alerts"
    let description = "Weather alerts, fetched within 30 seconds."
    let inputSchema: JSON = ["type": "object"]
    var sampleArguments: [JSON] { [[:]] }
    let context: SkillContext
    func execute(arguments: Data) async throws -> String {
        let network = context.networkService
        let request = NetworkRequest(method: .get, url: URL(string: "https://api.weather.gov/alerts")!)
        do {
            let response = try await withTimeout(.seconds(30), clock: context.clock) { try await network.send(request) }
            return "HTTP \(response.status)"
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            return "Unable to fetch alerts."
        }
    }
}

@Suite("Cancelled at an await a concurrent part reached")
struct ConcurrentAwaitTests {
    @Test("cancelled at withTimeout's timer, the request beside it ends with the cancellation too: CAN-3 passes")
    func timeoutBesideRequest() async {
        let findings = await SkillConformance.check(for: "CAN-3").run(SkillUnderTest(tool: { TimedFetchTool(context: $0) }))
        #expect(findings.map(\.outcome) == [.passed], "\(findings.map(\.message))")
        #expect(findings.first?.observed.contains("sleep 30.0 seconds on the clock; GET https://api.weather.gov/alerts") == true)
    }
}

@Suite("Outputs compared whole")
struct WholeOutputTests {
    @Test("SEND-2 compares outputs whole: two that differ past their first 60 characters, at the same length, differ")
    func stressOutputsWhole() async {
        let findings = await SkillConformance.check(for: "SEND-2").run(SkillUnderTest(tool: NumberedTool()))
        #expect(findings.contains { $0.ruleID == "TOOL-5" && $0.outcome == .failed }, "\(findings.map(\.message))")
        #expect(!findings.contains { $0.ruleID == "SEND-2" && $0.outcome == .passed }, "\(findings.map(\.message))")
    }

    @Test("a result that shows the wall clock's time skips SEND-4 and SEND-5 (the orders have no reference), every run")
    func wallClockSkipsOrders() async {
        struct Clock: ToolSkill {
            let id = "clock"
            let name = "current_time"
            let description = "The time now."
            let inputSchema: JSON = ["type": "object"]
            var sampleArguments: [JSON] { [[:]] }
            // Seconds into the day: not an instant, which SEND-4 and SEND-5 read as the same in every order.
            func execute(arguments: Data) async throws -> String { "It is second \(Int(Date().timeIntervalSince1970) % 86_400) of the day" }
        }
        for rule in ["SEND-4", "SEND-5"] {
            let findings = await SkillConformance.check(for: rule).run(SkillUnderTest(tool: Clock()), limits: CheckLimits(schedules: 4))
            let own = findings.filter { $0.ruleID == rule }
            #expect(
                !own.isEmpty && own.allSatisfy { $0.outcome == .skipped(reason: ProbeFailure.nondeterministicReason) },
                "\(rule): \(own.map(\.message))")
        }
    }

    @Test("SEND-4 compares two requests' outputs whole with the orders they could have run in")
    func sharedOutputsWhole() async {
        let findings = await SkillConformance.check(for: "SEND-4").run(SkillUnderTest(NumberedSkill()), limits: CheckLimits(schedules: 4))
        #expect(!findings.contains { $0.outcome == .passed }, "\(findings.map(\.message))")
        #expect(
            SkillConformance.whole(.output(SkillOutput(summary: String(repeating: "a", count: 70) + "1")))
                != SkillConformance.whole(.output(SkillOutput(summary: String(repeating: "a", count: 70) + "2"))))
    }
}

@Suite("TOOL-4's arguments are generated from the schema")
struct InvalidArgumentsTests {
    static let schema: JSON = [
        "type": "object",
        "properties": [
            "city": ["type": "string"],
            "days": ["type": "integer"],
            "unit": ["type": "string", "enum": ["celsius", "fahrenheit"]],
            "start": ["type": "string", "format": "date-time"],
            "tags": ["type": "array", "items": ["type": "string"]],
        ],
        "required": ["city"],
        "additionalProperties": false,
    ]

    @Test("one case per way to break the schema, each naming its field, each rejected by the schema itself")
    func casesFromTheSchema() throws {
        let cases = InvalidArguments.cases(schema: Self.schema, fitting: [["city": "北京", "days": 3]])
        #expect(
            cases.map(\.name) == [
                "not JSON", "city missing", "city of the wrong type", "days of the wrong type", "start of the wrong type",
                "start not a date-time", "tags of the wrong type", "tags with an item of the wrong type", "unit of the wrong type",
                "unit outside its enum", "an unknown field",
            ])
        #expect(cases.first?.field == nil)
        #expect(cases.dropFirst().allSatisfy { $0.field != nil })
        #expect((try? JSON(parsing: Data(cases[0].text.utf8))) == nil, "not JSON: \(cases[0].text)")
        for invalid in cases.dropFirst() {
            let arguments = try JSON(parsing: Data(invalid.text.utf8))
            #expect(throws: SkillError.self, "\(invalid.name) fits the schema") { try JSONSchema.validate(arguments, against: Self.schema) }
        }
        // Starting from the sample that fits: days stays 3 where it is not the field being broken.
        #expect(cases.first { $0.name == "unit outside its enum" }?.text.contains(#""days":3"#) == true)
    }

    @Test(
        "a Pydantic Optional field (anyOf with null) and a model by $ref are broken inside: outside the enum, the wrong type, a field missing"
    )
    func casesInsideUnions() throws {
        let schema: JSON = [
            "type": "object",
            "properties": [
                "urls": ["type": "array", "items": ["type": "string"]],
                "extract_depth": ["anyOf": [["enum": ["basic", "advanced"], "type": "string"], ["type": "null"]], "default": "basic"],
                "author": ["$ref": "#/$defs/Author"],
            ],
            "required": ["urls"],
            "$defs": ["Author": ["type": "object", "properties": ["name": ["type": "string"]], "required": ["name"]]],
        ]
        let cases = InvalidArguments.cases(schema: schema, fitting: [["urls": ["https://example.com"]]])
        let names = cases.map(\.name)
        for name in [
            "extract_depth outside its enum", "extract_depth of the wrong type", "author.name missing", "author of the wrong type",
        ] {
            #expect(names.contains(name), "\(names)")
        }
        for invalid in cases.dropFirst() {
            let arguments = try JSON(parsing: Data(invalid.text.utf8))
            #expect(throws: SkillError.self, "\(invalid.name) fits the schema") { try JSONSchema.validate(arguments, against: schema) }
        }
    }

    @Test("a value just outside each stated bound is a case of its own, from the sample's value, and the schema refuses it")
    func boundCases() throws {
        let schema: JSON = [
            "type": "object",
            "properties": [
                "days": ["type": "integer", "minimum": 1, "maximum": 7],
                "share": ["type": "number", "exclusiveMinimum": 0],
                "query": ["type": "string", "minLength": 2, "maxLength": 5],
                "tags": ["type": "array", "items": ["type": "string"], "minItems": 1, "maxItems": 2],
            ],
            "required": ["query"],
        ]
        let cases = InvalidArguments.cases(schema: schema, fitting: [["query": "天气", "tags": ["work"]]]).filter(\.outsideConstraint)
        #expect(
            cases.map(\.name) == [
                "days below its minimum 1", "days above its maximum 7", "query shorter than its least length 2",
                "query longer than its most length 5", "share at its exclusive minimum 0", "tags with fewer than its least 1 items",
                "tags with more than its most 2 items",
            ])
        let values = try cases.map { try JSON(parsing: Data($0.text.utf8)) }
        #expect(
            values.map { $0[$0["days"] != nil ? "days" : $0["share"] != nil ? "share" : "query"] }.prefix(5).map { $0?.text } == [
                "0", "8", #""天""#, #""天气天气天气""#, "0",
            ])
        #expect(values[5]["tags"] == [] && values[6]["tags"] == ["work", "work", "work"])
        let formatted: JSON = [
            "type": "object",
            "properties": ["url": ["type": "string", "format": "uri"], "code": ["type": "string", "pattern": "^[A-Z]{3}$"]],
        ]
        let others = InvalidArguments.cases(schema: formatted, fitting: [["url": "https://example.com", "code": "USD"]])
            .filter(\.outsideConstraint)
        #expect(others.map(\.name) == ["code not matching its pattern", "url not a uri"])
        #expect(others.map(\.text) == [#"{"code":"","url":"https://example.com"}"#, #"{"code":"USD","url":"not a uri"}"#])
        for (invalid, arguments) in zip(cases, values) {
            #expect(throws: SkillError.self, "\(invalid.name) fits the schema") { try JSONSchema.validate(arguments, against: schema) }
        }
    }

    @Test("fields of a nested object are broken inside it and named by their path; the sample's own value is the start")
    func nestedObjects() throws {
        let schema: JSON = [
            "type": "object",
            "properties": [
                "city": ["type": "string"],
                "filter": [
                    "type": "object",
                    "properties": [
                        "tags": ["type": "array", "items": ["type": "string"]], "from": ["type": "string", "format": "date-time"],
                    ],
                    "required": ["tags"],
                    "additionalProperties": false,
                ],
            ],
            "required": ["city"],
        ]
        let cases = InvalidArguments.cases(schema: schema, fitting: [["city": "北京", "filter": ["tags": ["work"]]]])
        #expect(
            cases.map(\.name) == [
                "not JSON", "city missing", "city of the wrong type", "filter of the wrong type", "filter.tags missing",
                "filter.from of the wrong type", "filter.from not a date-time", "filter.tags of the wrong type",
                "filter.tags with an item of the wrong type", "an unknown field in filter",
            ])
        let byName = Dictionary(uniqueKeysWithValues: cases.map { ($0.name, $0) })
        #expect(byName["filter.tags with an item of the wrong type"]?.field == "filter.tags")
        #expect(byName["an unknown field in filter"]?.field == "filter.zq_skillcheck_unknown")
        let itemCase = try JSON(parsing: Data(try #require(byName["filter.from not a date-time"]).text.utf8))
        #expect(itemCase == ["city": "北京", "filter": ["tags": ["work"], "from": "明天下午三点"]])
        for invalid in cases.dropFirst() {
            #expect(throws: SkillError.self, "\(invalid.name) fits the schema") {
                try JSONSchema.validate(try JSON(parsing: Data(invalid.text.utf8)), against: schema)
            }
            // The schema's own reason names the field the case broke.
            do {
                try JSONSchema.validate(try JSON(parsing: Data(invalid.text.utf8)), against: schema)
            } catch {
                guard case .invalidInput(let reason)? = error as? SkillError, let field = invalid.field else { continue }
                #expect(reason.hasPrefix(field), "\(invalid.name): \(reason)")
            }
        }
        // A nested object the sample leaves out starts from one that fits the schema.
        let fromExample = InvalidArguments.cases(schema: schema, fitting: [["city": "北京"]])
        #expect(fromExample.map(\.name) == cases.map(\.name))
    }

    @Test("a schema that allows anything gives only text that is not JSON")
    func permissiveSchema() {
        let cases = InvalidArguments.cases(schema: ["type": "object"], fitting: [])
        #expect(cases.map(\.name) == ["not JSON"])
    }
}

@Suite("The TOOL rules on small tool skills")
struct ToolRuleTests {
    /// Echoes a city; how it decodes and what it answers is up to each test.
    struct EchoTool: ToolSkill {
        var id = "echo.tool"
        var name = "echo_city"
        var description = "Says the city back."
        var inputSchema: JSON = ["type": "object", "properties": ["city": ["type": "string"]], "required": ["city"]]
        var samples: [JSON]? = nil
        /// The reason it gives for arguments that do not fit; `nil`: decodeArguments's own.
        var reason: String? = nil
        var sampleArguments: [JSON] { samples ?? [JSONSchema.example(for: inputSchema)] }

        struct Arguments: Decodable { let city: String }

        func execute(arguments: Data) async throws -> String {
            do {
                return try decodeArguments(Arguments.self, from: arguments).city
            } catch {
                throw reason.map(SkillError.invalidInput) ?? error
            }
        }
    }

    /// A forecast tool whose schema says 1 to 7 days: it decodes with decodeArguments, clamps, or takes the
    /// value and fails with an error of its own.
    struct ForecastTool: ToolSkill {
        enum Handling: Sendable { case decodeArguments, clamp, ownError }
        var handling: Handling
        var id: String { "forecast" }
        var name: String { "forecast" }
        var description: String { "The forecast for the next days." }
        var inputSchema: JSON {
            ["type": "object", "properties": ["days": ["type": "integer", "minimum": 1, "maximum": 7]], "required": ["days"]]
        }
        var sampleArguments: [JSON] { [["days": 3]] }

        struct Arguments: Decodable { let days: Int }
        struct NoSuchDay: Error {}

        func execute(arguments: Data) async throws -> String {
            switch handling {
            case .decodeArguments:
                return "\(try decodeArguments(Arguments.self, from: arguments).days) days"
            case .clamp, .ownError:
                guard
                    let days = (try? JSON(parsing: arguments))?["days"].flatMap({
                        if case .number(let n) = $0 { Int(exactly: n) } else { nil }
                    })
                else { throw SkillError.invalidInput("days: expected an integer") }
                if handling == .ownError, !(1...7).contains(days) { throw NoSuchDay() }
                return "\(min(max(days, 1), 7)) days"
            }
        }
    }

    @Test("TOOL-4 just outside a bound: refused passes, a result warns, another error fails")
    func outsideABound() async {
        func outcomes(_ handling: ForecastTool.Handling) async -> [Finding.Outcome] {
            await SkillConformance.check(for: "TOOL-4").run(SkillUnderTest(tool: ForecastTool(handling: handling)))
                .filter { $0.subject.contains("its minimum") || $0.subject.contains("its maximum") }.map(\.outcome)
        }
        #expect(await outcomes(.decodeArguments) == [.passed, .passed])
        #expect(await outcomes(.clamp) == [.warning, .warning])
        #expect(await outcomes(.ownError) == [.failed, .failed])
        let clamped = await SkillConformance.check(for: "TOOL-4").run(SkillUnderTest(tool: ForecastTool(handling: .clamp)))
        #expect(clamped.contains { $0.outcome == .warning && $0.observed.contains("a provider's variant may not send this constraint") })
    }

    @Test("TOOL-8 leaves a bound a strict variant does not send to TOOL-4: decodeArguments refusing share 1.5 is no disagreement")
    func droppedBoundIsNotADisagreement() async {
        let schema: JSON = [
            "type": "object", "properties": ["city": ["type": "string"], "share": ["type": "number", "minimum": 0, "maximum": 1]],
            "required": ["city"],
        ]
        let tool = EchoTool(inputSchema: schema, samples: [["city": "北京", "share": 1]])
        let findings = await SkillConformance.check(for: "TOOL-8").run(SkillUnderTest(tool: tool))
        #expect(!findings.isEmpty && findings.allSatisfy { $0.outcome == .passed }, "\(findings.map(\.message))")
        #expect(
            findings.contains { $0.observed.contains("break a bound, pattern or format of inputSchema that this variant does not send") })
    }

    /// Reads the reply as text first, as a port of an HTML fetcher does; a force-unwrap here would trap.
    struct PageTool: ToolSkill {
        struct NotText: Error {}
        let context: SkillContext
        var id: String { "page" }
        var name: String { "page" }
        var description: String { "The text of a page." }
        var inputSchema: JSON { ["type": "object", "properties": ["url": ["type": "string"]], "required": ["url"]] }
        var sampleArguments: [JSON] { [["url": "https://example.com"]] }

        func execute(arguments: Data) async throws -> String {
            let response: NetworkResponse
            do {
                response = try await context.networkService.send(NetworkRequest(url: URL(string: "https://example.com")!))
            } catch let error as NetworkError {
                throw SkillError.executionFailed("\(error)")
            }
            guard response.isSuccess else { throw SkillError.executionFailed("HTTP \(response.status)") }
            // Where a port would write `String(data: response.body, encoding: .utf8)!`: an error of its own shows it was reached.
            guard let text = String(data: response.body, encoding: .utf8) else { throw NotText() }
            guard (try? JSON(parsing: Data(text.utf8))) != nil else { throw SkillError.executionFailed("the page is not JSON") }
            return text
        }
    }

    @Test("ERR-1's malformed payload is not UTF-8 either: a tool that force-unwraps the text of a reply traps on it")
    func malformedPayloadIsNotText() async throws {
        let fault = try #require(InjectedFault.all.first { $0.name == "malformed payload" })
        let network = FakeNetworkService()
        fault.setUp(InMemoryDataStore(), network)
        let body = try await network.send(NetworkRequest(url: URL(string: "https://example.com")!)).body
        #expect(String(data: body, encoding: .utf8) == nil && (try? JSON(parsing: body)) == nil)
        // Only the malformed payload reaches the text branch: the other faults end in a SkillError before it.
        let findings = await SkillConformance.check(for: "ERR-1").run(SkillUnderTest(tool: { PageTool(context: $0) }))
        #expect(findings.filter { $0.outcome == .failed }.map(\.subject).allSatisfy { $0.hasPrefix("malformed payload") })
        #expect(findings.first { $0.outcome == .failed }?.observed.contains("NotText") == true, "\(findings.map(\.message))")
    }

    /// Needs a flight that another tool sets on a process-wide singleton; in a fresh process it has none.
    struct SeatTool: ToolSkill {
        struct FlightNumberRequired: Error {}
        var id: String { "seat" }
        var name: String { "update_seat" }
        var description: String { "Moves the passenger to another seat." }
        var inputSchema: JSON { ["type": "object", "properties": ["seat": ["type": "string"]], "required": ["seat"]] }
        var sampleArguments: [JSON] { [["seat": "23A"]] }
        func execute(arguments: Data) async throws -> String {
            _ = try decodeArguments([String: String].self, from: arguments)
            throw FlightNumberRequired()
        }
    }

    @Test("a tool whose own sample ends in a raw error with nothing injected fails ERR-1, though it does no I/O")
    func rawErrorWithNothingInjected() async {
        let findings = await SkillConformance.check(for: "ERR-1").run(SkillUnderTest(tool: SeatTool()))
        #expect(findings.map(\.outcome) == [.failed], "\(findings.map(\.message))")
        #expect(findings.first?.subject.hasPrefix("working fakes, nothing injected") == true)
        #expect(findings.first?.observed.contains("FlightNumberRequired") == true)
        // A tool that answers stays not applicable: nothing to inject into, nothing thrown.
        #expect(await SkillConformance.check(for: "ERR-1").run(SkillUnderTest(tool: EchoTool())).map(\.outcome) == [.notApplicable])
    }

    @Test("a tool with no sample arguments fails TOOL-3; the rules that run samples are skipped, naming TOOL-3")
    func noSamples() async {
        let skill = SkillUnderTest(tool: EchoTool(samples: []))
        #expect(await SkillConformance.check(for: "TOOL-3").run(skill).map(\.outcome) == [.failed])
        for rule in ["SEND-2", "CAN-1", "HANG-1", "ERR-1", "TIME-1", "TOOL-5", "TOOL-6"] {
            let findings = await SkillConformance.check(for: rule).run(skill)
            guard case .skipped(let reason)? = findings.first?.outcome, findings.count == 1 else {
                Issue.record("\(rule): \(findings.map(\.message))")
                continue
            }
            #expect(reason.contains("TOOL-3") && reason.contains("sampleArguments"), "\(rule): \(reason)")
        }
    }

    @Test("a sample that does not fit the schema fails TOOL-3, saying where")
    func sampleOutsideTheSchema() async {
        let findings = await SkillConformance.check(for: "TOOL-3").run(SkillUnderTest(tool: EchoTool(samples: [["town": "北京"]])))
        #expect(findings.map(\.outcome) == [.failed])
        #expect(findings.first?.observed.contains("city: is required") == true, "\(findings.map(\.message))")
    }

    @Test("an invalidInput whose reason names no field fails TOOL-4")
    func reasonWithoutField() async {
        let findings = await SkillConformance.check(for: "TOOL-4").run(SkillUnderTest(tool: EchoTool(reason: "bad arguments")))
        let failed = findings.filter { $0.outcome == .failed }
        #expect(failed.map(\.subject).map { $0.components(separatedBy: ":")[0] } == ["city missing", "city of the wrong type"])
        #expect(failed.allSatisfy { $0.observed.contains(#"does not name "city""#) })
        // Text that is not JSON has no field to name.
        #expect(findings.contains { $0.subject.hasPrefix("not JSON") && $0.outcome == .passed })
    }

    @Test("a name with a dot or in Chinese, or an empty description, fails TOOL-1, saying what is wrong")
    func names() async {
        for (name, odd) in [("weather.query", "\".\""), ("查天气", "\"查\""), ("", "empty")] {
            let findings = await SkillConformance.check(for: "TOOL-1").run(SkillUnderTest(tool: EchoTool(name: name)))
            let nameFinding = findings.first { $0.subject == "name" }
            #expect(nameFinding?.outcome == .failed && nameFinding?.observed.contains(odd) == true, "\(name): \(findings.map(\.message))")
        }
        let long = await SkillConformance.check(for: "TOOL-1").run(SkillUnderTest(tool: EchoTool(name: String(repeating: "a", count: 65))))
        #expect(long.first { $0.subject == "name" }?.outcome == .failed)
        let blank = await SkillConformance.check(for: "TOOL-1").run(SkillUnderTest(tool: EchoTool(description: " ")))
        #expect(blank.map(\.outcome) == [.passed, .failed])
    }

    @Test("each schema problem fails TOOL-2 at its JSON pointer")
    func schemaProblems() async {
        let schema: JSON = ["type": "object", "properties": ["city": ["type": "strng"]], "requird": ["city"]]
        let findings = await SkillConformance.check(for: "TOOL-2").run(
            SkillUnderTest(tool: EchoTool(inputSchema: schema, samples: [["city": "x"]])))
        #expect(findings.map(\.outcome) == [.failed, .failed])
        #expect(findings.map(\.subject) == ["inputSchema at /requird", "inputSchema at /properties/city/type"])
    }

    @Test("the rules of one kind report notApplicable for the other, naming the rule that covers it")
    func kinds() async {
        let tool = SkillUnderTest(tool: EchoTool())
        for rule in ["META-3", "META-4", "ERR-2", "TIME-2"] {
            let findings = await SkillConformance.check(for: rule).run(tool)
            #expect(findings.map(\.outcome) == [.notApplicable], "\(rule)")
        }
        #expect(await SkillConformance.check(for: "TIME-2").run(tool).first?.observed.contains("TOOL-5") == true)
        let agent = SkillUnderTest(EchoSkill())
        for rule in ["TOOL-1", "TOOL-4", "TOOL-6"] {
            let findings = await SkillConformance.check(for: rule).run(agent)
            #expect(findings.map(\.outcome) == [.notApplicable], "\(rule)")
            #expect(findings.first?.observed.contains("AgentSkill") == true)
        }
    }

    @Test("a tool skill made from the check's context works on its fakes and virtual clock")
    func madeFromTheContext() async {
        struct Clocked: ToolSkill {
            let id = "clocked"
            let name = "what_time"
            let description = "The time now."
            let inputSchema: JSON = ["type": "object"]
            let context: SkillContext
            func execute(arguments: Data) async throws -> String {
                try await context.clock.sleep(for: .seconds(5))
                return "\(context.now.timeIntervalSince1970)"
            }
        }
        let skill = SkillUnderTest(tool: { context in Clocked(context: context) })
        // A real sleep would fail TIME-1; five virtual seconds take no real time, and run the same twice.
        #expect(await SkillConformance.check(for: "TIME-1").run(skill).map(\.outcome) == [.passed])
        #expect(await SkillConformance.check(for: "TOOL-5").run(skill).map(\.outcome) == [.passed])
    }

    @Test("TOOL-5 quotes two long results where they differ, not their common start twice")
    func differingResultsShowWhereTheyDiffer() async throws {
        struct Stamped: ToolSkill {
            let id = "stamped"
            let name = "time_report"
            let description = "The time in New York."
            let inputSchema: JSON = ["type": "object"]
            func execute(arguments: Data) async throws -> String {
                // The wall clock, which the check moves on between its two runs.
                "{\"report\":\"The current time in New York is \(Int(Date().timeIntervalSince1970))\"}"
            }
        }
        let findings = await SkillConformance.check(for: "TOOL-5").run(SkillUnderTest(tool: Stamped()))
        let failed = try #require(findings.first { $0.outcome == .failed })
        #expect(!failed.observed.contains("The current time in New York is"), "\(failed.observed)")
        // How much of the common start is kept depends on which digit of the two times differs first (the wall clock's):
        // some of the words before the number, never all of them.
        #expect(failed.observed.contains("York is "), "\(failed.observed)")
    }
}
