import Foundation
import SkillConformance
import SkillKit
import Testing

/// Samples that read what an earlier call saved declare it, and every check saves it before the sample runs.
@Suite("What the samples expect in storage")
struct SampleStorageTests {
    /// Reads a file from the store; a missing file is the caller's mistake.
    struct ReadFileTool: ToolSkill {
        let id = "files.read"
        let name = "read_file"
        let description = "Reads a text file."
        let inputSchema: JSON = [
            "type": "object", "properties": ["path": ["type": "string"]], "required": ["path"], "additionalProperties": false,
        ]
        let context: SkillContext
        var declaresStorage = true

        var sampleArguments: [JSON] { [["path": "/notes/todo.md"]] }
        var sampleStorage: [String: [StoredDocument]] {
            declaresStorage ? ["files": [StoredDocument(id: "/notes/todo.md", data: Data("- buy milk".utf8))]] : [:]
        }

        func execute(arguments: Data) async throws -> String {
            struct Arguments: Decodable { let path: String }
            let path = try decodeArguments(Arguments.self, from: arguments).path
            let data: Data?
            do {
                data = try await context.storage.document(id: path, in: "files")
            } catch let error as CancellationError {
                throw error
            } catch {
                throw SkillError.executionFailed("could not read \(path)")
            }
            guard let data else { throw SkillError.invalidInput("path: no file at \(path)") }
            return String(decoding: data, as: UTF8.self)
        }
    }

    /// Counts the lines of the note it is asked about.
    struct LineCountSkill: AgentSkill {
        let id = "lines"
        let displayName = "Lines"
        let description = "Counts a note's lines."
        let keywords = ["lines"]
        var samples: SkillSamples {
            SkillSamples(
                handled: ["lines todo"], unhandled: ["weather in Paris"],
                storage: ["notes": [StoredDocument(id: "todo", data: Data("a\nb\nc".utf8))]])
        }

        func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
            let name = input.rawText.replacingOccurrences(of: "lines", with: "").trimmingCharacters(in: .whitespaces)
            let found: Data?
            do {
                found = try await context.storage.document(id: name, in: "notes")
            } catch let error as CancellationError {
                throw error
            } catch {
                throw SkillError.executionFailed("could not read \(name)")
            }
            guard let data = found else { throw SkillError.invalidInput("no note called \(name)") }
            return SkillOutput(summary: "\(String(decoding: data, as: UTF8.self).split(separator: "\n").count) lines")
        }
    }

    @Test("a read tool's sample finds its file: TOOL-3 passes; without the declaration it fails, naming the sample")
    func toolSamplesFindTheirFile() async {
        let declared = await SkillConformance.check(for: "TOOL-3").run(SkillUnderTest(tool: { ReadFileTool(context: $0) }))
        #expect(!declared.isEmpty && declared.allSatisfy { $0.outcome == .passed }, "\(declared.map(\.message))")
        let undeclared = await SkillConformance.check(for: "TOOL-3").run(
            SkillUnderTest(tool: { ReadFileTool(context: $0, declaresStorage: false) }))
        #expect(undeclared.contains { $0.outcome == .failed && $0.observed.contains("no file at /notes/todo.md") })
    }

    @Test("the stored documents are fixtures, not the skill's writes: CAN-1 and ERR-1 judge only the skill's own operations")
    func fixturesAreNotOperations() async {
        for rule in ["CAN-1", "ERR-1", "TOOL-5", "TIME-2", "CAN-2"] {
            let findings = await SkillConformance.check(for: rule).run(SkillUnderTest(tool: { ReadFileTool(context: $0) }))
            #expect(findings.allSatisfy { $0.outcome == .passed || $0.outcome == .notApplicable }, "\(rule): \(findings.map(\.message))")
        }
    }

    @Test("an agent skill declares them in its samples")
    func agentSamples() async {
        for rule in ["ERR-1", "TIME-2", "SEND-2"] {
            let findings = await SkillConformance.check(for: rule).run(SkillUnderTest(LineCountSkill()))
            #expect(findings.allSatisfy { $0.outcome == .passed || $0.outcome == .notApplicable }, "\(rule): \(findings.map(\.message))")
        }
        let decoded = try? JSONDecoder().decode(SkillSamples.self, from: Data(#"{"handled": ["lines todo"]}"#.utf8))
        #expect(decoded == SkillSamples(handled: ["lines todo"]))
    }
}
