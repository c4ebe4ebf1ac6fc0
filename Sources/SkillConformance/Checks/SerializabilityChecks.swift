import Foundation
import SkillCheckSupport
import SkillKit
import SkillTesting

// SEND-4: two requests sent at once to one instance of the skill, sharing one store, network and clock as an
// app shares them, under explored schedules, end as one of the orders in which they could have run one at a
// time ends. What Swift 6's checker and ThreadSanitizer let through (an actor that checks, awaits, then
// writes; state kept across an await) shows here as a third outcome.

@available(SkillCheckTesting, *)
extension SkillConformance {
    /// What two requests ended as: each one's output (by request), the stored documents, the requests sent.
    struct SharedOutcome: Hashable, Sendable {
        var outputs: [String]
        var documents: [String]
        var requests: [String]
    }

    /// SEND-4: each explored schedule of two requests at once ends as a one-at-a-time order ends.
    static func serializable(_ input: ConformanceCheck.Input) async -> [Finding] {
        let (runs, missing) = await workingRuns(input, rule: "SEND-4")
        if let missing { return [missing] }
        let samples = runs.map(\.sample)
        // The same request twice (two users asking at once) is where a shared cache or counter shows; then two different ones.
        var pairs = [[samples[0], samples[0]]]
        if samples.count > 1 { pairs.append([samples[0], samples[1]]) }
        // And the first request after the first sample that writes, twice: a tally's "show" only reads and its "add
        // one" writes; a game's "open" writes and so does its "guess" (a lost update of the guess count shows only when
        // two guesses run at once, whatever the opening did).
        let writes = runs.dropFirst().first { run in
            guard case .success(let observed) = run.run else { return false }
            return observed.points.contains { $0.kind == .storage(isWrite: true) || $0.kind == .request(isGet: false) }
        }
        if let writer = writes?.sample, writer != samples[0] { pairs.append([writer, writer]) }
        var findings: [Finding] = []
        let expected = "the outputs, stored documents and requests of an order in which the two could have run one at a time"
        // A sample that threw with the working fakes: two of them at once never reach the state they would share.
        var unreached: [String: String] = [:]
        for case (let sample, .success(let run)) in runs {
            unreached[sample] = failedWithWorkingFakes(run.ending, unreached: "no state its work shares was ever reached at once")
        }
        // A tool loop's model (under skillcheck) calls a tool in its first answer to each: a trap there is the tool-call trial's.
        let calling = await input.skill.workingFit(limits: input.limits).toolCall
        if let calling { CrashReport.announceToolCallTrial(tool: calling.tool) }
        defer { if calling != nil { CrashReport.announceToolCallTrial(tool: nil) } }
        for pair in pairs {
            let subject =
                "2 requests at once to one instance: " + pair.map { input.sampleLabel($0) }.joined(separator: " and ")
                + (calling == nil ? "" : ", the model's first answer to each calling a tool")
            if let why = pair.lazy.compactMap({ unreached[$0] }).first, pair.allSatisfy({ unreached[$0] != nil }) {
                findings.append(input.finding("SEND-4", .skipped(reason: why), subject: subject, expected: expected, observed: why))
                continue
            }
            var serial: [SharedOutcome] = []
            // One at a time, with the operations' latency and without it: requests at once start at the same
            // instant, so a skill that names what it stores by the time stores what instant operations store.
            for (order, latency) in [([0, 1], true), ([1, 0], true), ([0, 1], false), ([1, 0], false)] {
                switch await sharedRun(input, pair, order: order, latency: latency, schedule: .firstInFirstOut) {
                case .success(let run): serial.append(run.outcome)
                case .failure(let failure):
                    findings.append(
                        input.finding(
                            "SEND-4", .skipped(reason: failure.text), subject: subject, expected: expected, observed: failure.text))
                }
            }
            guard serial.count == 4 else { continue }
            // The same order twice on fresh instances must agree, or no order is a reference (TIME-2, TOOL-5 report why). The
            // second sees the wall clock moved on, as TIME-2's does: a result that shows the time differs every time, not only
            // when a schedule happens to straddle a second.
            if case .success(let again) = await sharedRun(
                input, pair, order: [0, 1], latency: true, schedule: .firstInFirstOut, wallClockOffset: movedWallClock),
                again.outcome != serial[0]
            {
                let why = ProbeFailure.nondeterministicReason
                findings.append(input.finding("SEND-4", .skipped(reason: why), subject: subject, expected: expected, observed: why))
                continue
            }
            var seeds = SeededRandomNumberGenerator(seed: input.limits.seed)
            var interleavings = Set<[Int]>()
            var broken: Finding?
            var unjudged: String?
            for number in 1...input.limits.schedules {
                let seed = seeds.next()
                switch await sharedRun(input, pair, order: nil, latency: true, schedule: .randomWalk(seed: seed)) {
                case .failure(let failure):
                    unjudged = failure.text
                case .success(let run):
                    interleavings.insert(run.choices)
                    guard !serial.contains(run.outcome) else { continue }
                    // No choice made: the requests ran as one at a time would, so what differs is not their order but
                    // something read outside the context (a random line that the reference runs happened to share).
                    guard !run.choices.isEmpty else {
                        unjudged = ProbeFailure.nondeterministicReason
                        break
                    }
                    if await differsOnReplay(input, pair, order: nil, schedule: .randomWalk(seed: seed), from: run.outcome) {
                        unjudged = ProbeFailure.nondeterministicReason
                        break
                    }
                    broken = input.finding(
                        "SEND-4", .failed, subject: subject + ", schedule \(number) of \(input.limits.schedules)", expected: expected,
                        observed: "under schedule \(Schedule.randomWalk(seed: seed)) (choices \(Schedule.replay(run.choices))): "
                            + differences(run.outcome, from: serial).joined(separator: "; ")
                            + (interleaving(run.points).map { ". The requests ran: \($0)" } ?? "")
                            + ". Replay it with `skillcheck --seed \(input.limits.seed)`, or in a test whose body sends both requests at once "
                            + "to one instance: exploreSchedules(replaying: Schedule(\"\(Schedule.randomWalk(seed: seed))\")!)",
                        seed: seed, run: run.timeline)
                }
                if broken != nil || unjudged != nil { break }
            }
            if let broken {
                findings.append(broken)
            } else if let unjudged {
                findings.append(
                    input.finding("SEND-4", .skipped(reason: unjudged), subject: subject, expected: expected, observed: unjudged))
            } else {
                findings.append(
                    input.finding(
                        "SEND-4", .passed, subject: subject, expected: expected,
                        observed:
                            "\(input.limits.schedules) schedules (\(interleavings.count) distinct interleavings) each ended as a one-at-a-time order",
                        seed: input.limits.seed))
            }
        }
        return findings
    }

