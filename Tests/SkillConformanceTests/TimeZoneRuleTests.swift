import Foundation
import SkillConformance
import SkillKit
import Testing

/// Tells the time of `context.now` with a formatter left in the machine's zone: the same every run here, another
/// answer on a machine elsewhere.
private struct LocalTimeSkill: AgentSkill {
    let id = "local-time"
    let displayName = "Local time"
    let description = "Tells the time, such as what time is it."
    let keywords = ["time"]
    var samples: SkillSamples { SkillSamples(handled: ["what time is it"], unhandled: ["天气"]) }

    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return SkillOutput(summary: "It is \(formatter.string(from: context.now)).")
    }
}

/// The same in a zone it is given: the same answer wherever it runs.
private struct UTCTimeSkill: AgentSkill {
    let id = "utc-time"
    let displayName = "UTC time"
    let description = "Tells the time in UTC, such as what time is it."
    let keywords = ["time"]
    var samples: SkillSamples { SkillSamples(handled: ["what time is it"], unhandled: ["天气"]) }

    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        formatter.timeZone = TimeZone(identifier: "UTC")
        return SkillOutput(summary: "It is \(formatter.string(from: context.now)) UTC.")
    }
}

/// The time of `context.now` in the machine's zone, with that zone's offset (`2025-12-31T20:30:00.000-03:30`): the same
/// instant wherever it runs.
private struct OffsetTimeSkill: AgentSkill {
    let id = "offset-time"
    let displayName = "Time"
    let description = "Tells the time, such as what time is it."
    let keywords = ["time"]
    var samples: SkillSamples { SkillSamples(handled: ["what time is it"], unhandled: ["天气"]) }

    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss.SSSZZZZZ"
        return SkillOutput(summary: "It is \(formatter.string(from: context.now)).")
    }
}

/// The day of the week, from the machine's calendar: a tool.
private struct WeekdayTool: ToolSkill {
    let id = "weekday"
    let name = "weekday"
    let description = "The day of the week today."
    let inputSchema: JSON = ["type": "object"]
    var sampleArguments: [JSON] { [[:]] }
    let context: SkillContext
    func execute(arguments: Data) async throws -> String {
        "weekday \(Calendar.current.component(.weekday, from: context.now))"
    }
}

/// A time zone is the process's: each test moves it in a process of its own (an exit test), as the case isolation
/// of `swift test` and `skillcheck`'s harness give TIME-2 and TOOL-5, never in this test process.
@Suite("TIME-2 and TOOL-5 in another time zone")
struct TimeZoneRuleTests {
    @available(SkillCheckTesting, *)
    @Test("a time formatted in the machine's zone is a TIME-2 warning that names both zones and both answers")
    func machineZone() async {
        // Issues recorded in the exit test's process reach this test.
        await #expect(processExitsWith: .success) {
            setenv("SKILLCHECK_TIME_ZONES", "move", 1)
            setenv("TZ", "UTC", 1)
            let findings = await SkillConformance.check(for: "TIME-2").run(SkillUnderTest(LocalTimeSkill()))
            let all = findings.map(\.message).joined(separator: "\n")
            let warning = findings.first { $0.outcome == .warning }
            #expect(warning?.subject == "input \"what time is it\", run again in another time zone", "\(all)")
            #expect(warning?.observed.contains("(this machine's zone) then in America/St_Johns: /output/summary: ") == true, "\(all)")
            #expect(warning?.observed.contains("2026-01-01 00:00.\" then \"") == true, "\(all)")
            #expect(warning?.observed.contains("2025-12-31 20:30.\"") == true, "\(all)")
            // The same twice here: the runs that compared it with itself passed.
            #expect(findings.contains { $0.outcome == .passed && $0.subject.hasSuffix("run twice") }, "\(all)")
        }
    }

    @available(SkillCheckTesting, *)
    @Test("a time formatted in a zone the skill chose passes TIME-2, saying it was tried in another zone")
    func chosenZone() async {
        await #expect(processExitsWith: .success) {
            setenv("SKILLCHECK_TIME_ZONES", "move", 1)
            setenv("TZ", "UTC", 1)
            let findings = await SkillConformance.check(for: "TIME-2").run(SkillUnderTest(UTCTimeSkill()))
            let all = findings.map(\.message).joined(separator: "\n")
            #expect(findings.map(\.outcome) == [.passed], "\(all)")
            #expect(findings.first?.observed == "the same, and the same again in America/St_Johns", "\(all)")
        }
    }

    @available(SkillCheckTesting, *)
    @Test("a time written with the machine's offset is the same instant in every zone: TIME-2 passes it")
    func offsetTime() async {
        await #expect(processExitsWith: .success) {
            setenv("SKILLCHECK_TIME_ZONES", "move", 1)
            setenv("TZ", "UTC", 1)
            let findings = await SkillConformance.check(for: "TIME-2").run(SkillUnderTest(OffsetTimeSkill()))
            let all = findings.map(\.message).joined(separator: "\n")
            #expect(findings.map(\.outcome) == [.passed], "\(all)")
            #expect(findings.first?.observed == "the same, and the same again in America/St_Johns", "\(all)")
        }
    }

    @available(SkillCheckTesting, *)
    @Test("a tool that reads the machine's calendar gets a TOOL-5 warning, not a failure: its answer is right for that machine")
    func toolWarns() async {
        await #expect(processExitsWith: .success) {
            setenv("SKILLCHECK_TIME_ZONES", "move", 1)
            setenv("TZ", "UTC", 1)
            let findings = await SkillConformance.check(for: "TOOL-5").run(SkillUnderTest(tool: { WeekdayTool(context: $0) }))
            let all = findings.map(\.message).joined(separator: "\n")
            #expect(
                findings.contains { $0.outcome == .warning && $0.observed.contains("5\" then \"") && $0.observed.contains("4\"") }, "\(all)"
            )
            #expect(!findings.contains { $0.outcome == .failed }, "\(all)")
        }
    }

    @available(SkillCheckTesting, *)
    @Test("outside a process of its own the zone is never moved: the check compares the two runs only")
    func notAlone() async {
        let findings = await SkillConformance.check(for: "TIME-2").run(SkillUnderTest(LocalTimeSkill()))
        #expect(findings.map(\.outcome) == [.passed])
        #expect(findings.first?.observed == "the same")
    }
}
