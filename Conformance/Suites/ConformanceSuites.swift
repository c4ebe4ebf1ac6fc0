// The Conformance suites: one parameterized test per rule, one case per skill under test, each test named
// by its rule id so that `swift test --filter META-4` runs exactly that rule. The skills come from
// `SkillsUnderTest` (Conformance/Subjects): this package checks its reference skills; the harness
// `skillcheck` generates supplies its own. Rules without a check yet are disabled, and say so.
import SkillConformance
import SkillConformanceTesting
import Testing

@Suite("Conformance: Sendable safety")
struct SendableConformance {
    @Test(arguments: SkillsUnderTest.cases("SEND-1"))
    func `SEND-1 the skill and its stored properties are Sendable`(_ c: ConformanceCase) async {
        await c.expectPasses(baseline: SkillsUnderTest.baseline)
    }

    @Test(arguments: SkillsUnderTest.cases("SEND-2"))
    func `SEND-2 concurrent execute calls are race-free`(_ c: ConformanceCase) async {
        await c.expectPasses(baseline: SkillsUnderTest.baseline)
    }

    @Test(arguments: SkillsUnderTest.cases("SEND-4"))
    func `SEND-4 two requests at once end as one of the one-at-a-time orders`(_ c: ConformanceCase) async {
        await c.expectPasses(baseline: SkillsUnderTest.baseline)
    }

    @Test(arguments: SkillsUnderTest.cases("SEND-5"))
    func `SEND-5 a request's result does not depend on the order its parts finish`(_ c: ConformanceCase) async {
        await c.expectPasses(baseline: SkillsUnderTest.baseline)
    }

    @Test(arguments: SkillsUnderTest.cases("SEND-3"))
    func `SEND-3 escape hatches are listed and each needs SEND-2`(_ c: ConformanceCase) async {
        await c.expectPasses(baseline: SkillsUnderTest.baseline)
    }
}

@Suite("Conformance: cancellation")
struct CancellationConformance {
    @Test(arguments: SkillsUnderTest.cases("CAN-1"))
    func `CAN-1 cancelled before it starts, no side effects`(_ c: ConformanceCase) async {
        await c.expectPasses(baseline: SkillsUnderTest.baseline)
    }

    @Test(arguments: SkillsUnderTest.cases("CAN-2"))
    func `CAN-2 cancelled while awaiting, ends within bounded virtual time`(_ c: ConformanceCase) async {
        await c.expectPasses(baseline: SkillsUnderTest.baseline)
    }

    @Test(arguments: SkillsUnderTest.cases("CAN-3"))
    func `CAN-3 cancelled, throws CancellationError`(_ c: ConformanceCase) async {
        await c.expectPasses(baseline: SkillsUnderTest.baseline)
    }

    @Test(arguments: SkillsUnderTest.cases("CAN-4"))
    func `CAN-4 after cancellation, no write and no call`(_ c: ConformanceCase) async {
        await c.expectPasses(baseline: SkillsUnderTest.baseline)
    }
}

@Suite("Conformance: hangs")
struct HangConformance {
    @Test(arguments: SkillsUnderTest.cases("HANG-1"))
    func `HANG-1 never left suspended with nothing to resume it`(_ c: ConformanceCase) async {
        await c.expectPasses(baseline: SkillsUnderTest.baseline)
    }
}

@Suite("Conformance: error mapping")
struct ErrorConformance {
    @Test(arguments: SkillsUnderTest.cases("ERR-1"))
    func `ERR-1 injected faults give SkillError or CancellationError`(_ c: ConformanceCase) async {
        await c.expectPasses(baseline: SkillsUnderTest.baseline)
    }

    @Test(arguments: SkillsUnderTest.cases("ERR-2"))
    func `ERR-2 invalid inputs give invalidInput or an output`(_ c: ConformanceCase) async {
        await c.expectPasses(baseline: SkillsUnderTest.baseline)
    }

    @Test(arguments: SkillsUnderTest.cases("ERR-3"))
    func `ERR-3 every SkillError has a readable reason`(_ c: ConformanceCase) async {
        await c.expectPasses(baseline: SkillsUnderTest.baseline)
    }
}

@Suite("Conformance: metadata and routing")
struct MetadataConformance {
    @Test(arguments: SkillsUnderTest.cases("META-1"))
    func `META-1 id is not empty`(_ c: ConformanceCase) async {
        await c.expectPasses(baseline: SkillsUnderTest.baseline)
    }

    @Test(arguments: SkillsUnderTest.cases("META-2"))
    func `META-2 id is unique among the skills under test`(_ c: ConformanceCase) async {
        await c.expectPasses(baseline: SkillsUnderTest.baseline)
    }

    @Test(arguments: SkillsUnderTest.cases("META-3"))
    func `META-3 displayName, description and keywords are not empty`(_ c: ConformanceCase) async {
        await c.expectPasses(baseline: SkillsUnderTest.baseline)
    }

