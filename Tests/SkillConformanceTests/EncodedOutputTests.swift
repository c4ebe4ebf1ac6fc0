import Foundation
import SkillConformance
import SkillKit
import SkillTesting
import Synchronization
import Testing

@testable import SkillConformance

/// `JSONEncoder` writes a struct's keys in the order of a dictionary it builds, and that order changes from one
/// dictionary to the next within one process: the rules that compare two runs compare JSON by value.
@Suite("Rules that compare runs read JSON output as JSON")
struct EncodedOutputTests {
    /// Saves a record and answers it, both encoded by a plain `JSONEncoder` (no `.sortedKeys`), as most tools do.
    struct RecordTool: ToolSkill {
        let id = "record.save"
        let name = "save_record"
        let description = "Saves a record and returns it."
        let inputSchema: JSON = [
            "type": "object", "properties": ["title": ["type": "string"]], "required": ["title"], "additionalProperties": false,
        ]
        let context: SkillContext
        /// A value in the output that is not the same twice, when set: a real difference inside JSON.
        var counter: Counter? = nil
        /// Saves the record and a copy at once (`async let`), or one after the other.
        var atOnce = true

        struct Arguments: Decodable { let title: String }
        struct Record: Codable {
            var title, kind, owner, state, colour, size, shape, origin: String
            var count: Int
        }

        final class Counter: Sendable {
            let value = Mutex(0)
            func next() -> Int {
                value.withLock {
                    $0 += 1
                    return $0
                }
            }
        }

        func execute(arguments: Data) async throws -> String {
            let title = try decodeArguments(Arguments.self, from: arguments).title
            let record = Record(
                title: title, kind: "note", owner: "me", state: "open", colour: "red", size: "small", shape: "round", origin: "app",
                count: counter?.next() ?? 1)
            let encoder = JSONEncoder()
            encoder.outputFormatting = .prettyPrinted
            do {
                try Task.checkCancellation()
                let data = try encoder.encode(record)
                if atOnce {
                    async let original: Void = context.storage.saveDocument(data, id: title, in: "records")
                    async let copy: Void = context.storage.saveDocument(data, id: title + "-copy", in: "records")
                    _ = try await (original, copy)
                } else {
                    try await context.storage.saveDocument(data, id: title, in: "records")
                }
                return String(decoding: try encoder.encode([record]), as: UTF8.self)
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                throw SkillError.executionFailed("could not save \(title)")
            }
        }
    }

    @Test("a tool that answers and stores JSON in another key order each run passes the rules that compare runs")
    func keyOrder() async {
        let skill = SkillUnderTest(tool: { context in RecordTool(context: context) })
        for rule in ["TOOL-5", "SEND-2", "SEND-4", "SEND-5"] {
            let findings = await SkillConformance.check(for: rule).run(skill)
            #expect(!findings.isEmpty && findings.allSatisfy { $0.outcome == .passed }, "\(rule): \(findings.map(\.message))")
        }
    }

