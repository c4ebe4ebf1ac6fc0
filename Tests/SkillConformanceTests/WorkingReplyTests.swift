import BundledReferenceSkills
import Foundation
import SkillKit
import SkillTesting
import Testing

@testable import SkillConformance

/// The reply a healthy run's requests get is fitted to the skill: a tool that reads a list cannot use a
/// weather document, and without a reply it can read, what it does after the reply was never judged.
@Suite("The working reply fits the skill")
struct WorkingReplyTests {
    /// Lists a repository's issues and notes how many it saw, with the labels' status, after a `try?` that swallows
    /// cancellation: a bug only a run that gets past the list's decoding reaches.
    struct IssueCountTool: ToolSkill {
        let context: SkillContext
        var id: String { "issues.count" }
        var name: String { "count_issues" }
        var description: String { "Counts a repository's open issues." }
        var inputSchema: JSON { ["type": "object", "properties": ["repo": ["type": "string"]], "required": ["repo"]] }
        var sampleArguments: [JSON] { [["repo": "octo/hello"]] }

        struct Issue: Decodable { let title: String }

        func execute(arguments: Data) async throws -> String {
            try Task.checkCancellation()
            let response: NetworkResponse
            do {
                response = try await context.networkService.send(NetworkRequest(url: URL(string: "https://api.example.com/issues")!))
            } catch let error as NetworkError {
                throw SkillError.executionFailed("\(error)")
            }
            guard response.isSuccess, let issues = try? JSONDecoder().decode([Issue].self, from: response.body) else {
                throw SkillError.executionFailed("the issues could not be read")
            }
            // The bug: `try?` swallows a cancellation that comes during the second request, and the write goes on.
            let labels = try? await context.networkService.send(NetworkRequest(url: URL(string: "https://api.example.com/labels")!))
            try await context.storage.saveDocument(Data("\(issues.count) \(labels?.status ?? 0)".utf8), id: "last", in: "counts")
            return "\(issues.count) open issues"
        }
    }

    @Test("a list reader gets [], a weather skill the weather document, a skill with no request the default")
    func fitted() async {
        #expect(await WorkingReply.fitted(for: SkillUnderTest(tool: { IssueCountTool(context: $0) }), limits: CheckLimits()) == "[]")
        #expect(await WorkingReply.fitted(for: SkillUnderTest(WeatherSkill()), limits: CheckLimits()) == InjectedFault.weatherBody)
        #expect(await WorkingReply.fitted(for: SkillUnderTest(NoteSkill()), limits: CheckLimits()) == InjectedFault.weatherBody)
    }

    @Test("with a reply it can read, the write after a swallowed cancellation, past the list's decoding, is found")
    func workAfterTheReplyIsJudged() async {
        var failed: [Finding] = []
        for rule in ["CAN-1", "CAN-2", "CAN-3", "CAN-4"] {
            failed += await SkillConformance.check(for: rule).run(SkillUnderTest(tool: { IssueCountTool(context: $0) }))
                .filter { $0.outcome == .failed }
        }
        #expect(failed.contains { $0.observed.contains("counts/last") }, "\(failed.map(\.message))")
    }
}
