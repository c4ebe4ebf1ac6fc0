import Foundation
import SkillKit
import SkillTesting

// TOOL-8: the schema a provider is sent and the tool that reads what comes back agree. Each instance of
// ValidArguments, for the tool's own schema and for each provider dialect's variant, is run through the
// tool with working fakes: a SkillError.invalidInput means the schema promised the model something the
// tool refuses.

@available(SkillCheckTesting, *)
extension SkillConformance {
    /// The arguments one instance sends, and every schema that says they are valid.
    private struct SentInstance {
        var instance: ValidArguments
        var variants: [SchemaVariant]
    }

    /// TOOL-8: every instance a schema the tool is sent says is valid is accepted by the tool's own decoding.
    static func schemaAgreement(_ input: ConformanceCheck.Input) async -> [Finding] {
        guard let tool = input.skill.tool(in: .virtual(clock: VirtualClock())) else { return notATool(input, rule: "TOOL-8") }
        let chosen = Set(input.providers.compactMap(ProviderProfile.named).map(\.dialect))
        var dialects: [SchemaDialect] = [.jsonSchema]
        for profile in ProviderProfile.catalogue where !dialects.contains(profile.dialect) { dialects.append(profile.dialect) }
        let start =
            tool.sampleArguments.first { (try? JSONSchema.validate($0, against: tool.inputSchema)) != nil } ?? tool.sampleArguments.first

        var sent: [SentInstance] = []
        var index: [JSON: Int] = [:]
        var sets: [(variant: SchemaVariant, set: ValidArguments.InstanceSet)] = []
        // Instances a variant takes as valid only because it does not send a bound, pattern or format of inputSchema:
        // the tool is to refuse those, and TOOL-4 checks that it does, just outside each.
        var outsideConstraints: [SchemaDialect: Int] = [:]
        for dialect in dialects {
            let variant = tool.inputSchemaVariant(for: dialect)
            var set = ValidArguments.instances(of: variant.schema, from: start)
            set.instances.removeAll { instance in
                guard JSONSchema.onlyConstraintBroken(instance.arguments, against: tool.inputSchema) != nil else { return false }
                outsideConstraints[dialect, default: 0] += 1
                return true
            }
            sets.append((variant, set))
            for instance in set.instances {
                if let at = index[instance.arguments] {
                    sent[at].variants.append(variant)
                } else {
                    index[instance.arguments] = sent.count
                    sent.append(SentInstance(instance: instance, variants: [variant]))
                }
            }
        }
        guard !sent.isEmpty else {
            let untried = sets.first?.set.untried.joined(separator: "; ") ?? ""
            return [
                input.finding(
                    "TOOL-8",
                    .skipped(reason: "TOOL-3: no arguments to start from (sampleArguments gives none, and the schema leaves \(untried))"),
                    subject: ConformanceCheck.wholeRule, expected: "arguments that fit inputSchema to start from",
                    observed: "no instance could be made")
            ]
        }

        let expected = "the tool accepts what the schema it is sent says is valid: no SkillError.invalidInput, and no error of its own"
        // An error of the tool's own (a DecodingError, a validation error) refuses arguments as surely as invalidInput
        // does, unless the tool's sample throws one too with the kit's working fakes: then it is the fakes' payload
        // the tool cannot read, and an instance that throws says nothing about its arguments.
        // A tool that reports every error as executionFailed (its framework's catch-all: "tool invoke error: …") refuses
        // arguments that way too: an instance it fails short of where its sample's run went, with the same operations
        // answered the same up to there, where its sample gets a result, is refused for what it says (``stoppedShort``).
        var sampleThrowsItsOwn = false
        var answered: Probe?
        if let start,
            case .success(let probe) = await Probe.run(
                input.skill, input: SkillInput(rawText: start.text), limits: input.limits, setUp: nil)
        {
            switch probe.ending {
            case .threw(let thrown): sampleThrowsItsOwn = thrown.skillError == nil && !thrown.isCancellation
            default: answered = probe
            }
        }
        var findings: [Finding] = []
        var refused: Set<SchemaDialect> = []
        for entry in sent {
            let arguments = entry.instance.arguments
            let first = entry.variants[0]
            let place = entry.instance.pointer.isEmpty ? "" : " at \(entry.instance.pointer)"
            let subject = "\(origin(of: first))\(place): \(entry.instance.name)"
            switch await Probe.run(
                input.skill, input: SkillInput(rawText: arguments.text), limits: input.limits, setUp: nil)
            {
            case .failure(let failure):
                findings.append(input.unended("TOOL-8", subject: subject, expected: expected, failure))
            case .success(let probe):
                guard case .threw(let thrown) = probe.ending else { continue }
                let refusal: String
                if case .invalidInput(let reason)? = thrown.skillError {
                    refusal = "invalidInput(\(quoted(reason)))"
                } else if thrown.skillError == nil, !thrown.isCancellation, !sampleThrowsItsOwn {
                    let line = thrown.description.split(whereSeparator: \.isNewline).joined(separator: " ")
                    let text = line.count > 160 ? line.prefix(160) + "…" : line
                    refusal = "an error of its own (\(text)), where ERR-1 wants a SkillError,"
                } else if case .executionFailed(let reason)? = thrown.skillError, !entry.instance.isUnboundedEdge,
                    let answered, stoppedShort(probe, of: answered)
                {
                    let point =
                        probe.storeLog.isEmpty && probe.requests.isEmpty
                        ? "before any request or storage operation" : "short of the operations its sample's run goes on to make"
                    refusal = "executionFailed(\(quoted(reason))) \(point), where its sample gets a result,"
                } else {
                    continue
                }
                // An edge no bound rules out may be refused: it only must not trap or hang (CRASH-1, HANG-1 above), and
                // a refusal is a SkillError (ERR-1's, reported here, since no other check sends these arguments).
                if entry.instance.isUnboundedEdge {
                    if thrown.skillError == nil, !thrown.isCancellation, !sampleThrowsItsOwn {
                        findings.append(
                            input.finding(
                                "ERR-1", .failed, subject: subject + " (an edge no bound rules out)",
                                expected: "a SkillError or CancellationError, never the underlying error",
                                observed: "the tool threw \(refusal) for arguments \(quoted(arguments.text)): a model may send "
                                    + "them, and reads that error's raw text; refuse them with SkillError.invalidInput, saying what "
                                    + "to send instead, or add the bound to inputSchema",
                                run: probe.timeline))
                    }
                    continue
                }
                for variant in entry.variants { refused.insert(variant.dialect) }
                let must = entry.variants.contains { $0.dialect == .jsonSchema || chosen.contains($0.dialect) }
                let senders = entry.variants.map(sentBy).joined(separator: "; ")
                // A refusal of a value the tool takes in a sample of its own that gives more: the value needs another field
                // (an update, the id it changes), which no schema a provider accepts can say. Explained with invalidInput,
                // a model reads why and calls again: a SHOULD. With an error of the tool's own, it reads that error's raw text.
                if let sample = await acceptedSample(sharing: entry.instance, tool, input) {
                    let needs =
                        "the tool threw \(refusal) for arguments \(quoted(arguments.text)), which these say is valid: \(senders); "
                        + "it accepts \(quoted(sample.text)), its own sample with the same value here: the value needs another "
                        + "field, which the schema cannot say. "
                    let explained = thrown.skillError != nil
                    findings.append(
                        input.finding(
                            "TOOL-8", explained || !must ? .warning : .failed, subject: subject, expected: expected,
                            observed: needs
                                + (explained ? "" : "Refuse it with SkillError.invalidInput naming the field it needs, and ")
                                + (explained ? "Say so" : "say so") + " in the field's description (a model reads it), or give each "
                                + "way of calling the tool a tool of its own, whose schema can require it.",
                            run: probe.timeline))
                    continue
                }
                findings.append(
                    input.finding(
                        "TOOL-8", must ? .failed : .warning, subject: subject, expected: expected,
                        observed: "the tool threw \(refusal) for arguments \(quoted(arguments.text)), "
                            + "which these say is valid: \(senders). "
                            + agreementFix(entry.instance, variant: first),
                        run: probe.timeline))
            }
        }
        for (variant, set) in sets where !refused.contains(variant.dialect) {
            let count = set.instances.count
            guard count > 0 else { continue }
            let shown = set.instances.prefix(8).map(\.name).joined(separator: "; ") + (count > 8 ? "; …" : "")
            let untried = set.untried.isEmpty ? "" : "; not tried, as no sample gives a value: " + set.untried.joined(separator: "; ")
            let leftOut = set.leftOut == 0 ? "" : "; \(set.leftOut) more instances were not tried (the first \(ValidArguments.limit) were)"
            let constrained =
                outsideConstraints[variant.dialect].map {
                    "; \($0) more break a bound, pattern or format of inputSchema that this variant does not send, which the tool is to refuse (TOOL-4 checks it does)"
                } ?? ""
            findings.append(
                input.finding(
                    "TOOL-8", .passed, subject: origin(of: variant), expected: expected,
                    observed:
                        "\(count) instance\(count == 1 ? "" : "s") of \(sentBy(variant)) accepted: \(shown)\(untried)\(leftOut)\(constrained)"
                ))
        }
        return findings
    }

