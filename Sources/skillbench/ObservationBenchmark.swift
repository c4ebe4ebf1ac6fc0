import BundledReferenceSkills
import Foundation
import SkillKit
import SkillTesting

/// What watching a run for the real world costs a skill that reads nothing real: the reference NoteSkill's
/// `execute` in a `withVirtualTime` scope with fresh fakes, as a conformance probe runs it, without and then
/// inside a ``RealWorldObservation`` (made, bound to the run's task, finished and symbolized).
@available(SkillCheckTesting, *)
struct ObservationBenchmark {
    let quick: Bool

    func rows(load: String) async -> [Benchmarks.Row] {
        let runs = quick ? 300 : 3_000
        var plain: [Double] = []
        var observed: [Double] = []
        var reads = 0
        // Alternate the two, so that a change in the machine's load falls on both alike.
        for _ in 0..<(quick ? 3 : 7) {
            plain.append(await perRun(runs) { try await Self.note() })
            observed.append(
                await perRun(runs) {
                    let observation = RealWorldObservation()
                    try await observation.during(skillModules: ["BundledReferenceSkills"]) { try await Self.note() }
                    reads += observation.finish().count
                })
        }
        plain.sort()
        observed.sort()
        let (a, b) = (plain[plain.count / 2], observed[observed.count / 2])
        return [
            Benchmarks.Row(
                name: "a NoteSkill run on virtual time, not watched (\(runs) runs)", load: load,
                figure: String(format: "%.1f µs per run (median of %d)", a, plain.count),
                detail: String(format: "min %.1f µs, max %.1f µs", plain[0], plain[plain.count - 1])),
            Benchmarks.Row(
                name: "the same run watched for the real world (\(runs) runs)", load: load,
                figure: String(format: "%.1f µs per run (median of %d): %.2f× the unwatched run", b, observed.count, b / a),
                detail: String(format: "min %.1f µs, max %.1f µs; reads found: %d", observed[0], observed[observed.count - 1], reads)),
        ]
    }

    private static func note() async throws {
        try await withVirtualTime { clock in
            let store = InMemoryDataStore(clock: clock)
            let context = SkillContext.virtual(clock: clock, storage: store)
            _ = try await NoteSkill().execute(input: SkillInput(rawText: "记一下明天开会"), context: context)
        }
    }

    /// Microseconds per run of `body`, over `runs` runs.
    private func perRun(_ runs: Int, _ body: () async throws -> Void) async -> Double {
        let start = ContinuousClock.now
        for _ in 0..<runs { try? await body() }
        let (seconds, attoseconds) = (ContinuousClock.now - start).components
        return (Double(seconds) + Double(attoseconds) / 1e18) * 1e6 / Double(runs)
    }
}
