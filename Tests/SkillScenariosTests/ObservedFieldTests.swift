import Foundation
import SkillScenarios
import Testing

/// Every field an `expect` step checks is one `ObservedField` case: the reader, the replay and record
/// mode handle each the same way, so a new field needs no other change to be checkable and recordable.
@Suite("Observed fields")
struct ObservedFieldTests {
    func draft(checking field: String) -> String {
        """
        {"schema": "skillcheck.transcript/1", "skills": ["echo"], "steps": [
          {"send": "echo 你好"}, {"expect": {"\(field)": null}}, {"send": "echo 再见"}, {"expect": {"\(field)": null}}]}
        """
    }

    @available(SkillCheckTesting, *)
    @Test("a transcript's expect step may check exactly the six fields of the format, listed in the README's order")
    func agentFields() {
        #expect(ObservedField.agentFields.map(\.rawValue) == ["messages", "state", "events", "storage", "network", "now"])
        #expect(Transcript.Expectation.fields == ObservedField.agentFields.map(\.rawValue))
        #expect(ObservedField.agentFields.filter(\.isLog) == [.messages, .events, .network])
    }

    @available(SkillCheckTesting, *)
    @Test(
        "each field left null is observed, and recorded by record mode missing; a log's second step sees only what is new",
        arguments: ObservedField.agentFields)
    func recordsEachField(_ field: ObservedField) throws {
        let result = try Replayer(skills: Fixtures.skills).replay(
            Fixtures.transcript(draft(checking: field.rawValue)),
            recordMode: .missing)
        #expect(result.passed, "\(result.report)")
        #expect(result.unrecorded.map(\.path) == [field.rawValue, field.rawValue])
        let recorded = try #require(Self.member(field.rawValue, of: Self.member("expect", of: Self.steps(of: result.actual)[3])))
        if field == .messages {
            #expect(
                recorded.canonical
                    == #"[{"at":0,"content":"echo 再见","role":"user"},{"at":0,"content":"再见","role":"agent","skillID":"echo"}]"#)
        }
        if field.isLog { #expect(recorded.canonical.hasPrefix("[")) }
    }

    @available(SkillCheckTesting, *)
    @Test(
        "a written expectation of the wrong form is rejected at its pointer, saying what the field takes",
        arguments: [
            (#""messages": "hi""#, "/steps/1/expect/messages: expected an array, found a string"),
            (#""events": {}"#, "/steps/1/expect/events: expected an array, found an object"),
            (#""storage": []"#, "/steps/1/expect/storage: expected an object of collections, or null to record, found an array"),
            (#""now": "soon""#, #"/steps/1/expect/now: expected a duration such as "1.5s" or "250ms", at most 31 years, found "soon""#),
            (
                #""stat": "idle""#,
                #"/steps/1/expect/stat: expected one of the members "messages", "state", "events", "storage", "network", "now", "matchers", found "stat" (did you mean "state"?)"#
            ),
        ])
    func wrongForm(member: String, message: String) throws {
        let json =
            #"{"schema": "skillcheck.transcript/1", "skills": ["echo"], "steps": [{"send": "echo a"}, {"expect": {"# + member + "}}]}"
        let error = #expect(throws: TranscriptError.self) { try Fixtures.transcript(json) }
        #expect(error?.description.hasSuffix(message) == true, "\(String(describing: error))")
    }

    static func member(_ key: String, of value: JSONValue?) -> JSONValue? {
        guard case .object(let pairs)? = value else { return nil }
        return pairs.first { $0.key == key }?.value
    }

    static func steps(of value: JSONValue) -> [JSONValue] {
        guard case .array(let steps)? = member("steps", of: value) else { return [] }
        return steps
    }
}
