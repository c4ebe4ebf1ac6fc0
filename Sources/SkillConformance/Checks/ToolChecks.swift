import Foundation
import SkillKit
import SkillTesting

// TOOL-1 … TOOL-8: what only a tool skill has: a name a model calls, an input schema, JSON arguments and
// a text result. The rules both kinds share run a tool skill through `ToolSkillSubject`.

@available(SkillCheckTesting, *)
extension SkillConformance {
    static let toolChecks: [ConformanceCheck] = [
        ConformanceCheck("TOOL-1") { input in withTool(input, rule: "TOOL-1", nameAndDescription) },
        ConformanceCheck("TOOL-2") { input in withTool(input, rule: "TOOL-2", schemaProblems) },
        ConformanceCheck("TOOL-3") { input in await samplesAccepted(input) },
        ConformanceCheck("TOOL-4") { input in await invalidArgumentFindings(input).findings },
        ConformanceCheck("TOOL-5") { input in await sameTwice(input, rule: "TOOL-5", breach: .failed) },
        ConformanceCheck("TOOL-6") { input in await resultSizes(input) },
        ConformanceCheck("TOOL-7") { input in withTool(input, rule: "TOOL-7", providerProblems) },
        ConformanceCheck("TOOL-8") { input in await schemaAgreement(input) },
    ]

    /// A fresh instance of the tool skill under test, given to `body`; a failed finding when the skill
    /// is not one (the catalogue's `appliesTo` keeps that from happening: a kit bug).
    static func withTool(
        _ input: ConformanceCheck.Input, rule: String, _ body: (ConformanceCheck.Input, any ToolSkill) -> [Finding]
    ) -> [Finding] {
        guard let tool = input.skill.tool(in: .virtual(clock: VirtualClock())) else { return notATool(input, rule: rule) }
        return body(input, tool)
    }

    /// The finding of a tool rule given an AgentSkill: the catalogue's `appliesTo` keeps that from happening.
    static func notATool(_ input: ConformanceCheck.Input, rule: String) -> [Finding] {
        [
            input.finding(
                rule, .failed, subject: ConformanceCheck.wholeRule, expected: "a tool skill",
                observed: "an AgentSkill reached a tool rule (a kit bug)")
        ]
    }

    /// TOOL-1: the name a model API accepts, and a description.
    static func nameAndDescription(_ input: ConformanceCheck.Input, _ tool: any ToolSkill) -> [Finding] {
        let name = tool.name
        let odd = name.unicodeScalars.first { !isToolNameScalar($0) }
        let nameOK = odd == nil && (1...64).contains(name.unicodeScalars.count)
        let why =
            name.isEmpty ? "it is empty" : odd.map { "it holds \(quoted(String($0)))" } ?? "it has \(name.unicodeScalars.count) characters"
        return [
            input.finding(
                "TOOL-1", nameOK ? .passed : .failed, subject: "name",
                expected: "1 to 64 ASCII letters, digits, `_` or `-`, such as query_weather",
                observed: "name \(quoted(name))" + (nameOK ? "" : ": \(why)")),
            input.finding(
                "TOOL-1", isBlank(tool.description) ? .failed : .passed, subject: "description",
                expected: "a non-empty description of when to use the tool",
                observed: "description \(quoted(tool.description))"),
        ]
    }