    /// Whether `run` ended short of `sample`'s run: each storage operation and request it made is the sample run's at
    /// that place (a request by its method, host and path, since arguments go into its query), and it made fewer. The
    /// working fakes answered those alike, so what ended it early is the arguments, not a fake.
    static func stoppedShort(_ run: Probe, of sample: Probe) -> Bool {
        func route(_ request: NetworkRequest) -> String {
            "\(request.method.rawValue) \(request.url.host ?? "")\(request.url.path)"
        }
        let stores = run.storeLog.count <= sample.storeLog.count && zip(run.storeLog, sample.storeLog).allSatisfy { $0 == $1 }
        let requests =
            run.requests.count <= sample.requests.count && zip(run.requests, sample.requests).allSatisfy { route($0) == route($1) }
        let (made, sampleMade) = (run.storeLog.count + run.requests.count, sample.storeLog.count + sample.requests.count)
        // A tool that reaches nothing (a date's weekday) stops short of nothing: the arguments are all it had.
        return stores && requests && (made < sampleMade || sampleMade == 0)
    }

    /// A sample of the tool's own, other than `instance`'s arguments, with the same value at the instance's place (or
    /// none, where the instance leaves the field out), that the tool takes with the working fakes: no invalidInput.
    static func acceptedSample(sharing instance: ValidArguments, _ tool: any ToolSkill, _ input: ConformanceCheck.Input) async -> JSON? {
        guard !instance.pointer.isEmpty else { return nil }
        let value = instanceValue(at: instance.pointer, in: instance.arguments)
        for sample in tool.sampleArguments where sample != instance.arguments && instanceValue(at: instance.pointer, in: sample) == value {
            guard
                case .success(let probe) = await Probe.run(
                    input.skill, input: SkillInput(rawText: sample.text), limits: input.limits, setUp: nil)
            else { continue }
            if case .threw(let thrown) = probe.ending, case .invalidInput? = thrown.skillError { continue }
            return sample
        }
        return nil
    }

