import Foundation
import Testing

@testable import SkillConformance

@Suite("The static analysis reads the compiler's output and the symbol graph")
struct StaticAnalysisTests {
    static let fixtureFile = "/work/wt-static/Examples/BrokenSkills/Sources/LegacyBrokenSkills/QuoteOfTheDaySkill.swift"

    @Test("each diagnostic is parsed once, in order, with its location, message and group; excerpts and notes are skipped")
    func parsesAndDeduplicates() {
        let found = CompilerDiagnostic.parse(CapturedBuild.log)
        #expect(found.map { "\($0.line):\($0.column)" } == ["5:16", "4:9", "9:9", "18:9"])
        #expect(found.allSatisfy { $0.severity == .warning })
        #expect(found[0].group == "MutableGlobalVariable")
        #expect(found[0].message.hasPrefix("static property 'shared' is not concurrency-safe"))
        #expect(found[1].group == nil && found[1].conformingTypeName == "Holder")
        #expect(found[2].group == "SendingRisksDataRace")
        #expect(found[3].file == Self.fixtureFile && found[3].conformingTypeName == "QuoteOfTheDaySkill")
        #expect(found.allSatisfy { $0.isConcurrencyRelated })
        #expect(found[1].description == "\(CapturedBuild.probeFile):4:9: warning: " + found[1].message)
    }

    @Test("a failed build's errors are parsed as errors")
    func parsesErrors() {
        let found = CompilerDiagnostic.parse(CapturedBuild.failedLog)
        #expect(found.map(\.severity) == [.error, .error])
        #expect(found.map(\.line) == [5, 4])
    }

    @Test("lines that only look like diagnostics are not parsed")
    func ignoresOtherLines() {
        let lines = [
            "error: emit-module command failed with exit code 1 (use -v to see invocation)",
            "   |         `- warning: stored property 'box' of 'Sendable'-conforming struct 'Holder'",
            "[16/16] Emitting module SkillKit", "warning: 'x': no file",
        ]
        #expect(CompilerDiagnostic.parse(lines.joined(separator: "\n")).isEmpty)
    }

    /// The probe analysed as a package: Holder holds a Box; Fine has a `nonisolated(unsafe)` static.
    static func probe() throws -> StaticAnalysis {
        try StaticAnalysis(
            package: URL(fileURLWithPath: "/tmp/probe-diag"), buildLog: CapturedBuild.log,
            symbolGraphs: [Data(CapturedBuild.symbolGraph.utf8)],
            sources: [.init(file: CapturedBuild.probeFile, module: "Probe", text: CapturedBuild.probeSource)]
        )
    }

    @Test("diagnostics are attributed to a type by the name in the message or by the line inside its declaration")
    func attributesDiagnostics() throws {
        let analysis = try Self.probe()
        let holder = try #require(analysis.report(typeName: "Holder"))
        #expect(holder.line == 3 && holder.file == CapturedBuild.probeFile)
        #expect(holder.storedTypes == ["box: Box"])
        // By name: 'Holder' in the message; by line: the static (line 5) and the Task in run() (line 9).
        #expect(holder.diagnostics.map(\.line) == [5, 4, 9])
        let fine = try #require(analysis.report(typeName: "Fine"))
        #expect(fine.diagnostics.isEmpty)
        #expect(analysis.report(typeName: "Nowhere") == nil)
    }

    @Test("SEND-1 fails once per diagnostic, saying where and what the compiler said; a clean type passes")
    func sendOneFindings() throws {
        let analysis = try Self.probe()
        let holder = analysis.sendableFindings(typeName: "Holder", skillID: "holder")
        #expect(holder.map(\.outcome) == [.failed, .failed, .failed])
        #expect(holder[1].subject == "Holder at \(CapturedBuild.probeFile):4:9")
        #expect(holder[1].observed.contains("has non-Sendable type 'Box'"))
        #expect(holder[1].message.contains(RuleCatalog.standard["SEND-1"]!.troubleshooting.fix))
        #expect(analysis.sendableFindings(typeName: "Fine", skillID: "fine").map(\.outcome) == [.passed])
        let missing = analysis.sendableFindings(typeName: "Nowhere", skillID: "x")
        #expect(missing.map(\.outcome) == [.failed] && missing[0].observed.contains("Holder"))
    }

    @Test("SEND-3 lists each escape hatch: a warning until SEND-2 is known to pass, then a pass")
    func sendThreeFindings() throws {
        let analysis = try Self.probe()
        let fine = analysis.escapeHatchFindings(typeName: "Fine", skillID: "fine", sendTwoPassed: false)
        #expect(fine.map(\.outcome) == [.warning])
        #expect(fine[0].subject == "`nonisolated(unsafe)` at \(CapturedBuild.probeFile):15:5")
        #expect(fine[0].observed.contains("needs SEND-2 to pass"))
        #expect(analysis.escapeHatchFindings(typeName: "Fine", skillID: "fine", sendTwoPassed: true).map(\.outcome) == [.passed])
        #expect(analysis.escapeHatchFindings(typeName: "Holder", skillID: "holder", sendTwoPassed: false).map(\.outcome) == [.passed])
    }

