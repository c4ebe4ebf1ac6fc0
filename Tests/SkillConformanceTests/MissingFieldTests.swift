import Foundation
import SkillKit
import Testing

@testable import SkillConformance

/// A web search read through JSONSerialization, as LangChain's Tavily tool reads its results: with `castsEachField`,
/// each result's title and link are force-cast, so a result without a link traps.
private struct CastingSearchSkill: AgentSkill {
    var castsEachField = true
    let id = "casting-search"
    let displayName = "Search"
    let description = "Searches the web, such as search swift testing."
    let keywords = ["search"]
    var samples: SkillSamples { SkillSamples(handled: ["search swift testing"], unhandled: ["note this"]) }

    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        let request = NetworkRequest(url: URL(string: "https://api.search.example/v1/search?q=swift")!)
        let body: Data
        do {
            body = try await context.networkService.send(request).body
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw SkillError.executionFailed("The search did not answer.")
        }
        guard let json = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any],
            let results = json["results"] as? [[String: Any]]
        else { throw SkillError.executionFailed("The search's answer could not be read.") }
        let lines = results.map { result in
            castsEachField
                ? "\(result["title"] as! String): \(result["url"] as! String)"
                : "\(result["title"] as? String ?? "Untitled"): \(result["url"] as? String ?? "no link")"
        }
        return SkillOutput(summary: lines.isEmpty ? "No results." : lines.joined(separator: "\n"))
    }
}

@Suite("ERR-1 answers with the working reply less one field of its items")
struct MissingFieldTests {
    @Test("each plain field of the items of a fitted reply gives a fault, in name order; a stock reply gives none")
    func faults() {
        let fit = WorkingReply.Fit(
            body: #"{"results":[{"title":"Sample-title","url":"https://example.com/sample","tags":["a"]}],"total":1}"#)
        let faults = InjectedFault.missingFields(of: fit)
        #expect(faults.map(\.name) == [#"a 200 whose items lack "title""#, #"a 200 whose items lack "url""#])
        #expect(faults.allSatisfy { $0.lacksField && $0.succeeds && $0.isNetwork })
        // A routed reply's item is an item as a whole: a story after the list of ids.
        let routed = InjectedFault.missingFields(of: WorkingReply.Fit(body: WorkingReply.routed(["[1]", #"{"by":"Sample-by","id":1}"#])))
        #expect(routed.map(\.name) == [#"a 200 whose items lack "by""#, #"a 200 whose items lack "id""#])
        #expect(InjectedFault.missingFields(of: WorkingReply.Fit(body: InjectedFault.weatherBody)).isEmpty)
    }

    @available(SkillCheckTesting, *)
    @Test("a skill that force-casts each result's link traps on a result without one while ERR-1 runs, which CRASH-1 names")
    func forceCastTraps() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = await SkillConformance.check(for: "CRASH-1").run(try SourceRepliesTests.declaredInThisFile(CastingSearchSkill()))
        }
        let report = try #require(CrashReport(result))
        #expect(report.ruleID == "ERR-1")
        #expect(
            report.finding(skillID: "casting-search").observed.contains("lack"), "\(report.finding(skillID: "casting-search").observed)")
    }

    @available(SkillCheckTesting, *)
    @Test("one that reads each field as optional passes ERR-1, having had each field taken away")
    func optionalFieldsPass() async throws {
        let findings = await SkillConformance.check(for: "ERR-1")
            .run(try SourceRepliesTests.declaredInThisFile(CastingSearchSkill(castsEachField: false)))
        #expect(findings.allSatisfy { $0.outcome == .passed }, "\(findings.map(\.message))")
        #expect(findings.contains { $0.subject.hasPrefix(#"a 200 whose items lack "url""#) }, "\(findings.map(\.subject))")
    }
}