    @Test(arguments: SkillsUnderTest.cases("META-4"))
    func `META-4 canHandle is true for samples.handled`(_ c: ConformanceCase) async {
        await c.expectPasses(baseline: SkillsUnderTest.baseline)
    }

    @Test(arguments: SkillsUnderTest.cases("META-5"))
    func `META-5 canHandle is false for samples.unhandled`(_ c: ConformanceCase) async {
        await c.expectPasses(baseline: SkillsUnderTest.baseline)
    }

    @Test(arguments: SkillsUnderTest.cases("META-6"))
    func `META-6 canHandle gives the same answer 100 times`(_ c: ConformanceCase) async {
        await c.expectPasses(baseline: SkillsUnderTest.baseline)
    }

    @Test(arguments: SkillsUnderTest.cases("META-7"))
    func `META-7 canHandle does no I/O`(_ c: ConformanceCase) async {
        await c.expectPasses(baseline: SkillsUnderTest.baseline)
    }

    @Test(arguments: SkillsUnderTest.cases("META-8"))
    func `META-8 a handled sample gets past the input checks`(_ c: ConformanceCase) async {
        await c.expectPasses(baseline: SkillsUnderTest.baseline)
    }
}

@Suite("Conformance: time and determinism")
struct TimeConformance {
    @Test(arguments: SkillsUnderTest.cases("TIME-1"))
    func `TIME-1 sleeps and reads time only through the context`(_ c: ConformanceCase) async {
        await c.expectPasses(baseline: SkillsUnderTest.baseline)
    }

    @Test(arguments: SkillsUnderTest.cases("TIME-2"))
    func `TIME-2 the same run twice gives the same output and side effects`(_ c: ConformanceCase) async {
        await c.expectPasses(baseline: SkillsUnderTest.baseline)
    }

    @Test(arguments: SkillsUnderTest.cases("IO-1"))
    func `IO-1 files and sockets only through the context`(_ c: ConformanceCase) async {
        await c.expectPasses(baseline: SkillsUnderTest.baseline)
    }
}

@Suite("Conformance: tool skills")
struct ToolConformance {
    @Test(arguments: SkillsUnderTest.cases("TOOL-1"))
    func `TOOL-1 the name is letters, digits, _ or -, and the description is not empty`(_ c: ConformanceCase) async {
        await c.expectPasses(baseline: SkillsUnderTest.baseline)
    }

    @Test(arguments: SkillsUnderTest.cases("TOOL-2"))
    func `TOOL-2 the input schema has no problem`(_ c: ConformanceCase) async {
        await c.expectPasses(baseline: SkillsUnderTest.baseline)
    }

    @Test(arguments: SkillsUnderTest.cases("TOOL-3"))
    func `TOOL-3 the sample arguments fit the schema and the tool accepts them`(_ c: ConformanceCase) async {
        await c.expectPasses(baseline: SkillsUnderTest.baseline)
    }

    @Test(arguments: SkillsUnderTest.cases("TOOL-4"))
    func `TOOL-4 arguments that violate the schema give invalidInput naming the field`(_ c: ConformanceCase) async {
        await c.expectPasses(baseline: SkillsUnderTest.baseline)
    }

    @Test(arguments: SkillsUnderTest.cases("TOOL-5"))
    func `TOOL-5 the same arguments twice give the same result and side effects`(_ c: ConformanceCase) async {
        await c.expectPasses(baseline: SkillsUnderTest.baseline)
    }

    @Test(arguments: SkillsUnderTest.cases("TOOL-6"))
    func `TOOL-6 results stay under 2048 bytes`(_ c: ConformanceCase) async {
        await c.expectPasses(baseline: SkillsUnderTest.baseline)
    }

    @Test(arguments: SkillsUnderTest.cases("TOOL-7"))
    func `TOOL-7 the name and schema are ones the chosen model providers accept`(_ c: ConformanceCase) async {
        await c.expectPasses(baseline: SkillsUnderTest.baseline)
    }

    @Test(arguments: SkillsUnderTest.cases("TOOL-8"))
    func `TOOL-8 what each schema a provider is sent calls valid the tool accepts`(_ c: ConformanceCase) async {
        await c.expectPasses(baseline: SkillsUnderTest.baseline)
    }
}

@Suite("Conformance: crashes")
struct CrashConformance {
    /// Each skill's checks run in a process of their own (an exit test): a trap ends that process only,
    /// and becomes this skill's CRASH-1 failure, naming the rule it trapped in; the other skills still run.
    @Test(arguments: CrashCase.all(SkillsUnderTest.skills))
    func `CRASH-1 never traps`(_ c: CrashCase) async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) { [c] in
            _ = await SkillConformance.check(for: "CRASH-1").run(SkillsUnderTest.skills[c.index], peers: SkillsUnderTest.peers)
        }
        CrashReport(result)?.expectNoTrap(skillID: c.skillID)
    }
}
