import BundledReferenceSkills
import Foundation
import SkillScenarios

/// Replay time of one long transcript: N sends, each followed by an `expect` of its two messages and
/// the state. Replay must stay linear in the number of sends (8,000 sends in well under 2 s in release).
@available(SkillCheckTesting, *)
struct LongReplayBenchmark {
    let quick: Bool

    func rows(load: String) -> [Benchmarks.Row] {
        (quick ? [1_000, 2_000] : [1_000, 8_000]).map { row(sends: $0, load: load) }
    }

    /// A transcript of `sends` echo sends, each checked by its own `expect` step.
    static func transcript(sends: Int) -> JSONValue {
        var steps: [JSONValue] = []
        steps.reserveCapacity(sends * 2)
        for index in 0..<sends {
            steps.append(.object([("send", .string("echo \(index)"))]))
            steps.append(
                .object([
                    (
                        "expect",
                        .object([
                            (
                                "messages",
                                .array([
                                    .object([("role", .string("user")), ("content", .string("echo \(index)")), ("at", .number(0))]),
                                    .object([
                                        ("role", .string("agent")), ("content", .string("\(index)")), ("skillID", .string("echo")),
                                        ("at", .number(0)),
                                    ]),
                                ])
                            ),
                            ("state", .string("idle")),
                        ])
                    )
                ]))
        }
        return .object([
            ("schema", .string(Transcript.format.id)), ("name", .string("long replay: \(sends) sends")),
            ("skills", .array([.string("echo")])), ("steps", .array(steps)),
        ])
    }

    func row(sends: Int, load: String) -> Benchmarks.Row {
        let text = Self.transcript(sends: sends).pretty
        let start = ContinuousClock.now
        do {
            let transcript = try Transcript.parse(Data(text.utf8), file: "long-replay.json")
            let parsed = Benchmarks.microseconds(since: start) / 1e6
            let result = try Replayer(skills: ScriptSkills.skills).replay(transcript)
            let total = Benchmarks.microseconds(since: start) / 1e6
            return .init(
                name: "long replay (\(sends) sends, an expect after each)", load: load,
                figure: String(format: "%.3f s", total - parsed),
                detail: String(
                    format: "parse %.3f s (%.1f MB/s of %.1f MB, %.2f of replay), %@", parsed,
                    Double(text.utf8.count) / 1e6 / parsed, Double(text.utf8.count) / 1e6, parsed / (total - parsed),
                    result.passed ? "passed" : "FAILED: \(result.differences.count) differences"))
        } catch {
            return .init(name: "long replay (\(sends) sends)", load: load, figure: "failed", detail: "\(error)")
        }
    }
}