    /// SEND-5: one request gives the same output, stored documents and requests under every explored schedule.
    static func orderIndependent(_ input: ConformanceCheck.Input) async -> [Finding] {
        let (runs, missing) = await workingRuns(input, rule: "SEND-5")
        if let missing { return [missing] }
        // A tool's result goes back to a model, which reads the order; an AgentSkill's goes to a person (TIME-2's level).
        let breach: Finding.Outcome = input.skill.kind == .tool ? .failed : .warning
        let expected = "the same output, stored documents and requests as first-in-first-out order gives, under every schedule"
        var findings: [Finding] = []
        // A tool loop's model (under skillcheck) answers its first request with calls of two tools at once: a loop that
        // runs them side by side and sends their results back in the order they finished is this rule's to find. A
        // trap there is the tool-call trial's, as in the fitting.
        let calling = await input.skill.workingFit(limits: input.limits).toolCall
        if let calling { CrashReport.announceToolCallTrial(tool: calling.tool) }
        defer { if calling != nil { CrashReport.announceToolCallTrial(tool: nil) } }
        for (sample, working) in runs.prefix(2) {
            var subject = input.sampleLabel(sample) + (calling == nil ? "" : ", its model's first answer calling two tools at once")
            if case .success(let run) = working,
                let why = failedWithWorkingFakes(
                    run.ending, unreached: "the parts of its work that could finish in another order were never reached")
            {
                findings.append(input.finding("SEND-5", .skipped(reason: why), subject: subject, expected: expected, observed: why))
                continue
            }
            // Each list of the reply three distinct items long, where the skill still answers with it: a task per item
            // whose results are kept in the order they finish has something to reorder (one item has nothing).
            let reply = await distinctItems(input, sample: sample, toolCall: calling)
            if reply != nil { subject += ", \(failingListCount) distinct items in each list of the reply" }
            let reference: SharedOutcome
            switch await sharedRun(input, [sample], order: [0], latency: true, schedule: .firstInFirstOut, reply: reply) {
            case .failure(let failure):
                findings.append(
                    input.finding("SEND-5", .skipped(reason: failure.text), subject: subject, expected: expected, observed: failure.text))
                continue
            case .success(let run):
                reference = run.outcome
            }
            if case .success(let again) = await sharedRun(
                input, [sample], order: [0], latency: true, schedule: .firstInFirstOut, wallClockOffset: movedWallClock, reply: reply),
                again.outcome != reference
            {
                let why = ProbeFailure.nondeterministicReason
                findings.append(input.finding("SEND-5", .skipped(reason: why), subject: subject, expected: expected, observed: why))
                continue
            }
            var seeds = SeededRandomNumberGenerator(seed: input.limits.seed ^ 0x5E4D_0005)
            var interleavings = Set<[Int]>()
            var verdict: Finding?
            for number in 1...input.limits.schedules {
                let seed = seeds.next()
                switch await sharedRun(input, [sample], order: [0], latency: true, schedule: .randomWalk(seed: seed), reply: reply) {
                case .failure(let failure):
                    verdict = input.finding(
                        "SEND-5", .skipped(reason: failure.text), subject: subject, expected: expected, observed: failure.text)
                case .success(let run):
                    interleavings.insert(run.choices)
                    guard run.outcome != reference else { continue }
                    // No choice made: the parts ran in first-in-first-out order, so what differs is not their order but
                    // something read outside the context (a random line that the reference runs happened to share).
                    guard !run.choices.isEmpty else {
                        let why = ProbeFailure.nondeterministicReason
                        verdict = input.finding("SEND-5", .skipped(reason: why), subject: subject, expected: expected, observed: why)
                        break
                    }
                    if await differsOnReplay(
                        input, [sample], order: [0], schedule: .randomWalk(seed: seed), from: run.outcome, reply: reply)
                    {
                        let why = ProbeFailure.nondeterministicReason
                        verdict = input.finding("SEND-5", .skipped(reason: why), subject: subject, expected: expected, observed: why)
                        break
                    }
                    verdict = input.finding(
                        "SEND-5", breach, subject: subject + ", schedule \(number) of \(input.limits.schedules)", expected: expected,
                        observed: "under schedule \(Schedule.randomWalk(seed: seed)) (choices \(Schedule.replay(run.choices))): "
                            + differences(run.outcome, from: [reference], where: "in first-in-first-out order").joined(separator: "; ")
                            + ". The work's parts finished in another order: keep results by their place, not by when they came. "
                            + "Replay it with `skillcheck --seed \(input.limits.seed)`, or in a test whose body runs the request: "
                            + "exploreSchedules(replaying: Schedule(\"\(Schedule.randomWalk(seed: seed))\")!)",
                        seed: seed, run: run.timeline)
                }
                if verdict != nil { break }
            }
            // One interleaving under every schedule: no two parts of the request were ever ready at once, so no
            // schedule had anything to reorder, and a pass would say what was never checked.
            if verdict == nil, interleavings.count == 1, interleavings.first?.isEmpty == true {
                verdict = input.finding(
                    "SEND-5", .notApplicable, subject: subject, expected: expected,
                    observed: "nothing to reorder: no two parts of the request were ever ready at once (one interleaving)")
            }
            findings.append(
                verdict
                    ?? input.finding(
                        "SEND-5", .passed, subject: subject, expected: expected,
                        observed: "\(input.limits.schedules) schedules (\(interleavings.count) distinct interleavings) each gave the same",
                        seed: input.limits.seed))
        }
        return findings
    }

