// The error, metadata, time and crash rules of the standard catalogue.

@available(SkillCheckTesting, *)
extension RuleCatalog {
    static let errorRules: [ConformanceRule] = [
        ConformanceRule(
            id: "ERR-1", category: .errors, level: .must,
            sentence:
                "For each injected fault (offline, timeout, HTTP 500, malformed payload, a 200 with JSON of another shape, a 200 whose items lack a field, a hung request, storage failure), at one operation and lasting (a retry meets it again), and with none, the skill throws a SkillError or CancellationError, never the underlying error; an AgentSkill that answers a fault instead answers in words, never with an empty output.",
            troubleshooting: .init(
                cause: "The skill lets a NetworkError, StorageError or DecodingError through with a bare `try`.",
                fix: "Catch the dependency's errors and map them to SkillError, rethrowing CancellationError as it is.",
                example:
                    "do { return try await context.networkService.send(request) }\ncatch let error as NetworkError { throw SkillError.executionFailed(error.message(in: .english)) }"
            )
        ),
        ConformanceRule(
            id: "ERR-2", category: .errors, level: .must,
            sentence:
                "Invalid inputs (empty, whitespace, a keyword alone, 100 KB, emoji, RTL and combining marks, control characters, a sample's number made negative or huge, its link without slashes or host) give SkillError.invalidInput or a normal output, never another error or a trap; canHandle, which the engine asks about every message, answers them without a trap.",
            troubleshooting: .init(
                cause: "Parsing code throws its own error type, or force-unwraps, when the text is not what it expected.",
                fix: "Validate the text first and throw SkillError.invalidInput with a reason the user can act on.",
                example: "guard let amount = Double(text) else {\n    throw SkillError.invalidInput(\"no amount in \\\"\\(text)\\\"\") }"
            ),
            appliesTo: [.agent]
        ),
        ConformanceRule(
            id: "ERR-3", category: .errors, level: .must,
            sentence:
                "Every SkillError the skill throws has a non-empty, readable reason, which shows no credential the skill read "
                + "(from its environment or context.userInfo); nor does an answer or a tool's result under a fault.",
            troubleshooting: .init(
                cause:
                    "A placeholder reason (`\"\"`) left in a guard, a reason built from an empty value, or "
                    + "`error.localizedDescription` of an error with no description of its own (\"The operation could not be "
                    + "completed. (MyError error 0.)\"); or one that quotes a request's URL with its key in it, as a catch-all's "
                    + "answer (\"Could not get weather: \\(error)\") can too.",
                fix: "Say what was wrong and what to type instead.",
                example: "guard !content.isEmpty else {\n    throw SkillError.invalidInput(\"say what to note, such as 记一下明天开会\") }"
            )
        ),
    ]

    static let metadataRules: [ConformanceRule] = [
        ConformanceRule(
            id: "META-1", category: .metadata, level: .must,
            sentence: "The skill's id is not empty, and is the same on every instance, every time it is read.",
            troubleshooting: .init(
                cause:
                    "An id derived from a name that has no ASCII letters, or a placeholder left empty; or an id made "
                    + "with `UUID()`, as for a SwiftUI list, which the engine, settings and transcripts cannot name the skill by.",
                fix: "Give the skill a literal, stable id.",
                example: "public let id = \"timer\"\npublic let displayName = \"计时器\""
            )
        ),
        ConformanceRule(
            id: "META-2", category: .metadata, level: .must,
            sentence: "The skill's id is unique among the skills under test.",
            troubleshooting: .init(
                cause: "A skill copied from another one kept its id, so the engine indexes only one of them.",
                fix: "Give each skill its own id.",
                example: "public let id = \"note-archive\"   // was \"note\", NoteSkill's id\npublic let displayName = \"归档\""
            )
        ),
        ConformanceRule(
            id: "META-3", category: .metadata, level: .must,
            sentence: "The skill's displayName, description and keywords are not empty.",
            troubleshooting: .init(
                cause: "A field left as a placeholder (`\"\"`, `[]`) when the skill was scaffolded.",
                fix: "Describe the skill: people read displayName and description, routers use the keywords.",
                example: "public let description = \"Converts units, such as 3 km in miles.\"\npublic let keywords = [\"convert\", \"换算\"]"
            ),
            appliesTo: [.agent]
        ),
        ConformanceRule(
            id: "META-4", category: .metadata, level: .must,
            sentence: "canHandle returns true for each of the skill's samples.handled.",
            troubleshooting: .init(
                cause: "canHandle compares the whole text with a keyword instead of looking for the keyword in it.",
                fix: "Look for keywords inside the text (the default canHandle does), and keep samples in step.",
                example: "func canHandle(_ intent: String) -> Bool {\n    keywords.contains { intent.contains($0) } }"
            ),
            appliesTo: [.agent]
        ),
        ConformanceRule(
            id: "META-5", category: .metadata, level: .must,
            sentence: "canHandle returns false for each of the skill's samples.unhandled.",
            troubleshooting: .init(
                cause: "canHandle returns true for everything, so the skill takes intents meant for other skills.",
                fix: "Answer true only for text the skill can act on.",
                example:
                    "func canHandle(_ intent: String) -> Bool {\n    keywords.contains { intent.localizedCaseInsensitiveContains($0) } }"
            ),
            appliesTo: [.agent]
        ),
        ConformanceRule(
            id: "META-6", category: .metadata, level: .must,
            sentence: "canHandle gives the same answer for the same text over 100 repetitions.",
            troubleshooting: .init(
                cause: "canHandle depends on randomness, on a counter or on what it has seen before.",
                fix: "Make canHandle a pure function of the text.",
                example: "func canHandle(_ intent: String) -> Bool {\n    intent.contains(\"换算\") }   // no state, no Bool.random()"
            ),
            appliesTo: [.agent]
        ),
        ConformanceRule(
            id: "META-7", category: .metadata, level: .must,
            sentence: "canHandle does no I/O: no storage operation and no network request, and starts no task.",
            troubleshooting: .init(
                cause: "canHandle starts a Task to prefetch or warm a cache, so routing does I/O for every message.",
                fix: "Do I/O in execute, through the SkillContext, and keep canHandle to the text.",
                example:
                    "func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {\n    let notes = try await context.storage.documents(in: \"notes\") // not in canHandle"
            ),
            appliesTo: [.agent]
        ),
        ConformanceRule(
            id: "META-8", category: .metadata, level: .should,
            sentence:
                "At least one handled sample gets past the skill's input checks to its work (declared, or derived from the keywords when the skill declares none).",
            troubleshooting: .init(
                cause:
                    "The skill wants more than its keyword (text, a date, an address) and declares no samples, so every input the checks can make is turned away with invalidInput before any I/O, and the rules that run the skill check nothing.",
                fix: "Declare samples that do real work.",
                example: "public var samples: SkillSamples {\n    SkillSamples(handled: [\"提醒我 明天 9:00 开会\"], unhandled: [\"今天天气怎么样\"]) }"
            ),
            appliesTo: [.agent]
        ),
    ]

