import Foundation
import SkillCheckCommand
import SkillCheckSupport
import SkillConformance
import SkillKit
import SkillScenarios
import SkillTesting
import TestSupport
import Testing

extension ExamplePackageTests {
    /// `skillcheck check` on the example packages, end to end: discovery, the generated harness, one
    /// process per skill. These build real packages (minutes the first time; the scratch folders under
    /// `.build/skillcheck-tests/` are kept, so later runs take seconds per skill).
    @Suite("skillcheck check on the example packages", .serialized, .endToEnd)
    struct CheckExamplesTests {
        static let root = DiscoveryTests.root

        static func run(_ example: String, raceStage: Bool) async throws -> [SkillResult] {
            let run = ConformanceRun(
                package: root.appendingPathComponent("Examples/\(example)"),
                scratch: DiscoveryTests.userScratch(example), runsRaceStage: raceStage)
            let results = try await run.run { _ in }.results
            expectConsistent(results)
            return raceStage ? results : withoutSanitizerSkips(results)
        }

        /// `results` of a run without the race stage, less the SEND-2 finding that says ThreadSanitizer did not run, which
        /// each skill whose stress case passed carries (and no other does).
        static func withoutSanitizerSkips(
            _ results: [SkillResult], sourceLocation: Testing.SourceLocation = #_sourceLocation
        )
            -> [SkillResult]
        {
            results.map { result in
                var result = result
                let notRun = RaceStage.notRun(skillID: result.id)
                let stressPassed = result.findings.contains { $0.ruleID == "SEND-2" && $0.outcome == .passed }
                let said = result.findings.filter { $0.ruleID == "SEND-2" && $0.outcome == notRun.outcome }
                #expect(said.count == (stressPassed ? 1 : 0), "\(result.skill.typeName): \(said)", sourceLocation: sourceLocation)
                result.findings.removeAll { $0.ruleID == "SEND-2" && $0.outcome == notRun.outcome }
                return result
            }
        }

        /// No skip in the report points to a rule that passed (``SkillReport/contradictions(in:kind:catalog:)``).
        static func expectConsistent(_ results: [SkillResult], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
            for result in results {
                let contradictions = SkillReport.contradictions(in: result.findings, kind: result.skill.kind)
                #expect(
                    contradictions.isEmpty, "\(result.skill.typeName): \(contradictions.joined(separator: "\n"))",
                    sourceLocation: sourceLocation)
            }
        }

        /// A rule's findings passed, or it is SEND-5 on a request that never runs two parts at once, which has
        /// nothing to reorder and says so.
        static func checked(_ findings: [Finding]) -> Bool {
            findings.contains { $0.outcome == .passed }
                || (!findings.isEmpty
                    && findings.allSatisfy {
                        $0.ruleID == "SEND-5" && $0.outcome == .notApplicable && $0.observed.contains("one interleaving")
                    })
        }

        @Test("the reference skills: every rule passes for both, ThreadSanitizer included")
        func referenceSkills() async throws {
            let results = try await Self.run("ReferenceSkills", raceStage: true)
            #expect(results.map(\.id).sorted() == ["note", "weather"])
            for result in results {
                let problems = result.findings.filter { $0.outcome.isProblem || $0.outcome == .warning }
                #expect(problems.isEmpty, "\(result.skill): \(problems.map(\.message).joined(separator: "\n"))")
                for rule in SkillConformance.implementedRuleIDs where RuleCatalog.standard[rule]?.applies(to: .agent) == true {
                    #expect(Self.checked(result.findings.filter { $0.ruleID == rule }), "\(result.skill): \(rule) checked nothing")
                }
                #expect(result.findings.contains { $0.subject.contains("ThreadSanitizer") && $0.outcome == .passed })
            }
        }