    /// Whether the schedule that gave `outcome`, run twice more, gives anything else: a schedule replays the same order
    /// every time, so an outcome that moves under it comes from something read outside the context (a random line the
    /// reference runs happened to share), and the order cannot be blamed.
    static func differsOnReplay(
        _ input: ConformanceCheck.Input, _ pair: [String], order: [Int]?, schedule: Schedule, from outcome: SharedOutcome,
        reply: String? = nil
    ) async -> Bool {
        for _ in 0..<2 {
            guard case .success(let again) = await sharedRun(input, pair, order: order, latency: true, schedule: schedule, reply: reply)
            else {
                return true
            }
            if again.outcome != outcome { return true }
        }
        return false
    }

    /// The working reply with ``failingListCount`` distinct items in each list (``WorkingReply/fuller(_:listCount:bodyFieldNames:distinct:)``),
    /// when it has a list and `sample` still ends in an output with it; `nil` otherwise (the working reply is used).
    static func distinctItems(_ input: ConformanceCheck.Input, sample: String, toolCall: WorkingReply.ToolCall?) async -> String? {
        let fit = await input.skill.workingFit(limits: input.limits)
        // A tool loop's reply is its model's answers: the tools' results are what it reorders, and the model calls two.
        guard toolCall == nil, let reply = WorkingReply.fuller(fit.body, listCount: failingListCount, distinct: true),
            case .success(let probe) = await Probe.run(
                input.skill, input: SkillInput(rawText: sample), limits: input.limits, reply: reply, toolCall: toolCall, setUp: nil),
            case .output = probe.ending
        else { return nil }
        return reply
    }