    static let timeRules: [ConformanceRule] = [
        ConformanceRule(
            id: "TIME-1", category: .time, level: .must,
            sentence:
                "The skill sleeps and reads time only through its context, never through a real clock (nor makes ids or random numbers outside it), at run time and in the type's source; and no Task {} it started is still running when it answers or fails.",
            troubleshooting: .init(
                cause:
                    "`Task.sleep(for:)`, `ContinuousClock()`, `Date()`, `UUID()` or `.random` in the skill; or a `Task {}` that saves or sends after the skill has answered.",
                fix:
                    "Use context.clock, context.now and context.newID(), which tests replace with a virtual clock and fixed ids; await the work a Task {} does before answering.",
                example: "try await context.clock.sleep(for: .seconds(1))\nlet createdAt = context.now"
            )
        ),
        ConformanceRule(
            id: "TIME-2", category: .time, level: .should,
            sentence: "The same input, fakes and virtual time give the same output and side effects twice.",
            troubleshooting: .init(
                cause:
                    "`Date()`, `UUID()` or unseeded randomness in an output or a stored document; or, when the run in another time zone differs, a date formatted in the machine's zone (`DateFormatter()`, `Calendar.current`, `Date.formatted()`).",
                fix:
                    "Take dates, ids and random numbers from the context or from a seeded generator, and format dates in a time zone the skill is given.",
                example:
                    "let note = NoteItem(id: context.newID(), content: text, createdAt: context.now)\ntry await context.storage.save(note)"
            ),
            appliesTo: [.agent]
        ),
        // In the time category: the report's column for what the skill takes from the real world instead of
        // its context (a new category would break exhaustive switches over the public enum).
        ConformanceRule(
            id: "IO-1", category: .time, level: .must,
            sentence:
                "The skill reads and writes files and opens sockets only through its context: storage the context does not see cannot be cancelled, faulted or replayed.",
            troubleshooting: .init(
                cause:
                    "`FileManager`, `Data.write(to:)`, `FileHandle`, `URLSession` or a socket library in the skill, a type it stores or a service it calls.",
                fix:
                    "Keep documents in context.storage and reach the network through context.networkService; tests replace both with fakes.",
                example:
                    "try await context.storage.save(entry, id: entry.id, in: \"journal\")\nlet data = try await context.networkService.send(request)"
            )
        ),
    ]

    static let crashRules: [ConformanceRule] = [
        ConformanceRule(
            id: "CRASH-1", category: .crash, level: .must,
            sentence:
                "The skill never traps (force unwrap, index out of range, fatalError), nor ends the program (`exit()`), in any check.",
            troubleshooting: .init(
                cause:
                    "A force unwrap or subscript on user text, such as `text.split(separator: \" \")[1]`; or `exit(1)` after \"KEY is "
                    + "required\" when a credential the skill reads is not set, as a ported server does at start-up.",
                fix:
                    "Use optional binding and throw a SkillError instead: invalidInput when the text lacks a part, executionFailed "
                    + "naming a credential that is not set.",
                example:
                    "let words = text.split(separator: \" \")\nguard words.count > 1 else { throw SkillError.invalidInput(\"name a city\") }"
            )
        )
    ]
}
