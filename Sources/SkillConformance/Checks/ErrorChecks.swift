import Foundation
import SkillKit
import SkillTesting

// ERR-1 … ERR-3: what a skill throws when its dependencies fail or its input is odd.

/// A fault the error checks inject into the fakes.
@available(SkillCheckTesting, *)
struct InjectedFault: Sendable {
    var name: String
    /// Whether it is a network fault (else a storage fault).
    var isNetwork: Bool
    /// Cut the run after the engine timeout (a hung request).
    var cut: Bool
    var setUp: @Sendable (InMemoryDataStore, FakeNetworkService) -> Void
    /// Whether the operation still reports success (a 200 whose body is malformed): a skill that needs no body may
    /// rightly answer as it does when everything works.
    var succeeds = false
    /// Whether the reply is the working one less a field (``missingFields(of:)``): tried at each operation alone,
    /// and judged only for a raw error or a trap, since an item without its link may rightly be left out.
    var lacksField = false

    /// Every request fails as it would offline.
    static let offline = network("offline", .offline)
    /// Every request waits for an answer that never comes, and the engine's timeout cuts the run.
    static let hungRequest = InjectedFault(name: "hung request cut by the engine timeout", isNetwork: true, cut: true) { _, network in
        network.stub(.init(), reply: .hang)
    }
    /// Every storage operation is refused.
    static let storageFailure = InjectedFault(name: "storage failure", isNetwork: false, cut: false) { store, _ in
        store.fail(with: StorageError.unavailable("injected fault")) { _ in true }
    }