    /// Whether a tool's name may hold `scalar`: an ASCII letter or digit, `_` or `-`.
    static func isToolNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-"
    }

    /// How a finding names the schema a provider gets: as written, the tool's own variant, or the derived one.
    static func origin(of variant: SchemaVariant) -> String {
        switch (variant.dialect, variant.declared) {
        case (.jsonSchema, _): "inputSchema"
        case (let dialect, true): "the tool's own \(dialect.rawValue) variant"
        case (let dialect, false): "the \(dialect.rawValue) variant derived from inputSchema"
        }
    }

    /// TOOL-2: one failure per problem in the schema, at its JSON pointer.
    static func schemaProblems(_ input: ConformanceCheck.Input, _ tool: any ToolSkill) -> [Finding] {
        let expected = "an object schema in the subset the kit checks, with no problem"
        let problems = JSONSchema.problems(in: tool.inputSchema)
        guard !problems.isEmpty else {
            return [
                input.finding(
                    "TOOL-2", .passed, subject: "inputSchema", expected: expected,
                    observed: "no problem in \(quoted(tool.inputSchema.text))")
            ]
        }
        return problems.map { problem in
            input.finding(
                "TOOL-2", .failed, subject: "inputSchema at \(problem.pointer.isEmpty ? "/" : problem.pointer)",
                expected: expected, observed: problem.message)
        }
    }

    /// TOOL-3: each sample fits the schema, and the tool, run on it with working fakes, does not reject it.
    static func samplesAccepted(_ input: ConformanceCheck.Input) async -> [Finding] {
        guard let tool = input.skill.tool(in: .virtual(clock: VirtualClock())) else { return notATool(input, rule: "TOOL-3") }
        let expected = "arguments that fit inputSchema, which the tool accepts (no SkillError.invalidInput)"
        guard !tool.sampleArguments.isEmpty else {
            return [
                input.finding(
                    "TOOL-3", .failed, subject: "sampleArguments", expected: "at least one set of sample arguments",
                    observed: "sampleArguments is empty: declare arguments the tool handles")
            ]
        }
        var findings: [Finding] = []
        for sample in tool.sampleArguments {
            let subject = "sample arguments \(quoted(sample.text))"
            do throws(SkillError) {
                try JSONSchema.validate(sample, against: tool.inputSchema)
            } catch {
                findings.append(
                    input.finding(
                        "TOOL-3", .failed, subject: subject, expected: expected,
                        observed: "they do not fit inputSchema: \(error.message(in: .english))"))
                continue
            }
            switch await Probe.run(input.skill, input: SkillInput(rawText: sample.text), limits: input.limits, setUp: nil)
            {
            case .failure(let failure):
                findings.append(input.unended("TOOL-3", subject: subject, expected: expected, failure))
            case .success(let probe):
                var rejected = false
                if case .threw(let thrown) = probe.ending, case .invalidInput? = thrown.skillError { rejected = true }
                findings.append(
                    input.finding(
                        "TOOL-3", rejected ? .failed : .passed, subject: subject, expected: expected,
                        observed: (rejected ? "the tool rejected its own sample: " : "they fit; ") + describe(probe),
                        run: probe.timeline))
            }
        }
        return findings
    }

    /// TOOL-6: the size of each sample's result with working fakes; a sample that throws has no result to measure.
    static func resultSizes(_ input: ConformanceCheck.Input) async -> [Finding] {
        let (samples, missing) = await workingSamples(input, rule: "TOOL-6")
        if let missing { return [missing] }
        let limit = RuleCatalog.toolResultLimit
        let expected = "a result of at most \(limit) bytes of UTF-8"
        var findings: [Finding] = []
        for sample in samples {
            let subject = "arguments \(quoted(sample)), working fakes"
            switch await Probe.run(input.skill, input: SkillInput(rawText: sample), limits: input.limits, setUp: nil) {
            case .failure(let failure):
                findings.append(input.unended("TOOL-6", subject: subject, expected: expected, failure))
            case .success(let probe):
                guard case .output(let output) = probe.ending else { continue }
                let size = output.summary.utf8.count
                guard size <= limit else {
                    findings.append(
                        input.finding(
                            "TOOL-6", .warning, subject: subject, expected: expected,
                            observed: "\(size) bytes: \(quoted(output.summary))", run: probe.timeline))
                    continue
                }
                // The kit's working reply is small, so a tool that hands the service's whole answer on would pass here:
                // the same reply once more with a long field added, as a real service's answer has.
                findings.append(await resultSizeWithLongerReply(input, sample: sample, size: size, expected: expected))
            }
        }
        if findings.isEmpty {
            return [
                input.finding(
                    "TOOL-6", .notApplicable, subject: "every sample", expected: "a result to measure",
                    observed: "no sample returned a result with the working fakes")
            ]
        }
        return findings
    }
}

@available(SkillCheckTesting, *)
extension SkillConformance {
    /// The text of the field TOOL-6 adds to the working reply: about 6 KB, three times the result limit.
    static let longField = String(
        repeating: "Text a service sends along with what was asked for, which the model need not read. ", count: 72)