        @Test(
            "the tool skills: every rule for tool skills passes, ThreadSanitizer included; the AgentSkill-only rules say they do not apply")
        func toolSkills() async throws {
            let results = try await Self.run("ToolSkills", raceStage: true)
            #expect(results.map(\.id).sorted() == ["calendar.query", "notes.save", "weather.query"])
            for result in results {
                #expect(result.skill.kind == .tool)
                let problems = result.findings.filter { $0.outcome.isProblem || $0.outcome == .warning }
                #expect(problems.isEmpty, "\(result.skill): \(problems.map(\.message).joined(separator: "\n"))")
                for rule in SkillConformance.implementedRuleIDs {
                    let findings = result.findings.filter { $0.ruleID == rule }
                    if RuleCatalog.standard[rule]?.applies(to: .tool) == true {
                        #expect(Self.checked(findings), "\(result.skill): \(rule) checked nothing")
                    } else {
                        #expect(!findings.isEmpty && findings.allSatisfy { $0.outcome == .notApplicable }, "\(result.skill): \(rule)")
                    }
                }
                #expect(result.findings.contains { $0.subject.contains("ThreadSanitizer") && $0.outcome == .passed })
            }
            // The report has a result per rule for each tool skill, as for an AgentSkill.
            let reports = results.map { SkillReport(type: $0.skill.typeName, id: $0.id, findings: $0.findings) }
            #expect(
                reports.allSatisfy { $0.result(for: "TOOL-4")?.outcome == .passed && $0.result(for: "META-4")?.outcome == .notApplicable })
            #expect(reports.allSatisfy { $0.outcome(in: .tools) == .passed })
        }

        @Test(
            "the bundled tools, written once, pass with every provider chosen at once: each is sent its derived variant, and the report shows it"
        )
        func toolSkillsEveryProvider() async throws {
            var run = ConformanceRun(
                package: Self.root.appendingPathComponent("Examples/ToolSkills"), scratch: DiscoveryTests.userScratch("ToolSkills"),
                runsRaceStage: false)
            run.providers = ProviderProfile.choosableIDs
            let results = Self.withoutSanitizerSkips(try await run.run { _ in }.results)
            #expect(results.count == 3)
            let derived = ProviderProfile.catalogue.filter { $0.dialect != .jsonSchema }.map(\.id)
            for result in results {
                let problems = result.findings.filter { $0.outcome.isProblem || $0.outcome == .warning }
                #expect(problems.isEmpty, "\(result.skill): \(problems.map(\.message).joined(separator: "\n"))")
                // TOOL-8 tried each dialect's instances; TOOL-7 passed each chosen profile through what it is sent.
                #expect(result.findings.filter { $0.ruleID == "TOOL-8" && $0.outcome == .passed }.count == SchemaDialect.allCases.count)
                let report = SkillReport(type: result.skill.typeName, id: result.id, findings: result.findings)
                #expect(report.result(for: "TOOL-7")?.schemasSent?.map(\.profile) == derived)
                #expect(report.result(for: "TOOL-7")?.schemasSent?.allSatisfy { $0.origin.contains("derived from inputSchema") } == true)
            }
        }

        @Test("a second run on the unchanged package reuses discovery, the static stage and the build, and checks again")
        func secondRun() async throws {
            let package = Self.root.appendingPathComponent("Examples/ReferenceSkills")
            let scratch = DiscoveryTests.userScratch("ReferenceSkills") // the harness the test above built
            let first = try await ConformanceRun(package: package, scratch: scratch, runsRaceStage: false).run { _ in }
            let said = Captured()
            let second = try await ConformanceRun(package: package, scratch: scratch, runsRaceStage: false).run { said.append($0 + "\n") }
            let lines = said.value.split(separator: "\n").map(String.init)
            #expect(second.stages.map(\.status) == [.reused, .ran, .skipped])
            #expect(lines.contains("conformance: the harness is built and current"))
            #expect(!lines.contains { $0.contains("building") }, "\(lines)")
            // The checks ran again, and found what the first run found.
            let outcomes = { (outcome: ConformanceRun.Outcome) in
                outcome.results.flatMap { result in result.findings.map { "\(result.id) \($0.ruleID) \($0.outcome)" } }.sorted()
            }
            #expect(outcomes(second) == outcomes(first))
            #expect(second.results.allSatisfy { $0.findings.contains { $0.ruleID == "CAN-2" && $0.outcome == .passed } })

            // A memory made from something else is not used.
            var memory = try #require(RunMemory.read(in: scratch))
            memory.fingerprint = "made-from-another-tree"
            try memory.write(in: scratch)
            let third = try await ConformanceRun(package: package, scratch: scratch, runsRaceStage: false).run { _ in }
            #expect(third.stages.first?.status == .ran)
            // --no-cache does not read it.
            let fourth = try await ConformanceRun(package: package, scratch: scratch, runsRaceStage: false, reusesMemory: false).run { _ in
            }
            #expect(fourth.stages.first?.status == .ran)
        }

        @Test("the broken skills: each is flagged under its own rule; a trapping skill ends only its own process")
        func brokenSkills() async throws {
            let results = try await Self.run("BrokenSkills", raceStage: false)
            let expected: [String: String] = [
                "SharedForecastSkill": "SEND-4", "CompareWeatherTool": "SEND-5", "AuditedNoteSkill": "CAN-1",
                "PatientWeatherSkill": "CAN-2",
                "CatchAllForecastSkill": "CAN-3",
                "ForecastNoteSkill": "CAN-4", "MailboxWeatherSkill": "HANG-1", "UmbrellaSkill": "ERR-1",
                "UnitConverterSkill": "ERR-2", "EmptyReasonReminderSkill": "ERR-3", "SlugIDTimerSkill": "META-1",
                "ScaffoldedTranslateSkill": "META-3", "ExactMatchConverterSkill": "META-4", "GreedyJokeSkill": "META-5",
                "LearningRouterSkill": "META-6", "PrefetchingNotesSkill": "META-7", "DebouncedSearchSkill": "TIME-1",
                "QuickNoteSkill": "TIME-2", "CountingWeatherSkill": "SEND-2", "TipSkill": "CRASH-1",
                "QuoteOfTheDaySkill": "SEND-1", "PhrasebookSkill": "SEND-3", "ArchiveNoteSkill": "META-2",
                // The tool skills, each made with init(context:) or init().
                "CountdownTool": "TOOL-1", "TypoForecastTool": "TOOL-2", "AirQualityTool": "TOOL-3",
                "CountdownReminderTool": "TOOL-4", "TicketTool": "TOOL-5", "HolidaysTool": "TOOL-6", "OpenRemindersTool": "TOOL-7",
                "StrictUnitWeatherTool": "TOOL-8", "PackingNoteTool": "TOOL-8",
                "LeakyWeatherTool": "ERR-1", "ExchangeRateTool": "ERR-1", "CatchAllAgendaTool": "CAN-3", "EventStatusTool": "TIME-1",
                // What only a run shows: the wall clock, randomness and files read where the source scan does not look.
                "MembershipStatusTool": "TIME-1", "FlightStatusTool": "TIME-1", "RefundSkill": "TIME-1", "ExpenseSkill": "TIME-1",
                "QuoteRetrySkill": "TIME-1", "HabitSkill": "TIME-1", "JournalSkill": "IO-1", "KeyRequiredForecastSkill": "CRASH-1",
                // Mistakes a probe of the first await alone, or of the keyword alone, never reaches.
                "SavedForecastSkill": "CAN-3", "CommuteWeatherSkill": "ERR-1", "WeatherMemoSkill": "CAN-4", "InviteSkill": "META-8",
                // Concurrent mistakes: one only another schedule shows, two that every schedule keeps showing.
                "TripWeatherNoteSkill": "CAN-4", "TwoCityWeatherSkill": "ERR-1", "BackgroundSaveNoteSkill": "TIME-1",
            ]
            for (type, rule) in expected {
                let result = try #require(results.first { $0.skill.typeName == type }, "\(type) was not discovered")
                let breach: Finding.Outcome = RuleCatalog.standard[rule]?.level == .should ? .warning : .failed
                #expect(result.findings.contains { $0.ruleID == rule && $0.outcome == breach }, "\(type) not flagged under \(rule)")
            }
            // The skill that traps fails CRASH-1, naming where; every skill after it still has its full result.
            let tip = try #require(results.first { $0.skill.typeName == "TipSkill" })
            #expect(tip.findings.contains { $0.ruleID == "CRASH-1" && $0.observed.contains("while checking ERR-2") })
            // The skill that ends the program without its key passes with the placeholder, and fails the run with the key unset.
            let keyed = try #require(results.first { $0.skill.typeName == "KeyRequiredForecastSkill" })
            #expect(
                keyed.findings.filter { $0.outcome.isProblem }.map(\.subject)
                    == ["the skill's checks, with BROKEN_FORECAST_API_KEY unset, as on a machine that never set it"],
                "\(keyed.findings.filter { $0.outcome.isProblem }.map(\.message))")
            let umbrella = try #require(results.first { $0.skill.typeName == "UmbrellaSkill" })
            #expect(umbrella.findings.contains { $0.ruleID == "META-7" && $0.outcome == .passed })
            // A trap costs one check: TipSkill's other rules ran in fresh processes, none "skipped: the process ended".
            #expect(
                !tip.findings.contains { if case .skipped(let reason) = $0.outcome { reason.contains("process ended") } else { false } })
            // The correct twins pass every rule.
            for name in [
                "CarefulWeatherMemoSkill", "CoalescingForecastSkill", "CarefulTripWeatherNoteSkill", "CarefulTwoCityWeatherSkill",
                "AwaitedSaveNoteSkill",
            ] {
                let twin = try #require(results.first { $0.skill.typeName == name }, "\(name) was not discovered")
                let problems = twin.findings.filter { $0.outcome.isProblem || $0.outcome == .warning }
                #expect(problems.isEmpty, "\(name): \(problems.map(\.message))")
            }
            try await Self.expectReadableInABrowser(results)
            // The skill ArchiveNoteSkill copied is flagged with it: the two share an id.
            let team = try #require(results.first { $0.skill.typeName == "TeamNoteSkill" })
            #expect(team.findings.contains { $0.ruleID == "META-2" && $0.outcome == .failed })
        }

        /// The BrokenSkills report as `--format html` writes it, opened in headless Chromium: every skill and every
        /// failed finding's case is in the DOM it built, nothing was logged to its console, and the page is at most
        /// 300 KB.
        static func expectReadableInABrowser(_ results: [SkillResult]) async throws {
            let report = ConformanceReport(
                package: .init(path: root.appendingPathComponent("Examples/BrokenSkills").path, name: "BrokenSkills"),
                stages: [StageResult(.conformance, .ran)],
                skills: results.map { SkillReport(type: $0.skill.typeName, id: $0.id, findings: $0.findings) })
            let start = ContinuousClock.now
            let page = HTMLReport().render(report)
            let took = ContinuousClock.now - start
            #expect(page.utf8.count <= 300_000, "\(page.utf8.count) bytes")
            // Printed for the benchmarks page, never asserted.
            print("skillcheck: the BrokenSkills HTML report is \(page.utf8.count) bytes, rendered in \(took)")
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("skillcheck-broken-\(UUID()).html")
            try page.write(to: file, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(at: file) }
            let (dom, log, requests) = try await HeadlessChromium.dumpDOM(of: file)
            #expect(requests.isEmpty, "the page asked the network for \(requests)")
            // Text as Chromium serializes a text node: only &, < and > escaped.
            func text(_ raw: String) -> String {
                raw.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                    .replacingOccurrences(of: ">", with: "&gt;")
            }
            var drawn = 0
            for skill in report.skills {
                #expect(dom.contains(text(skill.title)), "\(skill.title) is not on the page")
                for result in skill.results where result.outcome == .failed {
                    #expect(dom.contains("id=\"\(HTMLReport.anchor(skill))-\(result.rule)\""), "\(skill.title) \(result.rule)")
                    // The page shows the first 12 cases of a result; the JSON report has every one.
                    for finding in result.findings.filter({ $0.outcome == .failed }).prefix(12) {
                        #expect(
                            dom.contains(text(HTMLText.clipped(finding.subject))), "\(skill.title) \(result.rule): \(finding.subject)")
                    }
                }
                // The run drawn under a failure or a warning: the first of its shown cases that took virtual time, every
                // event of it the page draws (the first 9 and the last 3 of a longer run), and each mark's words.
                for result in skill.results where result.outcome == .failed || result.outcome == .warning {
                    let shown = result.findings.filter { $0.outcome == result.outcome }.prefix(12)
                    guard let found = shown.lazy.compactMap(\.run).first(where: \.takesTime) else { continue }
                    let run = found.mappingTexts { SecretScanner.redacted($0) }
                    drawn += 1
                    #expect(
                        dom.contains("id=\"\(HTMLReport.anchor(skill))-\(result.rule)-run-timeline-title\""),
                        "\(skill.title) \(result.rule)")
                    let events = run.events.count > 12 ? Array(run.events.prefix(9) + run.events.suffix(3)) : run.events
                    for event in events {
                        #expect(dom.contains(text(HTMLText.clipped(event.text))), "\(skill.title) \(result.rule): \(event.text)")
                    }
                    for mark in run.marks { #expect(dom.contains("◆ " + text(mark.text)), "\(skill.title) \(result.rule): \(mark.text)") }
                }
            }
            // CAN-2..4, HANG-1 and SEND-4 fail among these skills on runs that take virtual time: the page draws them.
            #expect(drawn >= 8, "\(drawn) runs drawn")
            #expect(!log.contains("CONSOLE"), "the page logged to the console: \(log)")
        }

        /// What `skillcheck` must say about `Examples/HomeSkills`, a Swift 5 package written against SkillKit only:
        /// each type's rule and outcome, for the problems its authors left in (the race stage is not run here,
        /// to keep to one harness build, so DoorLockSkill's data race shows only as SEND-3's unbacked escape hatch).
        static let homeProblems: [String: [String: Finding.Outcome]] = [
            "UnitConversionSkill": ["SEND-1": .failed], // stores a non-Sendable class (Swift 5 mode only warns)
            "DoorLockSkill": ["SEND-3": .warning], // @unchecked Sendable over a mutable counter
            "LightsSkill": ["CAN-1": .failed], // POSTs before checking cancellation
            "UmbrellaSkill": ["CAN-3": .failed, "CAN-4": .failed], // retry loop: catch-all, try? sleep
            "WeatherSkill": ["ERR-1": .failed], // NetworkError through a bare try
            "ReminderSkill": ["TIME-2": .warning, "TIME-1": .failed], // Date() and UUID() in what it stores, seen in its source
            "GreetingSkill": ["META-3": .failed, "META-4": .failed], // keywords [], so no sample to check
        ]

        @Test("a Swift 5 package with no catalogue: found through its own protocols, each problem under its rule, the rest pass")
        func homeSkills() async throws {
            let run = ConformanceRun(
                package: Self.root.appendingPathComponent("Examples/HomeSkills"),
                scratch: DiscoveryTests.userScratch("HomeSkills"), runsRaceStage: false)
            let outcome = try await run.run { _ in }
            let (discovery, results) = (outcome.discovery, Self.withoutSanitizerSkips(outcome.results))
            Self.expectConsistent(results)
            // HubConfiguration's mutable statics concern no skill type: no rule judges them, and none is lost.
            let outside = outcome.stages[0].diagnostics
            #expect(outside.contains { $0.contains("DeviceSkill.swift:7:") && $0.contains("baseURL") }, "\(outside)")
            #expect(outside.contains { $0.contains("DeviceSkill.swift:8:") && $0.contains("token") }, "\(outside)")
            // Found through HomeSkill, ListSkill (HomeSkills) and DeviceSkill (HomeDevices, refining HomeSkill).
            #expect(discovery.catalogs.isEmpty)
            #expect(results.count == 13)
            let calendar = try #require(discovery.skills.first { $0.typeName == "CalendarSkill" })
            #expect(calendar.notInstantiable?.contains("no public init()") == true)
            for result in results {
                let expected = Self.homeProblems[result.skill.typeName] ?? [:]
                for rule in SkillConformance.implementedRuleIDs {
                    let findings = result.findings.filter { $0.ruleID == rule }
                    if let outcome = expected[rule] {
                        #expect(findings.contains { $0.outcome == outcome }, "\(result.skill.typeName) not flagged under \(rule)")
                    } else if result.skill.typeName == "ReminderSkill", rule == "SEND-2" {
                        // Its two sequential passes differ (the second sees the wall clock a day on): the concurrent
                        // outputs cannot be compared with them, which it says, pointing at TIME-2's warning.
                        #expect(
                            findings.contains { if case .skipped(let reason) = $0.outcome { reason.contains("TIME-2") } else { false } })
                    } else if result.skill.typeName == "ReminderSkill", findings.contains(where: \.outcome.isProblem) {
                        // Its runs read the wall clock and system randomness: a rule they found nothing to judge for
                        // ("nothing to reorder") is skipped, naming TIME-1, since what they read may have steered it; and
                        // SEND-4 and SEND-5 have no order to compare with, as the same order twice differs (TIME-2's warning).
                        #expect(
                            findings.filter(\.outcome.isProblem).allSatisfy {
                                if case .skipped(let reason) = $0.outcome {
                                    reason.contains("(TIME-1 reports it)") || reason.contains("(TIME-2 reports that")
                                } else {
                                    false
                                }
                            }, "ReminderSkill \(rule)")
                    } else if result.skill.typeName == "GreetingSkill", findings.contains(where: \.outcome.isProblem) {
                        // No sample to run it on: skipped, naming the META-4 failure, never passed (TIME-1's reading
                        // of its source needs no sample, and passes).
                        #expect(findings.filter(\.outcome.isProblem).allSatisfy { $0.observed.contains("META-4") }, "GreetingSkill \(rule)")
                    } else {
                        let wrong = findings.filter { $0.outcome.isProblem || $0.outcome == .warning }
                        #expect(
                            !findings.isEmpty && wrong.isEmpty,
                            "\(result.skill.typeName) \(rule): \(wrong.map(\.observed).joined(separator: "\n"))")
                    }
                }
            }
            // The messages say where and what: the file and the stored type, the request sent, the error let through.
            let units = try #require(results.first { $0.skill.typeName == "UnitConversionSkill" })
            #expect(
                units.findings.contains {
                    $0.ruleID == "SEND-1" && $0.subject.contains("UnitConversionSkill.swift") && $0.observed.contains("UnitTable")
                })
            let lights = try #require(results.first { $0.skill.typeName == "LightsSkill" })
            #expect(
                lights.findings.contains { $0.ruleID == "CAN-1" && $0.observed.contains("POST https://hub.home.example/api/v1/lights/all") }
            )
            let weather = try #require(results.first { $0.skill.typeName == "WeatherSkill" })
            #expect(weather.findings.contains { $0.ruleID == "ERR-1" && $0.observed.contains("NetworkError: offline") })
        }
    }
}
