import BundledReferenceSkills
import Foundation
import SkillKit
import SkillTesting

/// How fast schedules are explored: two NoteSkill requests at once on one store, each schedule a fresh
/// virtual-time scope picking among ready jobs from a seed (what `exploreSchedules` runs per schedule).
@available(SkillCheckTesting, *)
struct ScheduleBenchmark {
    let quick: Bool

    func row(load: String) async -> Benchmarks.Row {
        let schedules = quick ? 500 : 5_000
        var perSecond: [Double] = []
        var interleavings = 0
        for round in 0..<(quick ? 3 : 5) {
            let start = ContinuousClock.now
            let exploration = try? await exploreSchedules(schedules, seed: UInt64(round)) { clock in
                let store = InMemoryDataStore(clock: clock)
                let context = SkillContext.virtual(clock: clock, storage: store)
                async let first = NoteSkill().execute(input: SkillInput(rawText: "记一下明天开会"), context: context)
                async let second = NoteSkill().execute(input: SkillInput(rawText: "记一下周五交报告"), context: context)
                _ = try await (first, second)
            }
            let (seconds, attoseconds) = (ContinuousClock.now - start).components
            perSecond.append(Double(schedules) / (Double(seconds) + Double(attoseconds) / 1e18))
            interleavings = max(interleavings, exploration?.interleavings ?? 0)
        }
        perSecond.sort()
        return Benchmarks.Row(
            name: "schedules explored, two NoteSkill requests at once on one store (\(schedules) a round)", load: load,
            figure: String(format: "%.0f schedules a second (median of %d)", perSecond[perSecond.count / 2], perSecond.count),
            detail: String(
                format: "min %.0f, max %.0f; up to %d distinct interleavings a round", perSecond[0], perSecond[perSecond.count - 1],
                interleavings))
    }
}
