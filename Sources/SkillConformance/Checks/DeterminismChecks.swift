import Foundation
import SkillKit
import SkillTesting

// TIME-2 (SHOULD): the same input, fakes and virtual time give the same output and side effects twice.

@available(SkillCheckTesting, *)
extension SkillConformance {
    static let determinismChecks: [ConformanceCheck] = [
        ConformanceCheck("TIME-2") { input in await sameTwice(input, rule: "TIME-2", breach: .warning) }
    ]

    /// How far the second of two compared runs moves the wall clock the skill sees: a day, three hours,
    /// seven minutes and eleven seconds, so that a result built from the wall clock (its date, hour, minute
    /// or second) differs between the runs every time, never only when they straddle a second.
    static let movedWallClock: Duration = .seconds(86_400 + 3 * 3_600 + 7 * 60 + 11)

    /// Each handled sample (a tool skill's sample arguments), run twice with fresh working fakes on fresh
    /// virtual clocks (same origin, ids 1, 2, 3, … from `context.newID()`), the second seeing the wall clock
    /// moved by ``movedWallClock``: a difference is `breach`
    /// (a warning for TIME-2, a failure for TOOL-5) naming the path that differed.
    static func sameTwice(_ input: ConformanceCheck.Input, rule: String, breach: Finding.Outcome) async -> [Finding] {
        let (samples, missing) = await workingSamples(input, rule: rule)
        if let missing { return [missing] }
        let expected = "the same output and side effects both times"
        var findings: [Finding] = []
        let zone = HostTimeZone.mayMove ? HostTimeZone.other(at: VirtualClock.defaultOrigin) : nil
        for sample in samples {
            let subject = "\(input.sampleLabel(sample)), run twice"
            let first = await Probe.run(input.skill, input: SkillInput(rawText: sample), limits: input.limits, setUp: nil)
            let second = await Probe.run(
                input.skill, input: SkillInput(rawText: sample), limits: input.limits, wallClockOffset: movedWallClock,
                setUp: nil)
            switch (first, second) {
            case (.success(let a), .success(let b)):
                let differences = differing(observed(a), observed(b))
                // The same twice here: once more in another zone, when this process may move its own.
                // The same error twice compared no answer: the sample never got to the work the rule is about.
                if differences.isEmpty, let reason = failedWithWorkingFakes(a.ending, twice: true, unreached: "no answer was compared") {
                    findings.append(
                        input.finding(
                            rule, .skipped(reason: reason), subject: subject, expected: expected, observed: reason, run: b.timeline))
                    continue
                }
                var elsewhere: [Finding]?
                if differences.isEmpty, let zone {
                    elsewhere = await inAnotherTimeZone(input, sample: sample, rule: rule, zone: zone, here: a)
                }
                findings.append(
                    input.finding(
                        rule, differences.isEmpty ? .passed : breach, subject: subject, expected: expected,
                        observed: differences.isEmpty
                            ? (elsewhere?.isEmpty == true ? "the same, and the same again in \(zone?.identifier ?? "")" : "the same")
                            : shown(differences),
                        run: b.timeline // the second run: where it departed from the first
                    ))
                findings += elsewhere ?? []
            case (.failure(let failure), _), (_, .failure(let failure)):
                findings.append(input.unended(rule, subject: subject, expected: expected, failure))
            }
        }
        return findings
    }

