import BundledBrokenSkills
import Foundation
import SkillKit
import Testing

@testable import SkillConformance

/// The checks act at every await of a run, reach a skill's work through derived samples, and read real
/// time in a skill's source.
@Suite("Every await, samples that reach the work, real time in the source")
struct AwaitProbeTests {
    @Test("CAN-4 names the await it cancelled at and what the skill did next")
    func namesThePoint() async {
        let findings = await SkillConformance.check(for: "CAN-4").run(SkillUnderTest(WeatherMemoSkill()))
        let failure = findings.first { $0.outcome == .failed }
        #expect(failure?.subject.hasPrefix("cancelled while awaiting operation 1 of 2 (GET ") == true, "\(findings.map(\.message))")
        #expect(failure?.observed.hasPrefix("the skill then wrote to storage (save notes/") == true, "\(findings.map(\.message))")
        // Reached through a derived sample: the keyword alone is turned away before any I/O.
        #expect(failure?.subject.contains("\"备忘 明天下午三点和团队开会\"") == true)
    }

    @Test("a mistake at the second await is found; the first await alone passes")
    func secondAwait() async {
        let findings = await SkillConformance.check(for: "CAN-3").run(SkillUnderTest(SavedForecastSkill()))
        let failed = findings.filter { $0.outcome == .failed }
        #expect(
            !failed.isEmpty && failed.allSatisfy { $0.subject.contains("operation 2 of 2 (save forecasts/beijing)") },
            "\(findings.map(\.message))")
        let faults = await SkillConformance.check(for: "ERR-1").run(SkillUnderTest(CommuteWeatherSkill()))
        #expect(faults.contains { $0.outcome == .failed && $0.subject.contains("operation 2 of 2") })
        #expect(!faults.contains { $0.outcome == .failed && $0.subject.contains("operation 1 of 2") })
    }

    @Test("ERR-1 judges what a retry loop throws once it gives up: an outage that lasts, where a fault at one request is retried away")
    func lastingOutage() async {
        let faults = await SkillConformance.check(for: "ERR-1").run(SkillUnderTest(PatientWeatherSkill()))
        let failed = faults.filter { $0.outcome == .failed }
        #expect(!failed.isEmpty, "\(faults.map(\.message))")
        #expect(
            failed.allSatisfy {
                $0.subject.contains("at every request from operation 1 of 1") && $0.subject.contains("an outage that lasts")
            },
            "\(faults.map(\.message))")
        #expect(failed.contains { $0.subject.hasPrefix("offline") && $0.observed.contains("NetworkError") }, "\(faults.map(\.message))")
    }

    @Test("ERR-1 tries an outage that starts at a later request: the first request's failure is mapped, the retried second's is not")
    func outageFromALaterRequest() async {
        let faults = await SkillConformance.check(for: "ERR-1").run(SkillUnderTest(GeocodedWeatherSkill()))
        let failed = faults.filter { $0.outcome == .failed }
        // Offline at the lookup is mapped; offline from the weather request on, retried once, lets NetworkError through.
        #expect(
            failed.contains {
                $0.subject.hasPrefix("offline at every request from operation 2 of 2") && $0.observed.contains("NetworkError")
            }, "\(faults.map(\.message))")
        #expect(failed.allSatisfy { $0.subject.contains("(an outage that lasts)") }, "\(faults.map(\.message))")
    }

    @Test("ERR-1 answers a request with JSON of another shape: a skill that screens out unreadable bytes and decodes the rest bare fails")
    func otherShape() async {
        let faults = await SkillConformance.check(for: "ERR-1").run(SkillUnderTest(ScreeningWeatherSkill()))
        let failed = faults.filter { $0.outcome == .failed }
        #expect(
            failed.contains {
                $0.subject.hasPrefix("a 200 with JSON of another shape ({}) at operation 1 of 1") && $0.observed.contains("DecodingError")
            },
            "\(faults.map(\.message))")
        // The malformed body it screens out is mapped, and its own document is never tried as a fault.
        #expect(!failed.contains { $0.subject.hasPrefix("malformed payload") }, "\(faults.map(\.message))")
        #expect(!faults.contains { $0.subject.contains("(an object with other fields)") }, "\(faults.map(\.message))")
    }

    @Test("ERR-1 warns when every request failed and the skill still answered as if it worked: the user is told it was done")
    func unchangedAnswerUnderOutage() async {
        let faults = await SkillConformance.check(for: "ERR-1").run(SkillUnderTest(LightSkill()))
        let warnings = faults.filter { $0.outcome == .warning }
        #expect(
            warnings.contains {
                $0.subject.hasPrefix("offline at every request from operation 1 of 1")
                    && $0.observed.contains(
                        "every request failed, yet the skill answered exactly as when they worked (\"Turned on the kitchen light\")")
            }, "\(faults.map(\.message))")
        #expect(!faults.contains { $0.outcome == .failed }, "\(faults.map(\.message))")
    }

    @Test("ERR-1 does not warn when the working run's answer already says it failed: the person is told, in both runs")
    func unchangedFailureAnswer() async {
        let faults = await SkillConformance.check(for: "ERR-1").run(SkillUnderTest(HelpDeskSkill()))
        #expect(!faults.contains { $0.outcome == .warning || $0.outcome == .failed }, "\(faults.map(\.message))")
        #expect(faults.contains { $0.outcome == .passed && $0.subject.hasPrefix("offline") }, "\(faults.map(\.message))")
        #expect(SkillConformance.saysItFailed("无法获取北京的天气"))
        #expect(!SkillConformance.saysItFailed("Saved the terror movie list, no problematic entries"))
        #expect(!SkillConformance.saysItFailed("Imported 12 contacts with no errors"))
    }

    @Test("a run with more awaits than are probed says so")
    func manyAwaits() async {
        let findings = await SkillConformance.check(for: "CAN-3").run(SkillUnderTest(ManySleepsSkill()))
        #expect(
            findings.contains { $0.outcome == .passed && $0.observed.contains("the run had 40; the first 32 were probed") },
            "\(findings.map(\.message))")
    }

    @Test("when no sample gets past the input checks, the run rules say so and META-8 warns")
    func nothingReachesTheWork() async {
        let subject = SkillUnderTest(InviteSkill())
        let warning = await SkillConformance.check(for: "META-8").run(subject)
        #expect(warning.map(\.outcome) == [.warning])
        for rule in ["CAN-2", "ERR-1", "TIME-2"] {
            let findings = await SkillConformance.check(for: rule).run(subject)
            #expect(
                findings.allSatisfy { if case .skipped(let reason) = $0.outcome { reason.contains("(META-8 warns)") } else { false } },
                "\(rule): \(findings.map(\.message))")
        }
        // A skill that does no I/O at all still reaches its work: it is judged, not warned about.
        let pure = await SkillConformance.check(for: "META-8").run(SkillUnderTest(ShoutSkill()))
        #expect(pure.map(\.outcome) == [.passed])
        let cancel = await SkillConformance.check(for: "CAN-3").run(SkillUnderTest(ShoutSkill()))
        #expect(cancel.map(\.outcome) == [.notApplicable])
    }

    @Test(
        "derived samples follow the keyword's script",
        arguments: [
            ("记一下", ["记一下", "记一下 明天下午三点和团队开会", "请帮我记一下：明天下午三点开会", "记一下 200", "北京记一下"]),
            (
                "note",
                [
                    "note", "note buy milk and eggs tomorrow", "please note this for me: team meeting at 3 tomorrow", "note 200",
                    "note in London",
                ]
            ),
        ])
    func derivedShapes(_ keyword: String, _ expected: [String]) {
        #expect(SampleDerivation.candidates(keywords: [keyword]) { _ in true } == expected)
        #expect(SampleDerivation.candidates(keywords: [keyword]) { $0.count < 10 } == expected.filter { $0.count < 10 })
    }

    @Test("real time, ids and randomness in the source, outside comments and strings, not through the context")
    func realTimeInSource() {
        let source = """
            let a = Date()                      // Date() in a comment is not one
            let b = "Date() in a string"
            let c = Date(timeIntervalSince1970: 0)
            try await Task.sleep(for: .seconds(1), clock: context.clock)
            let d = Int.random(in: 0..<6, using: &generator)
            let e = UUID(); let f = Bool.random()
            try await Task.sleep(nanoseconds: 1)
            let g = ContinuousClock.now
            let h = entries.filter { Calendar.current.isDateInToday($0.at) }; let i = due.timeIntervalSinceNow
            """
        let uses = RealTimeUse.scan(source, file: "S.swift")
        #expect(
            uses.map { "\($0.line):\($0.kind.rawValue)" } == [
                "1:Date()", "6:UUID()", "6:.random", "7:Task.sleep", "8:ContinuousClock",
                "9:isDateInToday/timeIntervalSinceNow", "9:isDateInToday/timeIntervalSinceNow",
            ])
    }

    @Test("an interpolation is code: Date() in it is found, with its line and column; the string around it is not")
    func realTimeInInterpolation() {
        let source = ##"""
            let a = "It is \(formatter.string(from: Date()))."
            let b = "Date() \("nested Date() string") \(UUID())"
            let c = #"raw \(Date()) \#(Date.now)"#
            let d = """
                today: \(Calendar.current.isDate(Date(), inSameDayAs: day))
                """
            let e = "\\(Date())"
            """##
        let uses = RealTimeUse.scan(source, file: "S.swift")
        #expect(
            uses.map { "\($0.line):\($0.column):\($0.kind.rawValue)" } == ["1:41:Date()", "2:45:UUID()", "3:28:Date.now", "5:38:Date()"])
    }
}

/// Sleeps forty times: more awaits than are probed one by one.
private struct ManySleepsSkill: AgentSkill {
    let id = "many-sleeps"
    let displayName = "Many sleeps"
    let description = "Counts to forty, a second at a time."
    let keywords = ["count"]

    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        for _ in 0..<40 { try await context.clock.sleep(for: .seconds(1)) }
        return SkillOutput(summary: "40")
    }
}

/// Does no I/O at all: a formatter.
private struct ShoutSkill: AgentSkill {
    let id = "shout"
    let displayName = "Shout"
    let description = "Says the text back in capitals."
    let keywords = ["shout"]

    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        SkillOutput(summary: input.rawText.uppercased())
    }
}

/// Retries a failed request twice, a second apart on the context's clock, then lets the last error through as it
/// came: one failed request is retried away, and only an outage that lasts shows the raw error.
private struct PatientWeatherSkill: WeatherFixture {
    let id = "patient-weather"

    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        var attempt = 0
        while true {
            do {
                let weather = try await context.networkService.fetchWeather(city: "Paris")
                return SkillOutput(summary: "\(weather.temperature)°C，\(weather.condition)")
            } catch is CancellationError {
                throw CancellationError()
            } catch  where attempt < 2 {
                attempt += 1
                try await context.clock.sleep(for: .seconds(1))
            }
        }
    }
}

/// Looks the city up, mapping that request's failure, then asks for its weather twice before it lets the error through:
/// a fault at either one request is mapped or retried away, and an outage from the first request on is the lookup's.
private struct GeocodedWeatherSkill: WeatherFixture {
    let id = "geocoded-weather"

    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        let lookup = NetworkRequest(method: .get, url: URL(string: "https://geo.example.com/v1/search?name=Paris")!)
        do {
            _ = try await context.networkService.send(lookup)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw SkillError.executionFailed("The city could not be looked up.")
        }
        do {
            let weather = try await context.networkService.fetchWeather(city: "Paris")
            return SkillOutput(summary: "\(weather.temperature)°C，\(weather.condition)")
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            let weather = try await context.networkService.fetchWeather(city: "Paris")
            return SkillOutput(summary: "\(weather.temperature)°C，\(weather.condition)")
        }
    }
}

/// Screens out a body that is not JSON, then decodes the weather with a bare `try`: a 200 with JSON of another shape
/// gets the decoder's error through.
private struct ScreeningWeatherSkill: WeatherFixture {
    let id = "screening-weather"

    private struct Weather: Decodable {
        var temperature: Double
        var condition: String
    }

    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        let response = try await sendParisWeatherRequest(context.networkService)
        guard (try? JSONSerialization.jsonObject(with: response.body)) != nil else {
            throw SkillError.executionFailed("The weather service sent something unreadable.")
        }
        let weather = try JSONDecoder().decode(Weather.self, from: response.body)
        return SkillOutput(summary: "\(weather.temperature)°C, \(weather.condition)")
    }
}

/// Turns a light on with a request it never reads the answer of, as a service call left to the background does: it says
/// the light is on whatever happened.
private struct LightSkill: AgentSkill {
    let id = "light"
    let displayName = "Lights"
    let description = "Turns on a light, such as turn on the kitchen light."
    let keywords = ["turn on"]
    var samples: SkillSamples { SkillSamples(handled: ["turn on the kitchen light"], unhandled: ["note this"]) }

    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        let request = NetworkRequest(method: .post, url: URL(string: "http://homeassistant.local:8123/api/services/light/turn_on")!)
        _ = try? await context.networkService.send(request)
        try Task.checkCancellation()
        return SkillOutput(summary: "Turned on the kitchen light")
    }
}

/// Opens a help desk ticket, and answers that it could not unless the desk says it accepted it in a header the kit's
/// replies never carry: its working run answers the same apology as an outage does.
private struct HelpDeskSkill: AgentSkill {
    let id = "help-desk"
    let displayName = "Help desk"
    let description = "Opens a help desk ticket, such as open a ticket about the printer."
    let keywords = ["ticket"]
    var samples: SkillSamples { SkillSamples(handled: ["open a ticket about the printer"], unhandled: ["note this"]) }

    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        let request = NetworkRequest(method: .post, url: URL(string: "https://desk.example.com/api/tickets")!)
        let response = try? await context.networkService.send(request)
        try Task.checkCancellation()
        guard response?.headers["X-Ticket-Accepted"] == "yes" else {
            return SkillOutput(summary: "Sorry, the help desk could not take your ticket. Please try again later.")
        }
        return SkillOutput(summary: "Opened a ticket about the printer")
    }
}