    static let all: [InjectedFault] = [
        offline,
        network("network timeout", .timeout),
        // An error body a service really sends, marked: a skill that returns it as its result handed the
        // model an error as if it were data.
        network(
            "HTTP 500",
            .response(
                NetworkResponse(
                    status: 500, headers: ["Content-Type": "application/json"],
                    body: Data(#"{"error": {"code": 500, "message": "\#(errorBodyMarker)"}}"#.utf8)))),
        // Cut short, and not UTF-8 either (a Latin-1 "é"), as a truncated or mis-declared body comes: a skill that
        // force-unwraps `String(data:encoding: .utf8)` traps here.
        network(
            "malformed payload",
            .response(
                NetworkResponse(status: 200, headers: ["Content-Type": "application/json"], body: Data(#"{"caf"#.utf8) + [0xE9])),
            succeeds: true),
        hungRequest,
        storageFailure,
    ]

    /// A 200 whose body is JSON of another shape than the skill's working reply (``WorkingReply/candidates``' documents
    /// other than `fit`'s): what a service sends once its API changes, or when it has nothing to say. A skill that
    /// force-casts what it parsed (`json["results"] as! [[String: Any]]`) traps here, where a malformed body never gets
    /// that far; one that lets the decoder's error through hands the user its text. It reports success, as a 200 does.
    static func otherShapes(than fit: WorkingReply.Fit) -> [InjectedFault] {
        [("an object with other fields", weatherBody), ("[]", "[]"), ("{}", "{}")].filter { $0.1 != fit.body }.map { name, body in
            network("a 200 with JSON of another shape (\(name))", .json(body), succeeds: true)
        }
    }

    /// A 200 with the working reply less one field of its items, for each of at most four of them (`url`, `title`, …,
    /// in name order): what a real service sends for a story with no link or a result with no author. A skill that
    /// force-casts each item's field (`item["url"] as! String`) traps here, where every other reply has them all. None
    /// for a stock reply, which no source reading shaped (``WorkingReply``).
    static func missingFields(of fit: WorkingReply.Fit) -> [InjectedFault] {
        guard ![weatherBody, "[]", "{}"].contains(fit.body) else { return [] }
        var faults: [InjectedFault] = []
        var tried = Set<String>()
        for (position, document) in WorkingReply.documents(of: fit.body).enumerated() {
            guard let json = try? JSONSerialization.jsonObject(with: Data(document.utf8), options: .fragmentsAllowed) else { continue }
            // A routed reply's later documents are its items (a story after the list of ids): their own fields count.
            for key in itemFields(of: json, isItem: position > 0) where faults.count < 4 && tried.insert(key).inserted {
                guard
                    let data = try? JSONSerialization.data(
                        withJSONObject: removing(key, from: json), options: [.sortedKeys, .fragmentsAllowed])
                else { continue }
                var fault = network("a 200 whose items lack \"\(key)\"", .json(String(decoding: data, as: UTF8.self)), succeeds: true)
                fault.lacksField = true
                faults.append(fault)
            }
        }
        return faults
    }

    /// The names of the fields with a plain value (text, a number, a flag) of the objects in `json`'s arrays, and of
    /// `json` itself when it `isItem`, in name order.
    private static func itemFields(of json: Any, isItem: Bool) -> [String] {
        var fields = Set<String>()
        func visit(_ value: Any, inArray: Bool) {
            if let object = value as? [String: Any] {
                for (key, field) in object {
                    if inArray, !(field is [Any]), !(field is [String: Any]), !(field is NSNull) { fields.insert(key) }
                    visit(field, inArray: false)
                }
            } else if let array = value as? [Any] {
                for element in array { visit(element, inArray: true) }
            }
        }
        visit(json, inArray: isItem)
        return fields.sorted()
    }

    /// `json` with `key` taken out of every object in it.
    private static func removing(_ key: String, from json: Any) -> Any {
        if let object = json as? [String: Any] {
            return object.filter { $0.key != key }.mapValues { removing(key, from: $0) }
        }
        if let array = json as? [Any] { return array.map { removing(key, from: $0) } }
        return json
    }

    /// Every request refused for its rate (HTTP 429, `Retry-After: 1`): the fault a client retries, after a
    /// sleep. TIME-1 and IO-1 run it, so that a retry's real sleep or jitter is seen on the path it takes.
    static let rateLimited = network(
        "HTTP 429 rate limited",
        .response(
            NetworkResponse(
                status: 429, headers: ["Content-Type": "application/json", "Retry-After": "1"],
                body: Data(#"{"error": {"code": 429, "message": "rate limited, retry after 1 second"}}"#.utf8))))

    static func network(_ name: String, _ reply: NetworkStub.Reply, succeeds: Bool = false) -> InjectedFault {
        var fault = InjectedFault(name: name, isNetwork: true, cut: false) { _, network in network.stub(.init(), reply: reply) }
        fault.succeeds = succeeds
        return fault
    }

    /// The text of the injected HTTP 500's body, looked for in what the skill returns.
    static let errorBodyMarker = "skillcheck: injected HTTP 500, internal server error"

    /// The weather document every healthy request answers with, its keys sorted: the same bytes every
    /// time, so a tool that returns the body as it came gives the same result twice (TOOL-5).
    static let weatherBody: String = {
        let weather = WeatherResponse(temperature: 21, condition: "晴", feelsLike: 20, humidity: 40)
        return (try? DocumentCoding.encode(weather)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }()

    /// Whether this fault can fail an operation of `kind`: a network fault a request, a storage fault a storage operation.
    func fits(_ kind: AwaitGate.Point.Kind) -> Bool {
        switch kind {
        case .request: isNetwork
        case .storage: !isNetwork
        case .sleep: false
        }
    }

    /// Whether the run reached the faulty dependency.
    func reached(_ probe: Probe) -> Bool { isNetwork ? probe.requestCount > 0 : !probe.storeLog.isEmpty }
}

@available(SkillCheckTesting, *)
extension SkillConformance {
    static let errorChecks: [ConformanceCheck] = [
        ConformanceCheck("ERR-1") { input in await faultFindings(input) },
        ConformanceCheck("ERR-2") { input in await invalidInputFindings(input).findings },
        ConformanceCheck("ERR-3") { input in await readableReasons(input) },
    ]

    /// The odd inputs of ERR-2, named; `keyword` is the skill's first keyword.
    static func invalidInputs(keyword: String?, sample: String?) -> [(name: String, text: String)] {
        var inputs: [(name: String, text: String)] = [("empty", ""), ("whitespace", " \t\n  ")]
        if let keyword { inputs.append(("a keyword alone", keyword)) }
        let unit = (sample ?? keyword ?? "text") + " 测试 text "
        inputs.append(("100 KB", String(repeating: unit, count: 102_400 / max(unit.utf8.count, 1) + 1)))
        inputs.append(("emoji", (keyword ?? "") + " 🙂👍🏽👨‍👩‍👧🇨🇳"))
        inputs.append(("RTL and combining marks", (keyword ?? "") + " مرحبا שלום e\u{301}\u{308} \u{202E}abc"))
        inputs.append(("control characters", (keyword ?? "") + "\u{0}\u{7}\u{1B}[31m\u{8}\r\n"))
        // A count or a limit the user typed, made negative or too big for an Int: `prefix(-5)` and `0..<n` trap.
        if let sample, let number = sample.firstMatch(of: /\d+/) {
            inputs.append(("its number made negative", sample.replacingCharacters(in: number.range, with: "-" + number.output)))
            inputs.append(("its number made huge", sample.replacingCharacters(in: number.range, with: "99999999999999999999")))
        }
        // A link the user typed without its slashes or with nothing after them, as people type and paste them:
        // `URL(string:)` parses both, with no host, and `url.host!` traps.
        if let sample, let link = sample.firstMatch(of: /(https?):\/\/(\S+)/) {
            let scheme = String(link.output.1), rest = String(link.output.2)
            inputs.append(("its link without slashes", sample.replacingCharacters(in: link.range, with: "\(scheme):\(rest)")))
            inputs.append(("its link with no host", sample.replacingCharacters(in: link.range, with: "\(scheme)://")))
        }
        return inputs
    }

    /// ERR-1: for each working sample, each fault at each operation of its kind in turn (each request for a
    /// network fault, each storage operation for a storage fault; at most ``AwaitGate/probedPoints`` of a
    /// run), every other operation working: a mistake in the mapping of a second or third call is found.
    static func faultFindings(_ input: ConformanceCheck.Input) async -> [Finding] {
        let (runs, missing) = await workingRuns(input, rule: "ERR-1")
        if let missing { return [missing] }
        let expected = "a SkillError or CancellationError, never the underlying error"
        var findings: [Finding] = []
        for (sample, observed) in runs {
            let text = SkillInput(rawText: sample)
            let plain: GatedRun
            switch observed {
            case .failure(let failure):
                findings.append(input.unended("ERR-1", subject: "working fakes, \(input.sampleLabel(sample))", expected: expected, failure))
                continue
            case .success(let run):
                plain = run
            }
            // With nothing injected: a skill that fails on its own sample with a raw error hands the user its text
            // (a shared state the sample needs and a fresh process lacks, a reply it cannot read).
            if !mapped(plain.ending) {
                findings.append(
                    input.finding(
                        "ERR-1", .failed, subject: "working fakes, nothing injected, \(input.sampleLabel(sample))", expected: expected,
                        observed: describe(plain) + "; the user reads this error's raw text: throw a SkillError that says what went wrong",
                        run: plain.timeline))
            }
            let fit = await input.skill.workingFit(limits: input.limits)
            // With nothing injected, an answer with nothing in it: the person who asked reads nothing, and nothing failed
            // (a model's tool call the loop never runs, an answer read from a field the reply does not hold).
            if input.skill.kind == .agent, mapped(plain.ending), answersNothing(plain.ending) {
                let called =
                    fit.toolCall.map {
                        "; the kit's model first called the skill's tool \($0.tool), as a model does: a loop that runs no call, or "
                            + "answers the call's empty text, leaves the person with nothing"
                    } ?? ""
                findings.append(
                    input.finding(
                        "ERR-1", .failed, subject: "working fakes, nothing injected, \(input.sampleLabel(sample))",
                        expected: "an answer with words in it, or a SkillError that says what failed",
                        observed: "returned an empty answer: \(describe(plain))\(called)", run: plain.timeline))
            }
            // The skill's first run on this input in the process did what this one does: else what it no longer does
            // (a read it keeps between runs) is out of every fault's reach, and would pass untried.
            if let kept = await keptBetweenRuns(input, sample: sample, plain, expected: expected) { findings.append(kept) }
            var explored: [Schedule]?
            for fault in InjectedFault.all + InjectedFault.otherShapes(than: fit) + InjectedFault.missingFields(of: fit) {
                let targets = plain.points.filter { fault.isNetwork ? $0.isRequest : $0.isStorage }
                guard !targets.isEmpty else { continue }
                var failed = false
                // The operations a faulted run never reached: the fault was not tried there, which is no pass.
                var untried: [String] = []
                // Runs the sample with `fault` at `target`, in first-in-first-out order: the run, once its finding is added.
                func faulted(at target: AwaitGate.Target, _ subject: String, point: String) async -> Result<GatedRun, ProbeFailure> {
                    CrashReport.announceAttempt(subject)
                    let result = await GatedRun.run(
                        input.skill, input: text, action: .fault(fault, at: target),
                        cutAfter: fault.cut ? input.limits.engineTimeout : nil, limits: input.limits)
                    if case .success(let run) = result, run.faultsInjected == 0 {
                        untried.append(point)
                        return result
                    }
                    if let finding = faultFinding(input, subject: subject, expected: expected, fault: fault, result) {
                        findings.append(finding)
                        failed = true
                    }
                    return result
                }
                for point in targets.prefix(AwaitGate.probedPoints) {
                    let label = pointLabel(point, of: plain.points.count)
                    _ = await faulted(at: .index(point.index), "\(fault.name) at \(label), \(input.sampleLabel(sample))", point: label)
                }
                // The same fault at each operation by name under other schedules: whichever child reaches it.
                if !failed, !fault.lacksField {
                    if explored == nil {
                        explored = await exploredSchedules(
                            input, sample: sample, points: min(plain.points.count, AwaitGate.probedPoints), rule: "ERR-1")
                    }
                    search: for point in targets.prefix(AwaitGate.probedPoints) {
                        for schedule in explored ?? [] {
                            let subject = "\(fault.name) at \(point.key) under schedule \(schedule), \(input.sampleLabel(sample))"
                            let result = await GatedRun.run(
                                input.skill, input: text, action: .fault(fault, at: .operation(point.key)),
                                cutAfter: fault.cut ? input.limits.engineTimeout : nil, schedule: schedule,
                                latency: exploredLatency, limits: input.limits)
                            guard var finding = faultFinding(input, subject: subject, expected: expected, fault: fault, result)
                            else { continue }
                            if finding.outcome == .failed {
                                finding.observed += " (under first-in-first-out order it was mapped; \(replayHint(input, schedule)))"
                                finding.seed = schedule.seed
                            }
                            findings.append(finding)
                            failed = true
                            break search
                        }
                    }
                }
                // The outage lasts: every operation of its kind fails from one on, so a retry meets it again and what
                // the skill throws once it gives up is judged (a retry that succeeds hid it above). From each operation
                // in turn: a skill may map the first one's failure and let a later one's through.
                for (position, start) in targets.prefix(AwaitGate.probedPoints).enumerated() where !failed && !fault.lacksField {
                    let label = pointLabel(start, of: plain.points.count)
                    let subject =
                        "\(fault.name) at every \(fault.isNetwork ? "request" : "storage operation") from \(label) on "
                        + "(an outage that lasts), \(input.sampleLabel(sample))"
                    let result = await faulted(at: .fromIndex(start.index), subject, point: "every one from \(label) on")
                    // Every operation failed: an answer that is the working one says the work was done.
                    if position == 0, !failed, case .success(let run) = result, run.faultsInjected > 0,
                        let claim = unchangedAnswer(run, plain, fault: fault, input, subject)
                    {
                        findings.append(claim)
                        failed = true
                    }
                }
                if !failed, !untried.isEmpty {
                    let kind = fault.isNetwork ? "request" : "storage operation"
                    findings.append(
                        input.finding(
                            "ERR-1", .failed, subject: "\(fault.name), \(input.sampleLabel(sample))", expected: expected,
                            observed: untriedNote(
                                "the fault", at: untried, "each run with it in place ended without reaching that \(kind)")))
                    failed = true
                }
                if !failed {
                    let kind = fault.isNetwork ? "request" : "storage operation"
                    let schedules = explored ?? []
                    findings.append(
                        input.finding(
                            "ERR-1", .passed, subject: "\(fault.name), \(input.sampleLabel(sample))", expected: expected,
                            observed: "mapped at each of its \(targets.count) \(kind)\(targets.count == 1 ? "" : "s") in turn"
                                + probedNote(targets.count)
                                + (fault.lacksField ? "" : ", and at every one from each of them on, an outage that lasts")
                                + (schedules.isEmpty ? "" : ", in first-in-first-out order and under \(schedules.count) other schedules"),
                            virtual: fault.cut, seed: schedules.isEmpty ? nil : input.limits.seed))
                }
            }
        }
        if let sample = runs.first?.sample, let unfit = await unfitArguments(input, sample: sample, expected: expected) {
            findings.append(unfit)
        }
        if findings.isEmpty {
            return [
                input.finding(
                    "ERR-1", .notApplicable, subject: "every fault", expected: "a skill that uses the network or storage",
                    observed: "no sample made a network request or a storage operation")
            ]
        }
        return findings
    }

    /// ERR-1 on state kept between runs: the storage operations and requests the skill's first run on `sample` in this
    /// process made (``FirstRuns``) that `plain`, a later run with the same fakes, did not. No fault reaches those, so
    /// the fault runs, which start from `plain`, never try them. `nil` when `plain` did all of them.
    static func keptBetweenRuns(_ input: ConformanceCheck.Input, sample: String, _ plain: GatedRun, expected: String) async -> Finding? {
        let key = FirstRuns.Key(sample: sample, fit: await input.skill.workingFit(limits: input.limits))
        guard let first = input.skill.firstRuns.operations(key) else { return nil }
        let missing = FirstRuns.missing(from: plain.operations, first: first)
        guard !missing.isEmpty else { return nil }
        return input.finding(
            "ERR-1", .failed, subject: "a later run on the same input, \(input.sampleLabel(sample))",
            expected: expected + ", on every run: each storage operation and request of the skill's first run on an input "
                + "made again by the next, so that a fault can reach it",
            observed: "the skill's first run on this input in this process made "
                + missing.map { "`\($0)`" }.joined(separator: ", ")
                + "; a later run on the same input, with fresh fakes that answer the same, did not: the skill keeps what it "
                + "got between runs (in a global or static var, or in the one instance the checks reuse), so a storage "
                + "failure or an outage after its first run is never seen, and a run with another context's storage answers "
                + "from the first one's; read through the context on each run (keep a cache in `context.storage`)",
            run: plain.timeline)
    }

    /// A tool loop's model (under skillcheck) that calls the tool with arguments that do not fit its schema, as models
    /// sometimes do: the loop answers it (the error back to the model as the tool's result) or throws a SkillError, never
    /// the decoder's error and never a trap. `nil` when the working reply has no tool call.
    static func unfitArguments(_ input: ConformanceCheck.Input, sample: String, expected: String) async -> Finding? {
        let fit = await input.skill.workingFit(limits: input.limits)
        guard let call = fit.toolCall, let model = WorkingReply.callingModel(call, body: fit.body, rounds: 1, unfit: true),
            let provider = WorkingReply.provider(answering: fit.body)
        else { return nil }
        let arguments = WorkingReply.unfitArguments(provider)
        // A trap here is the tool-call trial's: CRASH-1 names the call, and skillcheck runs every rule again without it.
        CrashReport.announceToolCallTrial(tool: call.tool, arguments: (arguments, WorkingReply.unfitness(provider)))
        defer { CrashReport.announceToolCallTrial(tool: nil) }
        let result = await Probe.run(input.skill, input: SkillInput(rawText: sample), limits: input.limits, reply: fit.body) {
            _, network in network.stub(model)
        }
        let subject =
            "a model's call of \(quoted(call.tool)) with arguments \(arguments) (\(WorkingReply.unfitness(provider))), "
            + input.sampleLabel(sample)
        switch result {
        case .failure(let failure):
            return input.unended("ERR-1", subject: subject, expected: expected, failure)
        case .success(let probe) where !mapped(probe.ending):
            return input.finding(
                "ERR-1", .failed, subject: subject, expected: expected,
                observed: describe(probe) + "; a model's arguments are text it wrote: decode them in a do/catch and send the "
                    + "error back to the model as the tool's result, or throw a SkillError",
                run: probe.timeline)
        case .success(let probe):
            return input.finding("ERR-1", .passed, subject: subject, expected: expected, observed: describe(probe))
        }
    }

    /// ERR-1's warning for a run in which every operation of `fault`'s kind failed, yet the skill answered exactly as
    /// with working fakes: where those operations are the work (a light turned on, a note saved), the answer says it
    /// happened when it did not, as a call left running in the background and never read does. A warning, since
    /// the operations may also be a side matter (a log, a prefetch) the answer never depended on.
    static func unchangedAnswer(
        _ run: GatedRun, _ plain: GatedRun, fault: InjectedFault, _ input: ConformanceCheck.Input, _ subject: String
    ) -> Finding? {
        guard !fault.succeeds, case .output(let answer) = run.ending.comparable, case .output(let working) = plain.ending.comparable,
            answer == working,
            // An answer that says something went wrong tells no one the work was done: the working run failed too (its
            // reply did not fit, or the skill never works), and its catch-all answered both.
            !saysItFailed(answer.summary + " " + (answer.detail ?? ""))
        else { return nil }
        let kind = fault.isNetwork ? "request" : "storage operation"
        return input.finding(
            "ERR-1", .warning, subject: subject, expected: "an answer that says the work failed, or a SkillError that does",
            observed: "every \(kind) failed, yet the skill answered exactly as when they worked (\(quoted(answer.summary))): "
                + "if they are the work (an action, a lookup, a save), the person who asked is told it was done when it was "
                + "not; await the \(kind)'s result and throw a SkillError that says what failed",
            run: run.timeline)
    }

    /// Whether `answer` tells the person that the work failed ("Sorry, I couldn't…", "无法获取…"), in English or Chinese.
    static func saysItFailed(_ answer: String) -> Bool {
        // "No errors", "without problems": a word of failure that says there was none.
        let text = answer.lowercased().replacing(/\b(?:no|without|zero|0)\s+(?:errors?|problems?|failures?)\b/, with: "")
        let phrases = [
            "sorry", "couldn't", "could not", "can't", "cannot", "unable", "failed", "failure", "error", "problem",
            "try again", "unavailable", "not available", "went wrong", "抱歉", "对不起", "无法", "失败", "出错", "错误",
            "不可用", "稍后再试", "请重试",
        ]
        return phrases.contains { phrase in
            guard phrase.first?.isASCII == true else { return text.contains(phrase) }
            // Whole words only: "terror" is no error, nor "problematic" a problem.
            return text.ranges(of: phrase).contains { range in
                (range.lowerBound == text.startIndex || !text[text.index(before: range.lowerBound)].isLetter)
                    && (range.upperBound == text.endIndex || !text[range.upperBound].isLetter)
            }
        }
    }

    /// ERR-1's verdict on one faulted run: a finding when the skill let the fault through, hung, or handed
    /// the error body over as its result; `nil` when it mapped the fault.
    private static func faultFinding(
        _ input: ConformanceCheck.Input, subject: String, expected: String, fault: InjectedFault,
        _ result: Result<GatedRun, ProbeFailure>
    ) -> Finding? {
        switch result {
        case .failure(let failure):
            return input.unended("ERR-1", subject: subject, expected: expected, failure, virtual: fault.cut)
        case .success(let run) where !mapped(run.ending):
            return input.finding(
                "ERR-1", .failed, subject: subject, expected: expected, observed: describe(run), virtual: fault.cut, run: run.timeline)
        case .success(let run) where echoesErrorBody(run.ending):
            // A fallback may answer under a fault; handing the error's own body over as the result is never one.
            return input.finding(
                "ERR-1", .failed, subject: subject, expected: expected,
                observed: "returned the HTTP 500 response's error body as its result: \(describe(run)); "
                    + "check the response's status before reading its body, and throw a SkillError",
                virtual: fault.cut, run: run.timeline)
        case .success(let run) where input.skill.kind == .agent && !fault.lacksField && answersNothing(run.ending):
            // A fallback answers with words; an empty answer leaves the person who asked with nothing to read.
            return input.finding(
                "ERR-1", .failed, subject: subject, expected: expected,
                observed: "returned an empty answer: \(describe(run)); the person who asked reads nothing and cannot tell "
                    + "that something failed: throw a SkillError that says what failed, or answer with words",
                virtual: fault.cut, run: run.timeline)
        case .success:
            return nil
        }
    }

    /// Whether `ending` is an output with nothing to read: a summary of whitespace alone, and no detail with more.
    static func answersNothing(_ ending: Probe.Ending) -> Bool {
        guard case .output(let output) = ending else { return false }
        return isBlank(output.summary) && isBlank(output.detail ?? "")
    }

    /// `operation 2 of 3 (GET https://…)`: a suspension point as a finding names it.
    static func pointLabel(_ point: AwaitGate.Point, of count: Int) -> String {
        "operation \(point.index + 1) of \(count) (\(point.description))"
    }

    /// What a finding says of a probe (`the fault`, `the cancellation`) whose runs never reached `points`, which the
    /// working run on the same input reached: `how` says how each run ended instead.
    static func untriedNote(_ probe: String, at points: [String], _ how: String) -> String {
        "\(probe) was never tried at \(points.joined(separator: "; ")): \(how), which the working run on the same input "
            + "reached, so the skill took another path on the same input and fakes; it depends on something outside its "
            + "context (state kept between runs, the real clock, randomness): keep what a run depends on in the context, "
            + "so that every run on an input does the same"
    }

    /// What a finding says when a run had more suspension points than are probed one by one.
    static func probedNote(_ count: Int) -> String {
        count > AwaitGate.probedPoints ? " (the run had \(count); the first \(AwaitGate.probedPoints) were probed)" : ""
    }

    /// ERR-2: each odd input, with working fakes. Also returns the SkillErrors seen, for ERR-3.
    ///
    /// The kit's working fakes answer every request with a weather document, or `[]` or `{}` where its first
    /// sample finishes with one of those (``SkillUnderTest/workingReply(limits:)``). A skill that asks for something
    /// else fails on its own handled sample too; then an odd input that failed after reaching
    /// the network or storage cannot be told from a reply that does not fit, and is `skipped`, saying
    /// so, rather than failed for the wrong cause. A failure before any request is still judged.
    static func invalidInputFindings(_ input: ConformanceCheck.Input) async -> (findings: [Finding], errors: [(String, SkillError)]) {
        let skill = input.skill.instance(in: .virtual(clock: VirtualClock()))
        let inputs = invalidInputs(keyword: skill.keywords.first { !isBlank($0) }, sample: skill.samples.handled.first)
        let unfit = await fakesUnfit(input, sample: skill.samples.handled.first)
        var findings: [Finding] = []
        var errors: [(String, SkillError)] = []
        for (name, text) in inputs {
            let subject = "\(name) input \(quoted(text))"
            let expected = "SkillError.invalidInput or an output"
            CrashReport.announceAttempt("the " + subject)
            // The engine asks every skill's canHandle about every message before it routes one: a trap there on odd
            // text ends the app whichever skill the message was for (CRASH-1 names it, while checking ERR-2).
            _ = input.skill.instance(in: .virtual(clock: VirtualClock())).canHandle(text)
            let result = await Probe.run(
                input.skill, input: SkillInput(rawText: text), limits: input.limits,
                setUp: nil)
            switch result {
            case .failure(let failure):
                findings.append(input.unended("ERR-2", subject: subject, expected: expected, failure))
            case .success(let probe):
                var ok = true
                if case .threw(let thrown) = probe.ending {
                    if let error = thrown.skillError { errors.append((subject, error)) }
                    if case .invalidInput = thrown.skillError {} else { ok = false }
                }
                if !ok, let unfit, probe.requestCount > 0 || !probe.storeLog.isEmpty {
                    findings.append(
                        input.finding(
                            "ERR-2", .skipped(reason: unfit), subject: subject, expected: expected,
                            observed: describe(probe) + "; " + unfit))
                    continue
                }
                findings.append(
                    input.finding(
                        "ERR-2", ok ? .passed : .failed, subject: subject, expected: expected,
                        observed: describe(probe), run: probe.timeline))
            }
        }
        return (findings, errors)
    }

    /// Why the working fakes do not fit this skill (its first handled sample, run with them, ended with
    /// an error other than `invalidInput`), or `nil` when they do (or there is no sample to tell).
    static func fakesUnfit(_ input: ConformanceCheck.Input, sample: String?) async -> String? {
        guard let sample else { return nil }
        let result = await Probe.run(
            input.skill, input: SkillInput(rawText: sample), limits: input.limits,
            setUp: nil)
        guard case .success(let probe) = result, case .threw(let thrown) = probe.ending else { return nil }
        if case .invalidInput = thrown.skillError { return nil }
        return "the skill's own sample \(quoted(sample)) fails with the kit's working fakes too (threw \(thrown)): no reply "
            + "the kit could fit (from the types and keys its source reads, else a weather document, [] or {}) gets it to "
            + "its work, so a failure after a request cannot be told from a reply that does not fit"
    }

    /// ERR-3: every SkillError seen under faults and odd inputs has a readable reason.
    /// A tool skill's odd inputs are TOOL-4's arguments that violate its schema.
    static func readableReasons(_ input: ConformanceCheck.Input) async -> [Finding] {
        var seen = input.skill.kind == .tool ? await invalidArgumentFindings(input).errors : await invalidInputFindings(input).errors
        var shown: [Finding] = []
        let (samples, _) = await workingSamples(input, rule: "ERR-3")
        for fault in InjectedFault.all {
            for sample in samples {
                let result = await Probe.run(
                    input.skill, input: SkillInput(rawText: sample),
                    cutAfter: fault.cut ? input.limits.engineTimeout : nil,
                    limits: input.limits, setUp: fault.setUp)
                guard case .success(let probe) = result else { continue }
                let subject = "\(fault.name), \(input.sampleLabel(sample))"
                if case .threw(let thrown) = probe.ending, let error = thrown.skillError { seen.append((subject, error)) }
                // An answer, or a tool's result, that quotes the key: the user (or the model's provider) reads it.
                if case .output(let output) = probe.ending, output.summary.contains(credentialPlaceholder) {
                    let (shownAs, readers) =
                        input.skill.kind == .tool
                        ? ("the result", "the model and its provider read")
                        : ("the answer", "the person who asked, and any log of the chat, read")
                    shown.append(
                        input.finding(
                            "ERR-3", .failed, subject: subject, expected: "an answer that shows no credential",
                            observed:
                                "\(shownAs) \(quoted(output.summary)) shows the credential the skill read (\(credentialPlaceholder) is "
                                + "the value the kit gave it, in its environment or context.userInfo); \(readers) it: say what failed "
                                + "without the request's URL or key"))
                }
            }
        }
        guard !seen.isEmpty else {
            if !shown.isEmpty { return shown }
            return [
                input.finding(
                    "ERR-3", .notApplicable, subject: "every fault and odd input",
                    expected: "a SkillError to read", observed: "the skill threw no SkillError")
            ]
        }
        return shown
            + seen.map { subject, error in
                // The key skillcheck gave the skill, quoted in what the user reads (a request's URL in the reason).
                if "\(error)".contains(credentialPlaceholder) {
                    return input.finding(
                        "ERR-3", .failed, subject: subject, expected: "a reason with words in it, and no credential",
                        observed: "SkillError.\(error): the reason shows the credential the skill read from its environment or "
                            + "context.userInfo (\(credentialPlaceholder) is the value the kit gave it); a user, a log or a crash report reads "
                            + "it: say what failed without the request's key")
                }
                let saysNothing = reason(of: error).map(describesNothing) == true
                return input.finding(
                    "ERR-3", hasReadableReason(error) && !saysNothing ? .passed : .failed, subject: subject,
                    expected: "a reason with words in it", observed: "SkillError.\(error)" + (saysNothing ? ": " + nothingDescribed : ""))
            }
    }

    /// What ERR-3 says of a reason that holds Foundation's text for an error that describes nothing.
    static let nothingDescribed =
        "Foundation's text for an error that describes nothing (`error.localizedDescription` of an error that is not "
        + "a LocalizedError): it names a type and a number, not what failed; say what failed, such as \"the weather "
        + "service did not answer\""

    /// Whether `reason` is nothing but Foundation's text for an error that has no description of its own: `The
    /// operation could not be completed. (SkillKit.NetworkError error 0.)`, as `localizedDescription` reads it. Words
    /// of the skill's own around it (`天气服务不可用：…`) say what failed.
    static func describesNothing(_ reason: String) -> Bool {
        let boilerplate = /The operation (?:could not|couldn.t) be completed\.(?: \(.* error -?\d+\.\))?/
        guard reason.contains(boilerplate) else { return false }
        return !reason.replacing(boilerplate, with: "").unicodeScalars.contains { $0.properties.isAlphabetic }
    }

    static func hasReadableReason(_ error: SkillError) -> Bool {
        guard let reason = reason(of: error) else { return true }
        return reason.unicodeScalars.contains { $0.properties.isAlphabetic || $0.properties.numericType != nil }
    }

    /// The reason a SkillError carries; `nil` for the cases whose text is the engine's own.
    static func reason(of error: SkillError) -> String? {
        switch error {
        case .invalidInput(let reason), .executionFailed(let reason): reason
        case .timeout, .alreadyRunning: nil
        }
    }

    /// The handled samples a rule runs the skill on (a tool skill's: its sample arguments, as JSON text).
    /// With none, the rule is `skipped` (never a pass), naming META-4 (TOOL-3 for a tool skill), which
    /// fails for the same cause: one failure to fix, not one per rule with the wrong advice.
    static func handledSamples(_ input: ConformanceCheck.Input, rule: String) -> ([String], Finding?) {
        let skill = input.skill.instance(in: .virtual(clock: VirtualClock()))
        let samples =
            declaresNoSamples(input.skill)
            ? SampleDerivation.candidates(keywords: skill.keywords, canHandle: skill.canHandle) : skill.samples.handled
        if samples.isEmpty {
            let (list, reason) =
                input.skill.kind == .tool
                ? (
                    "sampleArguments",
                    "no sample arguments to run the tool on: sampleArguments is empty (TOOL-3 fails); declare `sampleArguments`"
                )
                : ("samples.handled", "no handled sample to run the skill on: samples.handled is empty (META-4 fails); declare `samples`")
            return (
                [],
                input.finding(
                    rule, .skipped(reason: reason), subject: list,
                    expected: "at least one sample to run", observed: reason)
            )
        }
        return (samples, nil)
    }

    static func mapped(_ probe: Probe) -> Bool { mapped(probe.ending) }

    /// Whether the run returned the injected HTTP 500's error body (or its message) as its output.
    static func echoesErrorBody(_ ending: Probe.Ending) -> Bool {
        guard case .output(let output) = ending else { return false }
        return output.summary.contains(InjectedFault.errorBodyMarker) || (output.detail?.contains(InjectedFault.errorBodyMarker) ?? false)
    }

    static func mapped(_ ending: Probe.Ending) -> Bool {
        guard case .threw(let thrown) = ending else { return true }
        return thrown.skillError != nil || thrown.isCancellation
    }

    static func describe(_ probe: Probe) -> String { describe(probe.ending, wasCut: probe.wasCut) }

    static func describe(_ run: GatedRun) -> String { describe(run.ending, wasCut: run.wasCut) }

    static func describe(_ ending: Probe.Ending, wasCut: Bool) -> String {
        let cut = wasCut ? "cut by the timeout, then " : ""
        switch ending {
        case .output(let output): return cut + "an output: \(quoted(output.summary))"
        case .threw(let thrown): return cut + "threw \(thrown)"
        }
    }
}
