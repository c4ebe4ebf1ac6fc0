import Foundation
import SkillCheckSupport

/// Shows a check as it runs: a line per stage and per skill, on standard error, so that it never mixes
/// with the report on standard output.
///
/// On a terminal (`.live`) the current step is one line, rewritten in place, and only finished stages
/// and skills stay on screen; elsewhere (`.lines`: a CI log, a file) every step is a plain line of its
/// own. Colour is used only on a terminal and never when `NO_COLOR` is set.
///
/// ```swift
/// let progress = ProgressReporter(style: .lines) { FileHandle.standardError.write(Data($0.utf8)) }
/// progress.stageStarted(.conformance, detail: "2 skills")
/// progress.skillStarted("NoteSkill", stage: .conformance)
/// progress.skillFinished("NoteSkill", stage: .conformance, summary: "22 passed")
/// progress.stageFinished(StageResult(.conformance, .ran, seconds: 4.2))
/// progress.finish()
/// ```
@available(SkillCheckTesting, *)
package final class ProgressReporter: Sendable {
    package enum Style: Sendable, Hashable {
        /// One line rewritten in place (a terminal).
        case live
        /// Plain lines (a log, a pipe, a file).
        case lines
        /// Nothing.
        case silent
    }

    struct State {
        var current: String?
        /// The last step a `.lines` reporter printed, so that a build's progress is one line, not one per file.
        var lastStep: String?
    }

    package let style: Style
    package let colour: Bool
    let width: Int
    let write: @Sendable (String) -> Void
    let state = Locked(State())

    /// A reporter that hands each piece of text to `write`.
    package init(style: Style, colour: Bool = false, width: Int = 80, write: @escaping @Sendable (String) -> Void) {
        self.style = style
        self.colour = colour && style != .silent
        self.width = max(20, width)
        self.write = write
    }

    /// A reporter that shows nothing.
    package static let silent = ProgressReporter(style: .silent) { _ in }

    package func stageStarted(_ stage: StageResult.Stage, detail: String = "") {
        show("[\(stage.rawValue)] " + (detail.isEmpty ? "running…" : detail + "…"))
    }

    package func skillStarted(_ type: String, stage: StageResult.Stage) {
        show("[\(stage.rawValue)] \(type)…")
    }

    /// A skill is done in `stage`; `summary` says how it went, such as "22 passed, 1 failed".
    package func skillFinished(_ type: String, stage: StageResult.Stage, summary: String, failed: Bool = false) {
        keep(mark(failed ? .failed : .passed) + " [\(stage.rawValue)] \(type): \(summary)")
    }

    /// What is happening now, such as "building the harness": the live line, or a plain line.
    package func status(_ text: String) {
        show(text)
    }

    /// A line worth keeping on screen, such as where the harness was generated.
    package func note(_ text: String) {
        keep("  " + text)
    }

    package func stageFinished(_ result: StageResult) {
        var text = "\(result.stage.rawValue): "
        switch result.status {
        case .ran: text += "done" + (result.seconds.map { String(format: " in %.1f s", $0) } ?? "")
        case .reused: text += "reused" + (result.reason.map { " (\($0))" } ?? "")
        case .skipped: text += "skipped" + (result.reason.map { " (\($0))" } ?? "")
        case .buildFailed:
            let count = result.diagnostics.count
            text += "build failed" + (count == 0 ? "" : " (\(count) line\(count == 1 ? "" : "s") of diagnostics)")
        case .error: text += "could not finish" + (result.reason.map { ": \($0)" } ?? "")
        }
        let outcome: Mark =
            switch result.status {
            case .ran, .reused: .passed
            case .skipped: .skipped
            case .buildFailed, .error: .failed
            }
        keep(mark(outcome) + " " + text)
    }

    /// Clears the live line, so that what follows starts on a clean line.
    package func finish() {
        state.withLock { state in
            if style == .live, state.current != nil { write("\r\u{1B}[2K") }
            state.current = nil
        }
    }

    enum Mark { case passed, failed, skipped }

    func mark(_ mark: Mark) -> String {
        let (glyph, code) =
            switch mark {
            case .passed: ("✔", "32")
            case .failed: ("✘", "31")
            case .skipped: ("–", "33")
            }
        return colour ? "\u{1B}[\(code)m\(glyph)\u{1B}[0m" : glyph
    }

    /// The current step: rewritten in place when live, a line of its own otherwise.
    func show(_ text: String) {
        state.withLock { state in
            switch style {
            case .silent: break
            case .lines:
                // A forwarded build line (`… [12/400] Compiling …`) shows as the step it belongs to, once.
                let step = text.firstRange(of: Self.buildCounter).map { String(text[..<$0.lowerBound]) } ?? text
                guard step != state.lastStep else { return }
                state.lastStep = step
                write(step + "\n")
            case .live:
                write("\r\u{1B}[2K" + clipped(text))
                state.current = text
            }
        }
    }

    /// A line that stays: printed above the live line, which is then drawn again.
    func keep(_ text: String) {
        state.withLock { state in
            switch style {
            case .silent: break
            case .lines: write(text + "\n")
            case .live:
                write("\r\u{1B}[2K" + text + "\n" + (state.current.map(clipped) ?? ""))
            }
        }
    }

    /// SwiftPM's build counter, ` [12/400]`, which starts each line a build prints.
    nonisolated(unsafe) static let buildCounter = #/ \[\d+/\d+\]/#

    func clipped(_ text: String) -> String {
        text.count < width ? text : String(text.prefix(width - 2)) + "…"
    }
}