    /// TOOL-6 on `sample` whose result was `size` bytes with the working reply: run again with that reply's JSON object
    /// carrying ``longField`` as well, a warning when the result then outgrows the limit (the tool passes the answer on).
    /// With a working reply that is no JSON object (a list, a model's answer), the first size is the finding.
    static func resultSizeWithLongerReply(_ input: ConformanceCheck.Input, sample: String, size: Int, expected: String) async -> Finding {
        let limit = RuleCatalog.toolResultLimit
        let subject = "arguments \(quoted(sample)), working fakes"
        let fit = await input.skill.workingFit(limits: input.limits)
        // Each JSON object of the reply (of each path's, for a routed one) carries the field.
        var grew = false
        let longer = WorkingReply.documents(of: fit.body).map { document in
            guard var object = (try? JSONSerialization.jsonObject(with: Data(document.utf8))) as? [String: Any] else { return document }
            object["details"] = longField
            guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return document }
            grew = true
            return String(decoding: data, as: UTF8.self)
        }
        guard grew,
            case .success(let probe) = await Probe.run(
                input.skill, input: SkillInput(rawText: sample), limits: input.limits, reply: WorkingReply.routed(longer),
                toolCall: fit.toolCall, setUp: nil),
            case .output(let output) = probe.ending
        else {
            return input.finding("TOOL-6", .passed, subject: subject, expected: expected, observed: "\(size) bytes")
        }
        let grown = output.summary.utf8.count
        let added = "with a \((longField.utf8.count + 512) / 1024) KB field added to the service's answer"
        guard grown > limit else {
            if let kept = await requestsNotMadeAgain(input, sample: sample, probe) {
                let reason =
                    "the run with the service's longer answer did not make \(kept), which the skill's first run on these arguments "
                    + "in this process made: it answered from what it kept from an earlier run (ERR-1 reports it), so the longer "
                    + "answer never reached it and the size of its result with a real service's answer was not measured"
                return input.finding(
                    "TOOL-6", .skipped(reason: reason), subject: subject + ", " + added, expected: expected, observed: reason,
                    run: probe.timeline)
            }
            if let full = await resultSizeWithFullReply(input, sample: sample, fit: fit, expected: expected, size: size) { return full }
            return input.finding(
                "TOOL-6", .passed, subject: subject, expected: expected, observed: "\(size) bytes, and \(grown) bytes \(added)")
        }
        return input.finding(
            "TOOL-6", .warning, subject: subject + ", " + added, expected: expected,
            observed: "\(grown) bytes (\(size) with the kit's short answer): the tool hands the service's answer on as it came, "
                + "so the model reads all of it; return the fields it needs: \(quoted(output.summary))",
            run: probe.timeline)
    }

    /// The requests (as ``FirstRuns`` keeps them, each in backquotes) that the skill's first run on `sample` in this
    /// process made and `probe`, a later run with another answer from the same service, did not; `nil` when it made
    /// them all, or no first run was kept. Such a run answered from what the skill kept between runs (a cache in a
    /// global or static var), so the answer a check gave it was never read.
    static func requestsNotMadeAgain(_ input: ConformanceCheck.Input, sample: String, _ probe: Probe) async -> String? {
        let key = FirstRuns.Key(sample: sample, fit: await input.skill.workingFit(limits: input.limits))
        guard let first = input.skill.firstRuns.operations(key) else { return nil }
        // Only the requests: a storage operation's string starts with a lower-case verb (`save notes`), a request's with its method.
        let requested = first.filter { $0.first?.isUppercase == true }
        let missing = FirstRuns.missing(from: probe.requests.map(FirstRuns.requestKey), first: requested)
        return missing.isEmpty ? nil : missing.map { "`\($0)`" }.joined(separator: ", ")
    }

    /// How many items each list of the service's answer has in ``resultSizeWithFullReply(_:sample:fit:expected:size:)``:
    /// a page of search results, as a real service sends one.
    static let fullListCount = 20

    /// The names of the fields whose text is a body a service sends at length (an article's extract, a result's
    /// content), in lower case: ``resultSizeWithFullReply(_:sample:fit:expected:size:)`` makes each 1 KB long.
    static let bodyFieldNames: Set<String> = [
        "abstract", "body", "content", "description", "extract", "html", "markdown", "snippet", "summary", "text",
    ]

    /// TOOL-6 once more with the working reply as full as a real service's: each list of `fitted`'s documents
    /// ``fullListCount`` items long, and each text field named as a body (``bodyFieldNames``) 1 KB long. A tool that
    /// formats every item, or every body whole, outgrows the limit here, where the kit's one short item fits: a
    /// warning. The documents the sample expects in storage grow the same way. `nil` when neither has a list or body
    /// to grow, or the result stays within the limit.
    static func resultSizeWithFullReply(
        _ input: ConformanceCheck.Input, sample: String, fit: WorkingReply.Fit, expected: String, size: Int
    ) async -> Finding? {
        let limit = RuleCatalog.toolResultLimit
        let grown = WorkingReply.fuller(fit.body, listCount: fullListCount, bodyFieldNames: bodyFieldNames)
        // The documents the sample expects in storage, as full as a user's: a tool that hands on a stored graph or list
        // whole outgrows the limit once it holds more than the sample's few entries.
        var stored: [(collection: String, id: String, data: Data)] = []
        for (collection, documents) in input.skill.sampleStorage.sorted(by: { $0.key < $1.key }) {
            for document in documents {
                guard let text = String(data: document.data, encoding: .utf8),
                    let full = WorkingReply.fuller(text, listCount: fullListCount, bodyFieldNames: bodyFieldNames, distinct: true)
                else { continue }
                stored.append((collection, document.id, Data(full.utf8)))
            }
        }
        let seeded = stored
        var setUp: (@Sendable (InMemoryDataStore, FakeNetworkService) -> Void)?
        if !seeded.isEmpty {
            setUp = { store, _ in
                for document in seeded { store.seed(document.data, id: document.id, in: document.collection) }
            }
        }
        guard grown != nil || !stored.isEmpty else { return nil }
        let result = await Probe.run(
            input.skill, input: SkillInput(rawText: sample), limits: input.limits, reply: grown ?? fit.body, toolCall: fit.toolCall,
            setUp: setUp)
        guard case .success(let probe) = result, case .output(let output) = probe.ending, output.summary.utf8.count > limit
        else { return nil }
        let source = [grown == nil ? nil : "the service's answer", stored.isEmpty ? nil : "the documents in storage"].compactMap { $0 }
        return input.finding(
            "TOOL-6", .warning,
            subject: "arguments \(quoted(sample)), working fakes, with \(source.joined(separator: " and ")) as full as a real one "
                + "(\(fullListCount) items in each list, each text body 1 KB)",
            expected: expected,
            observed: "\(output.summary.utf8.count) bytes (\(size) with the kit's short answer): the tool passes on every "
                + "item, or every body whole, so the model reads all of it; keep the first few, and cut each body short: "
                + quoted(output.summary),
            run: probe.timeline)
    }

    /// TOOL-7: the tool against what every provider refuses (warnings) and each chosen provider's
    /// profile (failures, but for a rule the sources do not settle); one finding per problem.
    static func providerProblems(_ input: ConformanceCheck.Input, _ tool: any ToolSkill) -> [Finding] {
        let unknown = input.providers.filter { ProviderProfile.named($0) == nil || $0 == ProviderProfile.commonID }
        guard unknown.isEmpty else {
            return unknown.map { id in
                input.finding(
                    "TOOL-7", .failed, subject: "provider \(quoted(id))",
                    expected: "one of " + ProviderProfile.choosableIDs.joined(separator: ", "),
                    observed: "no provider profile has that id")
            }
        }
        var seen = Set<String>()
        let chosen = input.providers.filter { seen.insert($0).inserted }
        let profiles = ([ProviderProfile.commonID] + chosen).compactMap(ProviderProfile.named)
        // Each provider gets the tool's schema in its own dialect (the tool's declared variant, or the one the
        // kit derives), so no fix for one provider trades for another's refusal.
        var findings: [Finding] = []
        for profile in profiles {
            let variant = tool.inputSchemaVariant(for: profile.dialect)
            let origin = Self.origin(of: variant)
            let problems = profile.problems(toolName: tool.name, schema: variant.schema)
            let first = findings.count
            defer {
                // The report shows what each provider is sent when it is not the schema as written.
                if variant.dialect != .jsonSchema, findings.indices.contains(first) {
                    findings[first].sentSchema = Finding.SentSchema(
                        profile: profile.id, origin: origin, schema: variant.schema, losses: variant.losses)
                }
            }
            for problem in problems {
                let must = problem.profile != ProviderProfile.commonID && problem.level == .refused
                let place = problem.pointer == "name" ? "name" : "\(origin) at \(problem.pointer.isEmpty ? "/" : problem.pointer)"
                findings.append(
                    input.finding(
                        "TOOL-7", must ? .failed : .warning, subject: "\(place) for \(problem.profile)",
                        expected:
                            "what \(profile.name) accepts (\(problem.profile)/\(problem.check), confirmed \(problem.confirmed); sources: \(problem.sources.joined(separator: "; ")))",
                        observed: problem.says + ". Fix: " + problem.fix
                            + (variant.dialect == .jsonSchema
                                ? ""
                                : " in inputSchema, or declare the tool's own variant in inputSchemaVariants[.\(variant.dialect.rawValue)]")
                            + (problem.changed.map { ". Changed: \($0)" } ?? "")))
            }
            if problems.isEmpty {
                // What a derived variant cannot say only widens it (the provider lets through what the tool
                // still refuses), so it is told with the pass, not against it.
                let losses =
                    variant.losses.isEmpty
                    ? ""
                    : "; it cannot say what inputSchema says at " + variant.losses.joined(separator: "; ")
                        + " (the tool still refuses what the variant lets through; declare inputSchemaVariants[.\(variant.dialect.rawValue)] if that matters)"
                findings.append(
                    input.finding(
                        "TOOL-7", .passed, subject: "name and \(origin) for \(profile.id)",
                        expected: "accepted by \(profile.id) (\(profile.field))",
                        observed: variant.dialect == .jsonSchema
                            ? "no problem" : "no problem; \(profile.id) is sent \(origin): \(variant.schema.text)\(losses)"))
            }
        }
        return findings
    }
}