    /// `sample` run once more with the process's time zone moved to `zone` (``HostTimeZone``), compared with
    /// `here`, its run in this machine's zone: a warning when the answer moved with the zone, since it will on a
    /// machine elsewhere; nothing when it stayed.
    static func inAnotherTimeZone(
        _ input: ConformanceCheck.Input, sample: String, rule: String, zone: TimeZone, here: Probe
    ) async -> [Finding] {
        let home = TimeZone.current.identifier
        let subject = "\(input.sampleLabel(sample)), run again in another time zone"
        let expected = "the same output and side effects whatever time zone the machine is set to"
        let elsewhere = await HostTimeZone.moved(to: zone) {
            await Probe.run(input.skill, input: SkillInput(rawText: sample), limits: input.limits, setUp: nil)
        }
        switch elsewhere {
        case .success(let there):
            // A time written with its zone's offset is the same instant wherever it was written: no difference.
            let differences = differing(observed(here), observed(there)).filter { _, one, two in
                instantsInUTC(one) != instantsInUTC(two)
            }
            guard !differences.isEmpty else { return [] }
            return [
                input.finding(
                    rule, .warning, subject: subject, expected: expected,
                    observed: "in \(home) (this machine's zone) then in \(zone.identifier): \(shown(differences)) (a date or time "
                        + "formatted in the machine's zone: set the formatter's or calendar's timeZone to one the skill is given)",
                    run: there.timeline)
            ]
        case .failure(let failure):
            return [input.unended(rule, subject: subject, expected: expected, failure)]
        }
    }

    /// `text` with each ISO 8601 time that carries its offset (`2026-01-05T06:00:00.000000-0330`, `…+02:00`, `…Z`)
    /// written as the instant it names, in seconds since 1970: `«instant 1767605400.0»`. A time without an offset, or
    /// a date alone, is left as it is, since it names another instant in another zone.
    static func instantsInUTC(_ text: String) -> String {
        text.replacing(offsetTime) { match in
            let (_, year, month, day, hour, minute, second, fraction, offset) = match.output
            var components = DateComponents()
            (components.year, components.month, components.day) = (Int(year), Int(month), Int(day))
            (components.hour, components.minute, components.second) = (Int(hour), Int(minute), second.flatMap { Int($0) } ?? 0)
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
            guard let local = calendar.date(from: components) else { return String(match.output.0) }
            var seconds = local.timeIntervalSince1970 + (fraction.flatMap { Double("0" + $0) } ?? 0)
            if offset != "Z" {
                let digits = offset.dropFirst().filter(\.isNumber)
                let minutes = (Int(digits.prefix(2)) ?? 0) * 60 + (Int(digits.dropFirst(2)) ?? 0)
                seconds -= Double((offset.first == "-" ? -minutes : minutes) * 60)
            }
            return "«instant \(seconds)»"
        }
    }

    nonisolated(unsafe) private static let offsetTime =
        #/(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d)(?::(\d\d)(\.\d+)?)?(Z|[+-]\d\d:?\d\d)/#

    /// The first three differences, each as `path: "one" then "two"`, quoted from just before they part.
    static func shown(_ differences: [(String, String, String)]) -> String {
        differences.prefix(3).map { path, one, two in
            let (one, two) = quotedApart(one, two)
            return "\(path): \(one) then \(two)"
        }.joined(separator: "; ")
    }

    /// The output (or error) and side effects of a run, by path, JSON text with its keys in one order.
    static func observed(_ probe: Probe) -> [(path: String, value: String)] {
        var values: [(path: String, value: String)]
        switch probe.ending.comparable {
        case .output(let output):
            values = [
                ("/output/summary", output.summary), ("/output/detail", output.detail ?? "null"),
                ("/output/shouldRefreshUI", "\(output.shouldRefreshUI)"),
                ("/output/requiresConfirmation", "\(output.requiresConfirmation)"),
            ]
        case .threw(let thrown):
            values = [("/error", thrown.description)]
        }
        return values + probe.sideEffects
    }

    /// The paths whose values differ, with both values; a path present once is a difference too.
    static func differing(_ one: [(path: String, value: String)], _ two: [(path: String, value: String)]) -> [(String, String, String)] {
        let second = Dictionary(two.map { ($0.path, $0.value) }) { first, _ in first }
        let firstPaths = Set(one.map(\.path))
        var differences = one.compactMap { path, value in
            second[path] == value ? nil : (path, value, second[path] ?? "(absent)")
        }
        differences += two.filter { !firstPaths.contains($0.path) }.map { ($0.path, "(absent)", $0.value) }
        return differences
    }
}