    @Test("a request that never runs two parts at once has nothing for SEND-5 to reorder: not applicable, never a pass")
    func nothingToReorder() async {
        let findings = await SkillConformance.check(for: "SEND-5").run(
            SkillUnderTest(tool: { context in RecordTool(context: context, atOnce: false) }))
        #expect(findings.map(\.outcome) == [.notApplicable])
        #expect(
            findings.first?.observed.contains("nothing to reorder: no two parts of the request were ever ready at once (one interleaving)")
                == true)
    }

    /// A tool that reads one document and answers "A", except on one call, given by number, where it answers "B": a
    /// random line the reference runs happened to share (`["Checking…", "One moment…"].randomElement()`).
    struct LuckyLineTool: ToolSkill {
        let id = "lucky.line"
        let name = "lucky_line"
        let description = "Answers a line."
        let inputSchema: JSON = ["type": "object", "properties": [:], "additionalProperties": false]
        var sampleArguments: [JSON] { [[:]] }
        let context: SkillContext
        let calls: RecordTool.Counter
        let differentCall: Int
        /// Reads two documents at once, so that a schedule has a choice to make.
        var twoParts = false

        func execute(arguments: Data) async throws -> String {
            if twoParts {
                async let first = try? context.storage.document(id: "first", in: "lines")
                async let second = try? context.storage.document(id: "second", in: "lines")
                _ = await (first, second)
            } else {
                _ = try? await context.storage.document(id: "line", in: "lines")
            }
            // The call after the different one differs again: what a random line does when the same schedule runs again.
            return switch calls.next() - differentCall {
            case 0: "B"
            case 1: "C"
            default: "A"
            }
        }
    }

    @Test("an answer that differs under a schedule that made no choice is not blamed on the order: skipped, never a SEND-5 failure")
    func differsWithoutReorder() async {
        let findings = await Self.firstScheduleAnswersDifferently(twoParts: false)
        #expect(findings.map(\.outcome) == [.skipped(reason: ProbeFailure.nondeterministicReason)], "\(findings.map(\.message))")
    }

    /// SEND-5's findings for a ``LuckyLineTool`` whose call in the first schedule answers differently, its reference
    /// and that reference's repeat agreeing.
    static func firstScheduleAnswersDifferently(twoParts: Bool) async -> [Finding] {
        // How many calls the check makes before its first schedule: every call, less the reference, its repeat and the schedules.
        let counting = RecordTool.Counter()
        _ = await SkillConformance.check(for: "SEND-5").run(
            SkillUnderTest(tool: { context in LuckyLineTool(context: context, calls: counting, differentCall: 0, twoParts: twoParts) }))
        let before = counting.next() - 1 - 2 - CheckLimits().schedules
        let calls = RecordTool.Counter()
        return await SkillConformance.check(for: "SEND-5").run(
            SkillUnderTest(tool: { context in
                LuckyLineTool(context: context, calls: calls, differentCall: before + 3, twoParts: twoParts)
            }))
    }

    @Test("an answer that differs under a schedule that made choices, but not when that schedule runs again, is skipped, not a failure")
    func differsOnlyOnce() async {
        let findings = await Self.firstScheduleAnswersDifferently(twoParts: true)
        #expect(findings.map(\.outcome) == [.skipped(reason: ProbeFailure.nondeterministicReason)], "\(findings.map(\.message))")
        // A schedule that gives the same different answer every time it runs is the order's doing: it still fails.
        let ordered = await SkillConformance.check(for: "SEND-5").run(
            SkillUnderTest(tool: { context in AppendingTool(context: context) }))
        #expect(ordered.map(\.outcome) == [.failed], "\(ordered.map(\.message))")
    }

    /// Reads two documents at once and answers their names in the order the reads finished: the order's doing.
    struct AppendingTool: ToolSkill {
        let id = "appending"
        let name = "appending"
        let description = "Answers what finished first."
        let inputSchema: JSON = ["type": "object", "properties": [:], "additionalProperties": false]
        var sampleArguments: [JSON] { [[:]] }
        let context: SkillContext

        final class Finished: Sendable {
            let names = Mutex<[String]>([])
        }

        func execute(arguments: Data) async throws -> String {
            let finished = Finished()
            let storage = context.storage
            await withTaskGroup(of: Void.self) { group in
                for name in ["first", "second"] {
                    group.addTask {
                        _ = try? await storage.document(id: name, in: "lines")
                        finished.names.withLock { $0.append(name) }
                    }
                }
            }
            return finished.names.withLock { $0.joined(separator: ",") }
        }
    }

    @Test("a value that differs inside JSON output still fails TOOL-5")
    func valueInsideJSON() async {
        let counter = RecordTool.Counter()
        let findings = await SkillConformance.check(for: "TOOL-5").run(
            SkillUnderTest(tool: { context in RecordTool(context: context, counter: counter) }))
        #expect(findings.map(\.outcome) == [.failed])
        #expect(findings.first?.observed.contains(#"/output/summary: "[{"colour":"red","count":"#) == true, "\(findings.map(\.message))")
    }

    @Test("comparable JSON: keys sorted, whitespace gone, arrays in their order, JSON Lines a line at a time, other text as it is")
    func comparable() {
        #expect(JSON.comparable("{\n  \"b\" : 2,\n  \"a\" : [1, {\"d\": null, \"c\": true}]\n}") == #"{"a":[1,{"c":true,"d":null}],"b":2}"#)
        #expect(JSON.comparable("[2, 1]") != JSON.comparable("[1, 2]"))
        #expect(JSON.comparable("{\"b\":1,\"a\":2}\n\n{\"d\":3,\"c\":4}\n") == "{\"a\":2,\"b\":1}\n{\"c\":4,\"d\":3}")
        for text in ["第 1 次查询", "{not json", "[1, 2] and more", "{\"a\":1}\nplain", "", "  42  "] {
            #expect(JSON.comparable(text) == text)
        }
    }
}
