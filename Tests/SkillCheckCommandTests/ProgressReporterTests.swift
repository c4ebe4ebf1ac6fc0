import Foundation
import SkillCheckCommand
import TestSupport
import Testing

@Suite("ProgressReporter")
struct ProgressReporterTests {
    @available(SkillCheckTesting, *)
    func exercise(_ progress: ProgressReporter) {
        progress.stageStarted(.static, detail: "building with -strict-concurrency=complete")
        progress.stageFinished(StageResult(.static, .ran, seconds: 2))
        progress.stageStarted(.conformance)
        progress.skillStarted("NoteSkill", stage: .conformance)
        progress.skillFinished("NoteSkill", stage: .conformance, summary: "21 passed, 1 failed", failed: true)
        progress.note("harness: /tmp/h")
        progress.stageFinished(StageResult(.static, .buildFailed, diagnostics: ["a", "b"]))
        progress.finish()
    }

    @available(SkillCheckTesting, *)
    @Test("plain lines off a terminal: a line per stage and per skill, no escape codes")
    func lines() {
        let text = Captured()
        exercise(ProgressReporter(style: .lines, write: text.append))
        #expect(
            text.value == """
                [static] building with -strict-concurrency=complete…
                ✔ static: done in 2.0 s
                [conformance] running…
                [conformance] NoteSkill…
                ✘ [conformance] NoteSkill: 21 passed, 1 failed
                  harness: /tmp/h
                ✘ static: build failed (2 lines of diagnostics)

                """)
    }

    @available(SkillCheckTesting, *)
    @Test("live on a terminal: the current step rewrites one line; finished steps stay; finish clears the line")
    func live() {
        let text = Captured()
        exercise(ProgressReporter(style: .live, width: 30, write: text.append))
        let clear = "\r\u{1B}[2K"
        #expect(
            text.value.hasPrefix(clear + "[static] building with -stri…" + clear + "✔ static: done in 2.0 s\n[static] building with -stri…")
        )
        #expect(
            text.value.contains(
                clear + "[conformance] NoteSkill…" + clear + "✘ [conformance] NoteSkill: 21 passed, 1 failed\n[conformance] NoteSkill…"))
        #expect(text.value.hasSuffix(clear))
        #expect(!text.value.contains("\u{1B}[3"), "no colour unless asked")
    }

    @available(SkillCheckTesting, *)
    @Test("colour only when asked; silent writes nothing")
    func colourAndSilence() {
        let coloured = Captured()
        exercise(ProgressReporter(style: .lines, colour: true, write: coloured.append))
        #expect(coloured.value.contains("\u{1B}[32m✔\u{1B}[0m static: done"))
        let silent = Captured()
        exercise(ProgressReporter(style: .silent, colour: true, write: silent.append))
        #expect(silent.value.isEmpty)
    }
}
