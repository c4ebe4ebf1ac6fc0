import Foundation
import SkillKit
import Testing

@testable import SkillScenarios

/// The members the format marks optional (`skillID`?, `headers`?, `body`?, and event fields such as a
/// `routed` event's `skillID`) are observed only when there is one. When observed, they are compared
/// like every other member: an expectation that leaves one out fails and says how to expect it or to
/// leave it unchecked with an `ignore` matcher.
@Suite("Optional members of observed values")
struct OptionalMemberTests {
    static let weather = """
        {"schema": "skillcheck.transcript/1", "skills": ["weather"], MATCHERS
         "fixtures": {"network": [{"match": {"weather": "上海"}, "fault": "offline"}]},
         "steps": [{"send": "上海天气怎么样"},
           {"expect": {"network": [{"method": "GET", "url": "https://weather.skillcheck.invalid/v1/current?city=%E4%B8%8A%E6%B5%B7"HEADERS}]}}]}
        """

    static func weather(headers: String = "", matchers: String = "") -> String {
        weather.replacingOccurrences(of: "HEADERS", with: headers).replacingOccurrences(of: "MATCHERS", with: matchers)
    }

    @available(SkillCheckTesting, *)
    @Test("headers, when the request had some, must be expected; the failure says how to ignore them")
    func headersCompared() throws {
        let left = try Fixtures.replay(Self.weather())
        #expect(left.differences.map(\.kind) == [.extra])
        #expect(
            left.report == """
                step 1 › network[0] › /headers: observed but not expected; expect it, or leave it unchecked with the matcher "/network/*/headers": "ignore"
                  +{"Accept":"application/json"}
                """)
        let expected = try Fixtures.replay(Self.weather(headers: #", "headers": {"Accept": "application/json"}"#))
        #expect(expected.passed, "\(expected.report)")
        let ignored = try Fixtures.replay(Self.weather(matchers: #""matchers": {"/network/*/headers": "ignore"},"#))
        #expect(ignored.passed, "\(ignored.report)")
    }

    @available(SkillCheckTesting, *)
    @Test("headers and body are observed only when the request has them")
    func requestMembers() {
        let url = URL(string: "https://example.invalid/v1")!
        #expect(ReplayRun.json(NetworkRequest(url: url)) == .object([("method", .string("GET")), ("url", .string(url.absoluteString))]))
        let post = NetworkRequest(method: "POST", url: url, headers: ["X-B": "2", "X-A": "1"], body: Data(#"{"n": 1}"#.utf8))
        #expect(
            ReplayRun.json(post)
                == .object([
                    ("method", .string("POST")), ("url", .string(url.absoluteString)),
                    ("headers", .object([("X-A", .string("1")), ("X-B", .string("2"))])), ("body", .object([("n", .number(1))])),
                ]))
        let text = NetworkRequest(method: "POST", url: url, body: Data("plain".utf8))
        #expect(ReplayRun.json(text)["body"] == .string("plain"))
    }

    @available(SkillCheckTesting, *)
    @Test("skillID is observed on a skill's reply only, and compared there")
    func skillID() throws {
        let json = """
            {"schema": "skillcheck.transcript/1", "skills": ["echo"], "steps": [{"send": "echo a"}, {"send": "你好"},
             {"expect": {"messages": [{"role": "user", "content": "echo a", "at": 0},
                                      {"role": "agent", "content": "a"SKILL, "at": 0},
                                      {"role": "user", "content": "你好", "at": 0},
                                      {"role": "agent", "content": "没有找到能处理这条指令的技能", "at": 0}]MATCHERS}}]}
            """
        let with = try Fixtures.replay(
            json.replacingOccurrences(of: "SKILL", with: #", "skillID": "echo""#)
                .replacingOccurrences(of: "MATCHERS", with: ""))
        #expect(with.passed, "\(with.report)")
        let without = try Fixtures.replay(json.replacingOccurrences(of: "SKILL", with: "").replacingOccurrences(of: "MATCHERS", with: ""))
        #expect(without.differences.map(\.path) == ["messages[1] › /skillID"])
        #expect(without.differences.first?.note?.contains(#""/messages/*/skillID": "ignore""#) == true)
        let ignored = try Fixtures.replay(
            json.replacingOccurrences(of: "SKILL", with: "")
                .replacingOccurrences(of: "MATCHERS", with: #", "matchers": {"/messages/*/skillID": "ignore"}"#))
        #expect(ignored.passed, "\(ignored.report)")
    }

    @available(SkillCheckTesting, *)
    @Test("a routed event has a skillID only when a skill or the fallback took the request")
    func routedSkillID() throws {
        let result = try Fixtures.replay(
            """
            {"schema": "skillcheck.transcript/1", "skills": ["echo"], "steps": [{"send": "你好"},
             {"expect": {"events": [{"kind": "received", "text": "你好"}, {"kind": "routed", "route": "none"}]}}]}
            """)
        #expect(result.passed, "\(result.report)")
    }
}
