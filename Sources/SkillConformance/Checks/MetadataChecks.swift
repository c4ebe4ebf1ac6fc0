import Foundation
import SkillKit
import SkillTesting

// META-1 … META-7: what a skill says about itself, and how it routes.

@available(SkillCheckTesting, *)
extension SkillConformance {
    static let metadataChecks: [ConformanceCheck] = [
        ConformanceCheck("META-1") { input in
            let id = input.skill.id
            let blank = id.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
            // Two fresh instances, each read twice: an id made with UUID() differs from one to the next.
            var reads = [id]
            for _ in 0..<2 {
                let skill = input.skill.instance(in: .virtual(clock: VirtualClock()))
                reads += [skill.id, skill.id]
            }
            let distinct = reads.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            return [
                input.finding(
                    "META-1", blank ? .failed : .passed, subject: "id",
                    expected: "a non-empty id", observed: "id \(quoted(id))"),
                input.finding(
                    "META-1", distinct.count > 1 ? .failed : .passed, subject: "id of two fresh instances, each read twice",
                    expected: "the same id every time",
                    observed: distinct.count > 1
                        ? "\(distinct.count) ids: \(distinct.prefix(3).map(quoted).joined(separator: ", ")): the engine routes, and settings "
                            + "and transcripts name, a skill by its id, so one that changes names no skill; give it a literal id"
                        : "\(quoted(id)) each time"),
            ]
        },
        ConformanceCheck("META-2") { input in
            let id = input.skill.id
            let count = input.peerIDs.filter { $0 == id }.count
            return [
                input.finding(
                    "META-2", count > 1 ? .failed : .passed, subject: "id \(quoted(id))",
                    expected: "no other skill under test with this id",
                    observed: "\(count) of the \(input.peerIDs.count) skills under test have it "
                        + "(ids: \(input.peerIDs.map(quoted).joined(separator: ", ")))")
            ]
        },
        ConformanceCheck("META-3") { input in
            let skill = input.skill.instance(in: .virtual(clock: VirtualClock()))
            let fields = [("displayName", skill.displayName), ("description", skill.description)]
            var findings = fields.map { name, value in
                input.finding(
                    "META-3", isBlank(value) ? .failed : .passed, subject: name,
                    expected: "a non-empty \(name)", observed: "\(name) \(quoted(value))")
            }
            let keywordsOK = !skill.keywords.isEmpty && !skill.keywords.contains(where: isBlank)
            findings.append(
                input.finding(
                    "META-3", keywordsOK ? .passed : .failed, subject: "keywords",
                    expected: "at least one keyword, none blank",
                    observed: "keywords [\(skill.keywords.map(quoted).joined(separator: ", "))]"))
            return findings
        },
        ConformanceCheck("META-4") { input in routing(input, rule: "META-4", handled: true) },
        ConformanceCheck("META-5") { input in routing(input, rule: "META-5", handled: false) },
        ConformanceCheck("META-6") { input in stability(input) },
        ConformanceCheck("META-7") { input in await noIO(input) },
    ]

    /// META-4 and META-5: one call of canHandle per sample, on a fresh instance.
    private static func routing(_ input: ConformanceCheck.Input, rule: String, handled: Bool) -> [Finding] {
        let skill = input.skill.instance(in: .virtual(clock: VirtualClock()))
        let samples = handled ? skill.samples.handled : skill.samples.unhandled
        let list = handled ? "samples.handled" : "samples.unhandled"
        guard !samples.isEmpty else {
            return [
                input.finding(
                    rule, .failed, subject: list, expected: "at least one sample intent to check",
                    observed: "\(list) is empty: declare `samples` so that routing can be checked")
            ]
        }
        return samples.map { sample in
            let answer = skill.canHandle(sample)
            return input.finding(
                rule, answer == handled ? .passed : .failed, subject: "canHandle(\(quoted(sample)))",
                expected: "\(handled), as the sample is in \(list)", observed: "\(answer)")
        }
    }

