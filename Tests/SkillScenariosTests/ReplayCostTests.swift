import Foundation
import Testing

@testable import SkillScenarios

@Suite("Replay cost")
struct ReplayCostTests {
    /// `sends` echo sends, each followed by an `expect` of its messages, events and requests.
    static func transcript(sends: Int) -> String {
        let steps = (0..<sends).map { index in
            """
            {"send": "echo \(index)"},
            {"expect": {"messages": [{"role": "user", "content": "echo \(index)", "at": 0},
                                     {"role": "agent", "content": "\(index)", "skillID": "echo", "at": 0}],
                        "events": [{"kind": "received", "text": "echo \(index)"},
                                   {"kind": "routed", "route": "skill", "skillID": "echo"},
                                   {"kind": "skillStarted", "skillID": "echo"},
                                   {"kind": "skillFinished", "skillID": "echo", "summary": "\(index)"}],
                        "network": [], "state": "idle"}}
            """
        }
        return #"{"schema": "skillcheck.transcript/1", "skills": ["echo"], "steps": ["# + steps.joined(separator: ",\n") + "]}"
    }

    @available(SkillCheckTesting, *)
    @Test("each message and event is converted to JSON once, however many expect steps look at them")
    func linearObservation() throws {
        for sends in [10, 200] {
            let result = try Fixtures.replay(Self.transcript(sends: sends))
            #expect(result.passed, "\(result.report)")
            // 2 messages and 4 events a send: converting the whole log at each expect would be ~3 × sends².
            #expect(result.observationWork == 6 * sends, "\(sends) sends")
        }
    }
}
