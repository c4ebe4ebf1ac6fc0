import Foundation
import SkillCheckSupport

/// Writes observed transcripts: over the expectation in record mode, or to the artifacts folder.
///
/// Recording edits the transcript file in place and changes only the `expect` values that differ
/// from what was observed: every other byte stays as written, and a value a matcher governs is never
/// replaced by a literal. It writes all of a transcript or nothing: a value that changes from one
/// replay to the next, a matcher that now fails, something observed after the last `expect` step or
/// a value that looks like a secret stops the write, and the outcome says where.
///
/// ```swift
/// let result = try replayer.replay(transcript, recordMode: .failed)
/// let outcome = try Recorder(mode: .failed).record(result, replayer: replayer, to: url)
/// ```
@available(SkillCheckTesting, *)
package struct Recorder: Sendable {
    /// What recording did with one transcript.
    package enum Outcome: Sendable, Hashable {
        /// Nothing to write, or the mode forbids it.
        case untouched
        /// The transcript file was rewritten.
        case written
        /// The observed values look like secrets at these JSON pointers, so nothing was written.
        case refusedSecrets([String])
        /// These values differed between two replays, so nothing was written: each needs a matcher.
        case refusedNondeterministic([Nondeterminism])
        /// These values cannot be recorded truthfully (a matcher that fails, something observed after
        /// the last `expect` step), so nothing was written.
        case refusedUnrecordable([Unrecordable])
    }

    /// Recording could not read back the file it is to edit.
    package struct RecordError: Error, Sendable, CustomStringConvertible {
        package var file: String
        package var reason: String
        package var description: String { "\(file): not recorded: \(reason)" }
    }

    package var mode: RecordMode

    package init(mode: RecordMode) {
        self.mode = mode
    }

    /// Whether `result` should be written over its transcript under ``mode``.
    package func shouldWrite(_ result: ReplayResult) -> Bool {
        if result.differences.contains(where: { $0.kind == .replay }) { return false }
        switch mode {
        case .never: return false
        case .missing: return result.passed && result.hasMissingExpectations
        case .failed: return !result.passed || result.hasMissingExpectations
        case .all: return true
        }
    }

    /// Edits the transcript file at `url` so that it expects what `result` observed, when
    /// ``shouldWrite(_:)`` says so and something differs. Before writing it replays the transcript a
    /// second time with `replayer`, and refuses values that came out differently. The write goes
    /// through ``FileWriter``: a symbolic link stays a link, the file keeps its mode and owner.
    package func record(_ result: ReplayResult, replayer: Replayer, to url: URL) throws -> Outcome {
        guard shouldWrite(result) else { return .untouched }
        let plan = RecordingPlan(result, fillOnly: mode == .missing)
        guard plan.unrecordable.isEmpty else { return .refusedUnrecordable(plan.unrecordable) }
        guard !plan.isEmpty else { return .untouched }
        let editor = try editor(for: url, expecting: result.transcript)
        let text = editor.text(applying: plan.patches)
        let second = try replayer.replay(result.transcript, recordMode: mode)
        let again = editor.text(applying: RecordingPlan(second, fillOnly: mode == .missing).patches)
        if text != again {
            let unstable = try nondeterminism(text, again, transcript: result.transcript, file: url.path)
            if !unstable.isEmpty { return .refusedNondeterministic(unstable) }
        }
        let recorded = try check(text, against: plan.applied(to: editor.document.value), file: url.path)
        let secrets = SecretScanner.secrets(in: recorded)
        guard secrets.isEmpty else { return .refusedSecrets(secrets) }
        try FileWriter.write(text, to: url.path)
        return .written
    }

    /// The file as it is on disk now, which must still be the transcript that was replayed.
    func editor(for url: URL, expecting transcript: Transcript) throws -> JSONSourceEditor {
        let data = try Data(contentsOf: url)
        let editor = try JSONSourceEditor(data: data, file: url.path)
        guard editor.document.value == transcript.document.value else {
            throw RecordError(file: url.path, reason: "the file changed since it was replayed; run again")
        }
        return editor
    }

    /// The recorded text parsed back: it must read as a transcript and say exactly what the plan says.
    func check(_ text: String, against expected: JSONValue, file: String) throws -> JSONValue {
        let recorded = try Transcript.parse(Data(text.utf8), file: file).document.value
        guard recorded == expected else {
            throw RecordError(file: file, reason: "the edited text does not say what was observed (a SkillCheck bug)")
        }
        return recorded
    }

    /// Where two recordings of the same transcript differ, except under a matcher.
    func nondeterminism(_ first: String, _ second: String, transcript: Transcript, file: String) throws -> [Nondeterminism] {
        let one = try JSONParser.parse(Data(first.utf8), file: file).value
        let two = try JSONParser.parse(Data(second.utf8), file: file).value
        return Nondeterminism.differences(one, two).filter { pointer in
            let tokens = Matcher.tokens(of: pointer)
            guard tokens.count > 3, tokens[0] == "steps", let index = Int(tokens[1]), tokens[2] == "expect",
                transcript.steps.indices.contains(index), case .expect(let expectation) = transcript.steps[index]
            else { return true }
            let relative = Array(tokens.dropFirst(3))
            let matchers = transcript.matchers + expectation.matchers
            return !(0...relative.count).contains { length in matchers.contains { $0.applies(to: Array(relative.prefix(length))) } }
        }.map { Nondeterminism(pointer: $0, value: one.value(at: Matcher.tokens(of: $0))) }
    }
}