    /// A request's ending whole, to compare with another's: its output's summary, detail and refresh flag, or its
    /// error. A cut could make two outputs that differ past it compare equal (a lost update of a count).
    static func whole(_ ending: Probe.Ending) -> String {
        switch ending {
        case .output(let output): "returned an output: \(wholeOutput(output))"
        case .threw(let thrown): "threw \(thrown)"
        }
    }

    /// What differs between `outcome` and the nearest of `serial`, a line per part.
    static func differences(_ outcome: SharedOutcome, from serial: [SharedOutcome], where place: String = "one at a time") -> [String] {
        func lines(_ reference: SharedOutcome) -> [String] {
            var lines: [String] = []
            for index in outcome.outputs.indices where outcome.outputs[index] != reference.outputs[index] {
                let (this, that) = quotedApart(outcome.outputs[index], reference.outputs[index])
                lines.append("/outputs/\(index): \(this), where \(place) it is \(that)")
            }
            if outcome.documents != reference.documents {
                lines.append(
                    "/storage: \(outcome.documents.count) document\(outcome.documents.count == 1 ? "" : "s") \(outcome.documents), "
                        + "where \(place) stores \(reference.documents.count) \(reference.documents)")
            }
            if outcome.requests != reference.requests, outcome.requests.count == reference.requests.count,
                let index = outcome.requests.indices.first(where: { outcome.requests[$0] != reference.requests[$0] }),
                outcome.requests[index].count > 120
            {
                // Requests with their bodies: the first that differs, from a little before where it does.
                let (this, that) = quotedApart(outcome.requests[index], reference.requests[index])
                lines.append("/requests/\(index): \(this), where \(place) it is \(that)")
            } else if outcome.requests != reference.requests {
                lines.append(
                    "/requests: \(outcome.requests.count) sent \(outcome.requests), where \(place) sends \(reference.requests.count) \(reference.requests)"
                )
            }
            return lines
        }
        return serial.map(lines).min { $0.count < $1.count } ?? []
    }