    @Test(
        "an escape hatch belongs to the skill when it is in its file's imports, its declaration, or a stored property's type (private, or by extension)"
    )
    func attributesEscapeHatches() throws {
        let file = "/pkg/Sources/M/Skill.swift"
        let source = """
            @preconcurrency import Dispatch
            struct Skill: Sendable {
                let memo: Memo
                private let hidden: Hidden
            }
            extension Memo: @unchecked Sendable {}
            final class Memo { var n = 0 }
            @preconcurrency
            struct Other {}
            private final class Hidden: @unchecked Sendable {}
            """
        // As the compiler writes them (0-based lines); private declarations have no location.
        func symbol(_ usr: String, _ kind: String, _ path: String, line: Int?, fragments: String = "[]") -> String {
            let location = line.map { #""location": {"uri": "file://\#(file)", "position": {"line": \#($0), "character": 0}}, "# } ?? ""
            return #"{"identifier": {"precise": "\#(usr)"}, "kind": {"identifier": "swift.\#(kind)"}, "pathComponents": \#(path), "#
                + location + #""declarationFragments": \#(fragments)}"#
        }
        func stored(_ type: String, _ usr: String) -> String {
            #"[{"kind": "keyword", "spelling": "let"}, {"kind": "typeIdentifier", "spelling": "\#(type)", "preciseIdentifier": "\#(usr)"}]"#
        }
        let graph =
            #"{"module": {"name": "M"}, "symbols": ["#
            + [
                symbol("s:1M5SkillV", "struct", #"["Skill"]"#, line: 1),
                symbol("s:1M5SkillV4memo", "property", #"["Skill", "memo"]"#, line: 2, fragments: stored("Memo", "s:1M4MemoC")),
                symbol("s:1M5SkillV6hidden", "property", #"["Skill", "hidden"]"#, line: nil, fragments: stored("Hidden", "s:1M6HiddenC")),
                symbol("s:1M4MemoC", "class", #"["Memo"]"#, line: 6),
                symbol("s:1M5OtherV", "struct", #"["Other"]"#, line: 8),
                symbol("s:1M6HiddenC", "class", #"["Hidden"]"#, line: nil),
            ].joined(separator: ", ") + "]}"
        let analysis = try StaticAnalysis(
            package: URL(fileURLWithPath: "/pkg"), buildLog: "", symbolGraphs: [Data(graph.utf8)],
            sources: [.init(file: file, module: "M", text: source)])
        let skill = try #require(analysis.report(typeName: "Skill"))
        #expect(skill.storedTypes == ["hidden: Hidden", "memo: Memo"])
        #expect(skill.escapeHatches.map(\.line) == [1, 6, 10])
        #expect(analysis.report(typeName: "Other")?.escapeHatches.map(\.line) == [1, 8])
        #expect(analysis.report(typeName: "Memo")?.escapeHatches.map(\.line) == [1, 6])
    }

    @Test("escape hatches are found in code, not in comments or string literals")
    func scansEscapeHatches() {
        let source = #"""
            @preconcurrency import Dispatch
            // final class A: @unchecked Sendable {}
            /* nonisolated(unsafe) /* nested */ @preconcurrency */
            let text = "@unchecked Sendable"
            let raw = #"nonisolated(unsafe)"#
            let block = """
                @preconcurrency
                """
            final class Memo: @unchecked Sendable {
                nonisolated(unsafe) var count = 0
            }
            """#
        let found = EscapeHatch.scan(source, file: "M.swift")
        #expect(found.map(\.kind) == [.preconcurrency, .uncheckedSendable, .nonisolatedUnsafe])
        #expect(found.map(\.line) == [1, 9, 10])
        #expect(found[1].column == 19 && found[1].text == "final class Memo: @unchecked Sendable {")
    }

    @Test("a skill's type name comes from its instance, the module kept as a hint")
    func typeNames() {
        #expect(SkillDeclaration.split("ReferenceSkills.NoteSkill") == ("ReferenceSkills", "NoteSkill"))
        #expect(SkillDeclaration.split("Skills.Outer.Inner") == ("Skills", "Outer.Inner"))
        #expect(SkillDeclaration.split("Skills.Box<Swift.Int>") == ("Skills", "Box"))
        let declared = SkillUnderTest(EchoSkill(), declaredIn: URL(fileURLWithPath: "/tmp/x/../pkg"))
        #expect(declared.declaration?.typeName == "EchoSkill")
        #expect(declared.declaration?.moduleHint == "SkillConformanceTests")
        #expect(declared.declaration?.package.path == "/tmp/pkg")
    }

    @Test("the scratch path is keyed by the package's absolute path, so two packages never share one")
    func scratchPathsAreKeyed() {
        let options = StaticAnalysis.Options(scratchRoot: URL(fileURLWithPath: "/tmp/scratch"))
        let a = StrictBuild.scratchPath(for: URL(fileURLWithPath: "/work/a/Skills"), options: options)
        let b = StrictBuild.scratchPath(for: URL(fileURLWithPath: "/work/b/Skills"), options: options)
        #expect(a != b)
        #expect(a.path.hasPrefix("/tmp/scratch/Skills-") && b.path.hasPrefix("/tmp/scratch/Skills-"))
        #expect(a == StrictBuild.scratchPath(for: URL(fileURLWithPath: "/work/a/./Skills"), options: options))
        let local = StrictBuild.scratchPath(for: URL(fileURLWithPath: "/work/a/Skills"), options: .init())
        #expect(local.path.hasPrefix("/work/a/Skills/.build/skillcheck-strict/Skills-"))
    }
}
