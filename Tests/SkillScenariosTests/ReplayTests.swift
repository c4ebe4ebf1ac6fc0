import Foundation
import SkillKit
import SkillScenarios
import SkillTesting
import Testing

@Suite("Replayer")
struct ReplayTests {
    static let note = """
        {"schema": "skillcheck.transcript/1", "skills": ["note", "slow", "echo"],
         "steps": [
           {"send": "记一下明天开会"},
           {"expect": {"messages": [
             {"role": "user", "content": "记一下明天开会", "at": 0},
             {"role": "agent", "content": "已记录：明天开会", "skillID": "note", "at": 0}
           ], "state": "idle"}}
         ]}
        """

    @available(SkillCheckTesting, *)
    @Test("a transcript that matches passes")
    func passes() throws {
        let result = try Fixtures.replay(Self.note)
        #expect(result.passed, "\(result.report)")
    }

    @available(SkillCheckTesting, *)
    @Test("one changed message fails with a diff that points at the step and field")
    func mutatedMessage() throws {
        let result = try Fixtures.replay(Self.note.replacingOccurrences(of: "已记录：明天开会", with: "已记录：后天开会"))
        #expect(result.differences.count == 1)
        #expect(
            result.report == """
                step 1 › messages[1] › /content
                  -已记录：后天开会
                  +已记录：明天开会
                """)
    }

    @available(SkillCheckTesting, *)
    @Test("an extra, a missing and a reordered message each give their own failure")
    func exhaustiveListDifferences() throws {
        let base = """
            {"schema": "skillcheck.transcript/1", "skills": ["echo"], "steps": [
              {"send": "echo a"}, {"send": "echo b"},
              {"expect": {"messages": MESSAGES}}]}
            """
        func message(_ role: String, _ content: String) -> String {
            #"{"role": "\#(role)", "content": "\#(content)", \#(role == "agent" ? #""skillID": "echo", "#: "")"at": 0}"#
        }
        let all = [message("user", "echo a"), message("agent", "a"), message("user", "echo b"), message("agent", "b")]
        let missing = try Fixtures.replay(
            base.replacingOccurrences(of: "MESSAGES", with: "[" + all.dropLast().joined(separator: ",") + "]"))
        #expect(missing.differences.map(\.kind) == [.extra])
        let extra = try Fixtures.replay(
            base.replacingOccurrences(of: "MESSAGES", with: "[" + (all + [message("agent", "c")]).joined(separator: ",") + "]"))
        #expect(extra.differences.map(\.kind) == [.missing])
        let reordered = [all[2], all[3], all[0], all[1]]
        let moved = try Fixtures.replay(base.replacingOccurrences(of: "MESSAGES", with: "[" + reordered.joined(separator: ",") + "]"))
        #expect(!moved.passed)
        #expect(moved.differences.allSatisfy { $0.path.hasPrefix("messages[") })
    }

    @available(SkillCheckTesting, *)
    @Test("messages no expect covered are failures in an exhaustive transcript, and fine in a non-exhaustive one")
    func uncheckedMessages() throws {
        let json = """
            {"schema": "skillcheck.transcript/1", "skills": ["echo"], EXHAUSTIVE "steps": [
              {"send": "echo a"},
              {"expect": {"messages": [{"role": "user", "content": "echo a", "at": 0}]}},
              {"send": "echo b"}]}
            """
        let strict = try Fixtures.replay(json.replacingOccurrences(of: "EXHAUSTIVE", with: ""))
        #expect(strict.differences.map(\.kind) == [.extra, .unchecked, .unchecked])
        let loose = try Fixtures.replay(json.replacingOccurrences(of: "EXHAUSTIVE", with: #""exhaustive": false,"#))
        #expect(loose.passed, "\(loose.report)")
    }

    @available(SkillCheckTesting, *)
    @Test("matchers: ignore, regex, type, tolerance and unordered")
    func matchers() throws {
        func transcript(slowAt: Double, extraMatchers: String = "") -> String {
            """
            {"schema": "skillcheck.transcript/1", "skills": ["slow", "echo"], "steps": [
              {"send": "slow 1500ms"}, {"send": "echo x"},
              {"expect": {
                "messages": [
                  {"role": "user", "content": "anything", "at": 0},
                  {"role": "agent", "content": "slept", "skillID": "slow", "at": \(slowAt)},
                  {"role": "agent", "content": "x", "skillID": "echo", "at": 1.5},
                  {"role": "user", "content": "echo x", "at": 1.5}
                ],
                "state": "?",
                "matchers": {
                  \(extraMatchers)
                  "/messages": "unordered",
                  "/messages/*/content": {"regex": "^(slow|slept|echo|x)"},
                  "/messages/*/at": {"tolerance": 0.2},
                  "/state": {"type": "string"}
                }}}]}
            """
        }
        // `unordered` compares the messages as a multiset; the other matchers apply inside each element,
        // and a regex looks at the actual value only, so "anything" is fine.
        let result = try Fixtures.replay(transcript(slowAt: 1.4))
        #expect(result.passed, "\(result.report)")
        let late = try Fixtures.replay(transcript(slowAt: 1.0, extraMatchers: #""/messages/*/skillID": "ignore","#))
        #expect(late.differences.count == 1, "\(late.report)")
        #expect(late.differences.first?.note == "not the same elements in any order")
    }

    @available(SkillCheckTesting, *)
    @Test("a regex matcher that does not match is a difference naming the pattern")
    func regexMismatch() throws {
        let result = try Fixtures.replay(
            """
            {"schema": "skillcheck.transcript/1", "skills": ["echo"], "steps": [{"send": "echo abc"},
             {"expect": {"messages": [{"role": "user", "content": "echo abc", "at": 0},
                                      {"role": "agent", "content": "", "skillID": "echo", "at": 0}],
                         "matchers": {"/messages/1/content": {"regex": "^[0-9]+$"}}}}]}
            """)
        #expect(result.differences.count == 1)
        #expect(result.differences.first?.note == "does not match the regex")
    }

    @available(SkillCheckTesting, *)
    @Test("a send that can never finish is a replay difference, not a hang")
    func stalledSend() throws {
        let result = try Fixtures.replay(
            """
            {"schema": "skillcheck.transcript/1", "skills": ["slow"], "engine": {"timeout": "20000h"},
             "steps": [{"send": "slow 10000h"}]}
            """)
        #expect(result.differences.first?.kind == .replay)
    }

    @available(SkillCheckTesting, *)
    @Test("cancel of a send that does not exist is reported")
    func cancelMissing() throws {
        let result = try Fixtures.replay(#"{"schema": "skillcheck.transcript/1", "skills": [], "steps": [{"cancel": 3}]}"#)
        #expect(result.differences.first?.note == "there is no such send (0 so far)")
    }

    @available(SkillCheckTesting, *)
    @Test("secrets never appear in a diff")
    func secretsRedacted() throws {
        let result = try Fixtures.replay(
            """
            {"schema": "skillcheck.transcript/1", "skills": ["echo"], "steps": [{"send": "echo Bearer abcdefghijklmnop"},
             {"expect": {"messages": [{"role": "user", "content": "x", "at": 0}, {"role": "agent", "content": "y", "skillID": "echo", "at": 0}]}}]}
            """)
        #expect(!result.report.contains("abcdefghijklmnop"))
        #expect(result.report.contains("«redacted»"))
    }
}

@Suite("Transcript errors")
struct TranscriptErrorTests {
    @available(SkillCheckTesting, *)
    @Test("an error about a value that looks like a secret does not print the secret")
    func redacted() {
        do {
            _ = try Fixtures.transcript(
                #"{"schema": "skillcheck.transcript/1", "skills": [], "steps": [{"advance": "Bearer abcdefghijklmnop"}]}"#)
            Issue.record("expected an error")
        } catch let error as TranscriptError {
            #expect(!error.description.contains("abcdefghijklmnop"))
            #expect(error.description.hasSuffix(#"found "Bearer «redacted»""#))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}

/// Keeps a copy of each note in a file of its own: a transcript of it passes or fails with what is on the disk.
private struct FileNoteSkill: AgentSkill {
    let id = "file-note"
    let displayName = "File note"
    let description = "Notes a line in a file, such as 打卡."
    let keywords = ["打卡"]

    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("skillcheck-file-note-\(getpid())")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(input.rawText.utf8).write(to: file)
        return SkillOutput(summary: "打卡成功")
    }
}

@Suite("Replayer: the real world")
struct ReplayRealWorldTests {
    @available(SkillCheckTesting, *)
    @Test("a skill that writes a file outside its context fails its replay, naming the function, even when its messages match")
    func fileWrite() throws {
        let transcript = try Fixtures.transcript(
            """
            {"schema": "skillcheck.transcript/1", "skills": ["file-note"],
             "steps": [
               {"send": "打卡"},
               {"expect": {"messages": [
                 {"role": "user", "content": "打卡", "at": 0},
                 {"role": "agent", "content": "打卡成功", "skillID": "file-note", "at": 0}
               ]}}
             ]}
            """)
        let result = try Replayer(skills: [FileNoteSkill()]).replay(transcript)
        guard RealWorldObservation.isAvailable else { return }
        #expect(!result.passed)
        #expect(!result.differences.isEmpty && result.differences.allSatisfy { $0.kind == .replay })
        #expect(result.differences.first?.note?.contains("skillcheck-file-note-") == true)
        #expect(result.differences.first?.note?.contains("FileNoteSkill.execute(input:context:)") == true, "\(result.report)")
    }
}