    /// A schema a dialect's providers are sent, and who they are: `the openAIStrict variant (openai-strict)`.
    static func sentBy(_ variant: SchemaVariant) -> String {
        let profiles = ProviderProfile.catalogue.filter { $0.dialect == variant.dialect && $0.id != ProviderProfile.commonID }.map(\.id)
        let schema =
            switch (variant.dialect, variant.declared) {
            case (.jsonSchema, _): "inputSchema as written"
            case (let dialect, true): "the tool's own \(dialect.rawValue) variant"
            case (let dialect, false): "the \(dialect.rawValue) variant"
            }
        return "\(schema) (\(profiles.joined(separator: ", ")))"
    }

    /// What to change when a tool refuses `instance`, which `variant` says is valid.
    static func agreementFix(_ instance: ValidArguments, variant: SchemaVariant) -> String {
        let (schema, required) = schemaAt(instance.pointer, in: variant.schema)
        let value = instanceValue(at: instance.pointer, in: instance.arguments)
        let generator = ValidArguments.Generator(root: variant.schema)
        let members = generator.resolved(schema ?? [:])
        let types = ValidArguments.Generator.types(members)
        if value == .null {
            if types.contains("null"), case .array(let values)? = members["enum"], !values.contains(.null) {
                return "Its type takes null but its enum does not: add null to the enum (\"enum\": [..., null]), "
                    + "or leave the field optional in inputSchema and let the kit derive the strict variant, which does both."
            }
            if members["nullable"] == .bool(true), required {
                return "It is nullable and required at once: the provider may send null, which the tool refuses as missing. "
                    + "Take the field out of \"required\" in inputSchema (null then means not given, and decodeArguments drops it), "
                    + "and let the kit derive the Gemini variant instead of writing \"nullable\" by hand."
            }
            if !variant.declared, variant.dialect != .jsonSchema {
                return "The \(variant.dialect.rawValue) variant sends null for a field the model leaves out: "
                    + "decode with decodeArguments, which reads it as not given, and make the field Optional in the tool's Arguments."
            }
            return "Make the field Optional in the tool's Arguments, or take null out of the schema at this place."
        }
        if case .number(let number)? = value, types.contains("number"), !types.contains("integer"), instance.name.contains(" as a ") {
            return number.rounded() == number
                ? "A \"number\" may come whole (40, not 40.0): read it as Double (a decoder that tells Int from Double, as MCP's Value does, refuses it), or write \"type\": \"integer\" if only whole numbers are meant."
                : "A \"number\" may come with a fraction: read it as Double, or write \"type\": \"integer\" if only whole numbers are meant."
        }
        if value == nil {
            return
                "The field is optional in the schema: make it Optional in the tool's Arguments (with its default in the tool), or list it in \"required\"."
        }
        return "Make the tool take what the schema allows, or say the tool's limit in inputSchema (\"enum\", \"minimum\", \"maxLength\", "
            + "\"pattern\"…) so no provider tells the model it may send this."
    }

    /// The schema at `pointer` (an instance's pointer, through `properties` and `items`), and whether the
    /// last step is a required field.
    static func schemaAt(_ pointer: String, in root: JSON) -> (JSON?, Bool) {
        let generator = ValidArguments.Generator(root: root)
        var schema: JSON? = root
        var required = false
        for key in JSONSchema.tokens(of: pointer) {
            let members = generator.resolved(schema ?? [:])
            if Int(key) != nil, let items = members["items"] {
                schema = items
                required = false
            } else {
                schema = members["properties"]?[key]
                required = ValidArguments.Generator.required(members).contains(key)
            }
        }
        return (schema, required)
    }

    /// The value at an instance pointer, or `nil` when it is absent.
    static func instanceValue(at pointer: String, in arguments: JSON) -> JSON? {
        var value: JSON? = arguments
        for key in JSONSchema.tokens(of: pointer) {
            switch value {
            case .object(let members)?: value = members[key]
            case .array(let items)?: value = Int(key).flatMap { items.indices.contains($0) ? items[$0] : nil }
            default: return nil
            }
        }
        return value
    }
}