    /// One run of `pair` on one instance with shared fakes: one after the other in `order`, or both at once.
    private static func sharedRun(
        _ input: ConformanceCheck.Input, _ pair: [String], order: [Int]?, latency: Bool, schedule: Schedule,
        wallClockOffset: Duration = .zero, reply fuller: String? = nil
    ) async -> Result<(outcome: SharedOutcome, choices: [Int], points: [AwaitGate.Point], timeline: RunTimeline?), SharedRunFailure> {
        let fit = await input.skill.workingFit(limits: input.limits)
        let reply = fuller ?? fit.body
        // A tool loop's model calls a tool in its first answer to each request, so the tool's work is judged too; to one
        // request alone (SEND-5) it calls two at once, and what the requests carry (the tools' results, in the order the
        // loop sends them) is compared too.
        let alone = pair.count == 1
        let model = fit.toolCall.flatMap { WorkingReply.callingModel($0, body: reply, rounds: 1, parallel: alone) }
        let scheduler = DeterministicScheduler(reportsUnstructuredTasks: true, schedule: schedule)
        let timeline = ProbeTimeline()
        let gate = AwaitGate(timeline: timeline)
        let observation = RealWorldObservation(wallClockOffset: wallClockOffset)
        do {
            let outcome = try await withVirtualTime(
                scheduler: scheduler, stallTimeout: input.limits.realStall, realTimeLimit: input.limits.realRun
            ) { clock in
                // Every operation takes a virtual millisecond, so every await is a place another request may run.
                let store = InMemoryDataStore(clock: clock, latency: latency ? .milliseconds(1) : .zero)
                input.skill.seed(store)
                let network = FakeNetworkService(clock: clock)
                if var model {
                    model.latency = latency ? .milliseconds(1) : .zero
                    network.stub(model)
                }
                WorkingReply.stub(network, body: reply, latency: latency ? .milliseconds(1) : .zero)
                let how =
                    pair.count == 1
                    ? "1 request"
                    : "\(pair.count) requests to one instance, "
                        + (order.map { "one at a time, in the order " + $0.map { "request \($0 + 1)" }.joined(separator: ", ") }
                            ?? "at once")
                timeline.start(
                    clock: clock, stores: [store], storageLatency: latency ? .milliseconds(1) : .zero, networks: [network],
                    call: how + (schedule == .firstInFirstOut ? "" : ", under schedule \(schedule)"))
                // Each operation passes a gate that only notes which request reached it, for the finding's interleaving.
                var context = SkillContext.virtual(
                    clock: clock, storage: GatedStore(base: store, gate: gate),
                    networkService: GatedNetwork(base: network, faulty: FakeNetworkService(clock: clock), gate: gate))
                context.clock = GatedClock(base: clock, gate: gate)
                context.idSource = requestIDs()
                context = input.skill.prepared(context)
                let skill = input.skill.instance(in: context)
                var outputs = pair.map { _ in "" }
                let frozen = context
                @Sendable func send(_ index: Int) async -> String {
                    await AwaitGate.$request.withValue(index + 1) {
                        let lane = "request \(index + 1)"
                        timeline.add(lane, ProbeTimeline.call(SkillInput(rawText: pair[index])))
                        let ending = await Probe.capture(skill, SkillInput(rawText: pair[index]), frozen, observation)
                        timeline.ended(ending, lane: lane)
                        return whole(ending.comparable)
                    }
                }
                if let order {
                    for index in order { outputs[index] = await send(index) }
                } else {
                    async let first = send(0)
                    async let second = send(1)
                    outputs = [await first, await second]
                }
                let documents = store.snapshot().sorted { $0.key < $1.key }.flatMap { collection, documents in
                    documents.map { normalized("\(collection)/\($0.id): \(JSON.comparable(String(decoding: $0.data, as: UTF8.self)))") }
                }.sorted()
                let requests = network.requests.map { request in
                    let body = alone ? request.body.map { " " + JSON.comparable(String(decoding: $0, as: UTF8.self)) } ?? "" : ""
                    return normalized("\(request.method.rawValue) \(request.comparableURL)\(body)")
                }.sorted()
                return SharedOutcome(outputs: outputs.map(normalized), documents: documents, requests: requests)
            }
            _ = observation.finish(sample: pair[0])
            return .success((outcome, scheduler.choices, gate.points, timeline.finish()))
        } catch {
            _ = observation.finish(sample: pair[0])
            let failure = ProbeFailure(error, afterCancellation: false, observation: observation, sample: pair[0])
            return .failure(SharedRunFailure(text: ProbeFailure.reason(owner: failure.owner ?? "HANG-1")))
        }
    }

    /// Ids from a stream per request (the request in the UUID's middle bytes, its count in the last): which request
    /// gets which id does not depend on the order they ran, as a random UUID's value does not, so a choice seeded
    /// from one (a suggestion picked at random) is the same whether the requests ran at once or one at a time.
    static func requestIDs() -> @Sendable () -> UUID {
        let counts = Locked<[Int: UInt64]>([:])
        return {
            let request = AwaitGate.request ?? 0
            let count = counts.withLock { counts in
                counts[request, default: 0] &+= 1
                return counts[request, default: 0]
            }
            let r = UInt16(truncatingIfNeeded: request)
            let c = withUnsafeBytes(of: count.bigEndian) { Array($0) }
            return UUID(uuid: (0, 0, 0, 0, 0, 0, UInt8(r >> 8), UInt8(r & 0xFF), c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]))
        }
    }

    /// `text` with ids and instants written as placeholders: requests at once take ids in another order, and
    /// finish at other virtual instants, than one after the other, and neither makes an order wrong.
    static func normalized(_ text: String) -> String {
        text.replacing(uuid, with: "«id»").replacing(instant, with: "«instant»")
    }

    nonisolated(unsafe) static let uuid = #/[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}/#
    nonisolated(unsafe) static let instant = #/\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:?\d\d)?|\b\d{9,10}(\.\d+)?\b/#

    struct SharedRunFailure: Error {
        var text: String
    }
}
