import Foundation
import SkillScenarios
import Testing

/// A matcher whose pointer names nothing would relax nothing without a word: it is an error instead.
/// Each matcher that does name a value is applied, whatever the comparison (exhaustive or not).
@Suite("Matcher pointers")
struct MatcherPointerTests {
    static func echo(matchers: String, exhaustive: Bool = true, content: String = "你好") -> String {
        """
        {"schema": "skillcheck.transcript/1", "skills": ["echo"], "exhaustive": \(exhaustive), "steps": [
          {"send": "echo 你好"},
          {"expect": {"messages": [{"role": "user", "content": "echo 你好", "at": 0},
                                   {"role": "agent", "content": "\(content)", "skillID": "echo", "at": 0}],
                      "now": "0s", "matchers": {\(matchers)}}}]}
        """
    }

    func error(_ json: String) -> TranscriptError? {
        do {
            _ = try Fixtures.replay(json)
            return nil
        } catch {
            return error as? TranscriptError
        }
    }

    @available(SkillCheckTesting, *)
    @Test(
        "a misspelt member and an index out of range are errors naming the matcher's pointer and line:column",
        arguments: [
            (
                #""/messages/1/contents": "ignore""#,
                #"test.json:5:65: /steps/1/expect/matchers/~1messages~11~1contents: expected a JSON pointer to a value that step 1 observes or expects, found nothing at /messages/1/contents: /messages/1 has no member "contents" (its members: "role", "content", "skillID", "at")"#
            ),
            (
                #""/messages/9/content": "ignore""#,
                #"test.json:5:64: /steps/1/expect/matchers/~1messages~19~1content: expected a JSON pointer to a value that step 1 observes or expects, found nothing at /messages/9/content: /messages has 2 elements (0 to 1)"#
            ),
            (
                #""/storage/notes": "ignore""#,
                #"test.json:5:59: /steps/1/expect/matchers/~1storage~1notes: expected a JSON pointer to a value that step 1 observes or expects, found nothing at /storage/notes: the step checks no field "storage" (it checks "messages", "now")"#
            ),
        ])
    func typos(matchers: String, message: String) {
        #expect(error(Self.echo(matchers: matchers))?.description == message)
    }

    @available(SkillCheckTesting, *)
    @Test("a * pattern counts when any value matches: skillID is on agent messages only")
    func wildcardMatchesSome() throws {
        let result = try Fixtures.replay(Self.echo(matchers: #""/messages/*/skillID": {"type": "string"}"#))
        #expect(result.passed, "\(result.report)")
    }

    @available(SkillCheckTesting, *)
    @Test("a transcript matcher needs a value in some expect step, not in every one")
    func transcriptMatcherInOneStep() throws {
        let json = """
            {"schema": "skillcheck.transcript/1", "skills": ["echo"], "matchers": {"/messages/*/at": {"tolerance": 0.5}},
             "steps": [{"send": "echo a"}, {"expect": {"state": "idle"}},
                       {"expect": {"messages": [{"role": "user", "content": "echo a", "at": 0.2},
                                                {"role": "agent", "content": "a", "skillID": "echo", "at": 0}]}}]}
            """
        let result = try Fixtures.replay(json)
        #expect(result.passed, "\(result.report)")
        let none = json.replacingOccurrences(of: #"{"expect": {"messages""#, with: #"{"expect": {"state": "idle", "x""#)
        #expect(error(none.replacingOccurrences(of: #", "x": "#, with: #"}}, {"expect": {"events": "#)) != nil)
    }

    @available(SkillCheckTesting, *)
    @Test("a matcher on a value only the expectation has is no error: the replay reports the difference")
    func expectedOnlyValue() throws {
        let json = """
            {"schema": "skillcheck.transcript/1", "skills": ["echo"], "steps": [{"send": "echo a"},
             {"expect": {"messages": [{"role": "user", "content": "echo a", "at": 0},
                                      {"role": "agent", "content": "a", "skillID": "echo", "at": 0},
                                      {"role": "agent", "content": "b", "at": 0}],
                         "matchers": {"/messages/2/content": {"regex": "b"}}}}]}
            """
        let result = try Fixtures.replay(json)
        #expect(result.differences.map(\.kind) == [.missing])
    }

    @available(SkillCheckTesting, *)
    @Test("an index matcher applies in a non-exhaustive transcript, where elements are matched in order")
    func indexMatcherNonExhaustive() throws {
        let matcher = #""/messages/1/content": {"regex": "^你"}"#
        let loose = try Fixtures.replay(Self.echo(matchers: matcher, exhaustive: false, content: "anything"))
        #expect(loose.passed, "\(loose.report)")
        let strict = try Fixtures.replay(Self.echo(matchers: matcher, exhaustive: true, content: "anything"))
        #expect(strict.passed, "\(strict.report)")
    }

    @available(SkillCheckTesting, *)
    @Test("a matcher on a whole list applies in a non-exhaustive transcript; one on now applies too")
    func fieldMatchers() throws {
        let json = Self.echo(matchers: #""/messages": "ignore", "/now": {"regex": "s$"}"#, exhaustive: false)
            .replacingOccurrences(of: #""now": "0s""#, with: #""now": "5s""#)
            .replacingOccurrences(of: #""content": "echo 你好""#, with: #""content": "echo 再见""#)
        let result = try Fixtures.replay(json)
        #expect(result.passed, "\(result.report)")
    }
}