    /// META-6: 100 calls per sample on one fresh instance.
    private static func stability(_ input: ConformanceCheck.Input) -> [Finding] {
        let skill = input.skill.instance(in: .virtual(clock: VirtualClock()))
        let samples = skill.samples.handled + skill.samples.unhandled
        guard !samples.isEmpty else {
            return [
                input.finding(
                    "META-6", .failed, subject: "samples", expected: "at least one sample intent",
                    observed: "samples.handled and samples.unhandled are both empty")
            ]
        }
        return samples.map { sample in
            let answers = (0..<100).map { _ in skill.canHandle(sample) }
            let trues = answers.filter { $0 }.count
            let stable = trues == 0 || trues == 100
            let firstChange = answers.firstIndex { $0 != answers[0] }.map { " (first change at call \($0 + 1))" } ?? ""
            return input.finding(
                "META-6", stable ? .passed : .failed, subject: "canHandle(\(quoted(sample))) × 100",
                expected: "the same answer every time",
                observed: "true \(trues) times, false \(100 - trues) times\(firstChange)")
        }
    }

    /// META-7: canHandle for every sample, on virtual time with the check's fakes; nothing may touch them.
    private static func noIO(_ input: ConformanceCheck.Input) async -> [Finding] {
        let subject = input.skill
        let result: Result<(store: [String], requests: [String]), any Error>
        do {
            let logs = try await withVirtualTime(stallTimeout: input.limits.realStall) { clock in
                let store = InMemoryDataStore(clock: clock)
                subject.seed(store)
                let network = FakeNetworkService(clock: clock)
                let skill = subject.instance(in: .virtual(clock: clock, storage: store, networkService: network))
                for sample in skill.samples.handled + skill.samples.unhandled { _ = skill.canHandle(sample) }
                // A task canHandle started runs on the clock's scheduler (where task creation is interposed): counted
                // here, and given a turn to do what it came to do.
                let started = clock.scheduler.unstructuredTasksStarted
                await Task.yield()
                let tasks = started == 0 ? [] : ["started \(started == 1 ? "an unstructured Task {}" : "\(started) unstructured Task {}s")"]
                return (store.log.map(\.description) + tasks, network.requests.map { "\($0.method.rawValue) \($0.url)" })
            }
            result = .success(logs)
        } catch {
            result = .failure(error)
        }
        let expected = "no storage operation, no network request and no task started while answering canHandle"
        switch result {
        case .failure(let error):
            return [
                input.finding(
                    "META-7", .failed, subject: "canHandle of every sample", expected: expected,
                    observed: "\(error)")
            ]
        case .success(let logs):
            let io = logs.store + logs.requests
            return [
                input.finding(
                    "META-7", io.isEmpty ? .passed : .failed, subject: "canHandle of every sample",
                    expected: expected,
                    observed: io.isEmpty ? "none" : io.joined(separator: "; "))
            ]
        }
    }
}

@available(SkillCheckTesting, *)
func quoted(_ text: String) -> String { quoted(text, skipping: 0) }

/// `text` quoted from its character `skipping` on: at most 60 characters, with an ellipsis where some are left out.
@available(SkillCheckTesting, *)
func quoted(_ text: String, skipping: Int) -> String {
    let rest = text.dropFirst(skipping)
    let cut = skipping > 0 || rest.count > 60
    let shown = (skipping > 0 ? "…" : "") + rest.prefix(60) + (rest.count > 60 ? "…" : "") + (cut ? " (\(text.utf8.count) bytes)" : "")
    return wholeQuoted(shown)
}

/// `text` quoted whole, its control characters escaped: for a value compared with another, which a cut could
/// make equal to one that differs after the cut.
@available(SkillCheckTesting, *)
func wholeQuoted(_ text: String) -> String {
    "\"" + text.unicodeScalars.map { $0.properties.generalCategory == .control ? $0.escaped(asASCII: true) : String($0) }.joined() + "\""
}

/// An output whole, to compare with another: its summary and detail quoted whole, and its refresh flag.
@available(SkillCheckTesting, *)
func wholeOutput(_ output: SkillOutput) -> String {
    "\(wholeQuoted(output.summary)) \(wholeQuoted(output.detail ?? "")) refresh: \(output.shouldRefreshUI)"
}

/// Two texts that differ, each quoted so that the place where they differ shows: past a long common start,
/// both are shown from a little before their first difference.
///
/// `"…2026-12-05 16:17:03\"}" (118 bytes)` and `"…2026-12-06 19:24:11\"}" (118 bytes)`, where quoting each from
/// its start would show the same 60 characters twice.
@available(SkillCheckTesting, *)
func quotedApart(_ one: String, _ two: String) -> (String, String) {
    let common = zip(one, two).prefix { $0 == $1 }.count
    let skipping = common > 40 ? common - 20 : 0
    return (quoted(one, skipping: skipping), quoted(two, skipping: skipping))
}

@available(SkillCheckTesting, *)
func isBlank(_ text: String) -> Bool { text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
