import SkillKit

/// One deliberately broken skill per conformance rule the kit checks, each breaking exactly that rule
/// the way real code does. SkillCheck's own tests prove each is caught by its rule, and only by it.
///
/// SEND-1's fixture, `QuoteOfTheDaySkill`, is not listed here: a non-Sendable stored class compiles only
/// in Swift 5 language mode, so it lives in the `LegacyBrokenSkills` target of this package, which
/// SkillCheck's tests compile with strict concurrency.
///
/// The TOOL rules' fixtures are tool skills (``toolFixtures``).
///
/// ```swift
/// for fixture in BrokenSkills.fixtures { print(fixture.ruleID, fixture.make(context).id) }
/// for fixture in BrokenSkills.toolFixtures { print(fixture.ruleID, fixture.make(context).name) }
/// ```
public enum BrokenSkills {
    /// A broken tool skill and the rule it breaks.
    public struct ToolFixture: Sendable {
        /// The rule it breaks, such as `"TOOL-4"`.
        public let ruleID: String
        /// What it does wrong, as a reviewer would say it.
        public let flaw: String
        /// Makes an instance with the context a check gives it (its fakes and virtual clock).
        public let make: @Sendable (SkillContext) -> any ToolSkill
    }

    /// One broken tool skill per TOOL rule, each breaking exactly that rule; and three that break rules both
    /// kinds share (ERR-1, CAN-3, TIME-1), to prove those catch a tool skill too.
    public static let toolFixtures: [ToolFixture] = [
        ToolFixture(ruleID: "TOOL-1", flaw: "its name is its dotted id, days.until") { context in CountdownTool(context: context) },
        ToolFixture(ruleID: "TOOL-2", flaw: "its schema spells required as requird") { context in TypoForecastTool(context: context) },
        ToolFixture(ruleID: "TOOL-3", flaw: "the schema's field was renamed city_name; the arguments type still decodes city") { _ in
            AirQualityTool()
        },
        ToolFixture(ruleID: "TOOL-4", flaw: "decodes its arguments with a bare JSONDecoder, so a DecodingError leaks out") { _ in
            CountdownReminderTool()
        },
        ToolFixture(ruleID: "TOOL-5", flaw: "files NoteItem(content:), whose id is UUID(), and tells the model the id") { context in
            TicketTool(context: context)
        },
        ToolFixture(ruleID: "TOOL-6", flaw: "returns every holiday with its whole story, about 2.4 KB") { _ in HolidaysTool() },
        ToolFixture(ruleID: "TOOL-7", flaw: "a tool with no arguments declares a bare {\"type\": \"object\"}, which OpenAI refuses") { _ in
            OpenRemindersTool()
        },
        ToolFixture(ruleID: "TOOL-8", flaw: "OpenAI strict's hand edit: \"type\": [\"string\", \"null\"] on unit, whose enum has no null") {
            context in StrictUnitWeatherTool(context: context)
        },
        ToolFixture(ruleID: "TOOL-8", flaw: "Gemini's hand edit: \"nullable\": true on note, which is still required") { context in
            PackingNoteTool(context: context)
        },
        ToolFixture(ruleID: "SEND-5", flaw: "a task group that writes each city's row as its answer comes in") { context in
            CompareWeatherTool(context: context)
        },
        // The rules both kinds share check a tool skill through its execute(arguments:): two of them, proven.
        ToolFixture(ruleID: "ERR-1", flaw: "a tool that lets the raw NetworkError through") { context in LeakyWeatherTool(context: context)
        },
        ToolFixture(ruleID: "ERR-1", flaw: "a tool that never checks the status, so an HTTP 500 error body becomes its result") { context in
            ExchangeRateTool(context: context)
        },
        ToolFixture(ruleID: "CAN-3", flaw: "a tool that maps every error, cancellation included, into executionFailed") { context in
            CatchAllAgendaTool(context: context)
        },
        ToolFixture(ruleID: "TIME-1", flaw: "builds its result from Date(), the same every run, so only its source shows it") { _ in
            EventStatusTool()
        },
        // What only a run shows (or a scan that reads interpolations as code).
        ToolFixture(ruleID: "TIME-1", flaw: "its result interpolates a comparison with Date()") { _ in MembershipStatusTool() },
        ToolFixture(ruleID: "TIME-1", flaw: "calls UUID() for a request header, in a helper of another file") { context in
            FlightStatusTool(context: context)
        },
    ]

    /// A broken skill and the rule it breaks.
    public struct Fixture: Sendable {
        /// The rule it breaks, such as `"META-6"`.
        public let ruleID: String
        /// What it does wrong, as a reviewer would say it.
        public let flaw: String
        /// Makes an instance; given the context so that a skill can capture its storage.
        public let make: @Sendable (SkillContext) -> any AgentSkill
    }

    public static let fixtures: [Fixture] = [
        Fixture(ruleID: "SEND-2", flaw: "an @unchecked Sendable counter read before an await and written after it") { _ in
            CountingWeatherSkill()
        },
        Fixture(ruleID: "SEND-4", flaw: "an actor cache that checks, awaits the network, then writes: two at once both fetch") { _ in
            SharedForecastSkill()
        },
        Fixture(ruleID: "META-1", flaw: "id derived from the ASCII letters of a Chinese name") { _ in SlugIDTimerSkill() },
        Fixture(ruleID: "META-2", flaw: "copied from NoteSkill and kept its id") { _ in ArchiveNoteSkill() },
        Fixture(ruleID: "META-3", flaw: "description left empty when scaffolded") { _ in ScaffoldedTranslateSkill() },
        Fixture(ruleID: "META-4", flaw: "canHandle compares the whole text with a keyword") { _ in ExactMatchConverterSkill() },
        Fixture(ruleID: "META-5", flaw: "canHandle returns true for everything") { _ in GreedyJokeSkill() },
        Fixture(ruleID: "META-6", flaw: "canHandle learns from the intents it sees") { _ in LearningRouterSkill() },
        Fixture(ruleID: "META-7", flaw: "canHandle starts a Task that warms a search index") { _ in PrefetchingNotesSkill() },
        Fixture(ruleID: "ERR-1", flaw: "rethrows the raw NetworkError") { _ in UmbrellaSkill() },
        Fixture(ruleID: "ERR-2", flaw: "throws its own parse error for text without a number") { _ in UnitConverterSkill() },
        Fixture(ruleID: "CAN-1", flaw: "writes an audit record before checking cancellation") { _ in AuditedNoteSkill() },
        Fixture(ruleID: "CAN-2", flaw: "retries on every error for 30 s of its clock; once cancelled, its try? sleep never waits") { _ in
            PatientWeatherSkill()
        },
        Fixture(ruleID: "CAN-3", flaw: "maps every error, cancellation included, into executionFailed") { _ in CatchAllForecastSkill() },
        Fixture(ruleID: "CAN-4", flaw: "try? swallows cancellation, then writes") { _ in ForecastNoteSkill() },
        Fixture(ruleID: "HANG-1", flaw: "a continuation bridge that forgets the cancellation path") { _ in MailboxWeatherSkill() },
        Fixture(ruleID: "TIME-1", flaw: "debounces with Task.sleep, a real clock") { _ in DebouncedSearchSkill() },
        Fixture(ruleID: "TIME-2", flaw: "saves NoteItem(content:), whose id and date are UUID() and Date()") { _ in QuickNoteSkill() },
        // Real time and real files read where a source scan does not look: each caught only at run time.
        Fixture(ruleID: "TIME-1", flaw: "a refund policy it creates in execute reads Date()") { _ in RefundSkill() },
        Fixture(ruleID: "TIME-1", flaw: "falls back to .now when the text has no date, as its second sample does") { _ in ExpenseSkill() },
        Fixture(ruleID: "TIME-1", flaw: "waits on ContinuousClock before a retry, only after a fault") { _ in QuoteRetrySkill() },
        Fixture(ruleID: "TIME-1", flaw: "counts today's check-ins with Calendar.current.isDateInToday, the real clock") { _ in HabitSkill()
        },
        Fixture(ruleID: "IO-1", flaw: "keeps its journal in a file of its own, written with FileManager") { _ in JournalSkill() },
        Fixture(ruleID: "CRASH-1", flaw: "force-unwraps the number it expects at the end of the text") { _ in TipSkill() },
        Fixture(ruleID: "CRASH-1", flaw: "ends the program on its first request when its API key is not set") { _ in
            KeyRequiredForecastSkill()
        },
        Fixture(ruleID: "ERR-3", flaw: "builds an invalidInput reason from the empty content") { _ in EmptyReasonReminderSkill() },
        Fixture(ruleID: "SEND-3", flaw: "a memo class marked @unchecked Sendable (guarded by a lock)") { _ in PhrasebookSkill() },
        Fixture(ruleID: "META-8", flaw: "wants an email address after its keyword and declares no samples") { _ in InviteSkill() },
        // Mistakes at a second await, which a probe of the first await alone never reaches.
        Fixture(ruleID: "CAN-3", flaw: "maps cancellation into executionFailed around its second await (the save) only") { _ in
            SavedForecastSkill()
        },
        Fixture(ruleID: "ERR-1", flaw: "maps the errors of its first request, but its second request has a bare try") { _ in
            CommuteWeatherSkill()
        },
        Fixture(
            ruleID: "CAN-4",
            flaw: "wants text after its keyword, declares no samples, and try? swallows cancellation "
                + "around the first of two awaits, then writes"
        ) { _ in WeatherMemoSkill() },
        // Mistakes only another order shows: each caught under an explored schedule, never first in, first out.
        Fixture(
            ruleID: "CAN-4",
            flaw:
                "an async let fan-out whose children save once their reply is in, without checking for the cancellation that reached the other"
        ) { _ in TripWeatherNoteSkill() },
        // The concurrent mistakes app code makes, each kept caught under every schedule the checks explore.
        Fixture(ruleID: "ERR-1", flaw: "a task group that maps the error of the first answer to come back, and not of the second") { _ in
            TwoCityWeatherSkill()
        },
        Fixture(ruleID: "TIME-1", flaw: "answers at once and saves the note in a background Task {}") { _ in BackgroundSaveNoteSkill() },
    ]

    /// Correct twins of broken skills: each does what its broken twin does, without the mistake, and passes
    /// every rule. `ruleID` is the rule the twin breaks.
    public static let correctTwins: [Fixture] = [
        Fixture(ruleID: "CAN-4", flaw: "none: a failed weather lookup keeps the memo, a cancellation ends the run") { _ in
            CarefulWeatherMemoSkill()
        },
        Fixture(ruleID: "SEND-4", flaw: "none: a question that comes while the city is fetched waits for that fetch") { _ in
            CoalescingForecastSkill()
        },
        Fixture(ruleID: "CAN-4", flaw: "none: each child checks for cancellation once its reply is in, before it saves") { _ in
            CarefulTripWeatherNoteSkill()
        },
        Fixture(ruleID: "ERR-1", flaw: "none: every child of the task group maps its own failure") { _ in CarefulTwoCityWeatherSkill() },
        Fixture(ruleID: "TIME-1", flaw: "none: it awaits the save before it answers") { _ in AwaitedSaveNoteSkill() },
    ]

    /// Correct twins of broken tool skills, as ``correctTwins`` for AgentSkills.
    public static let toolCorrectTwins: [ToolFixture] = [
        ToolFixture(ruleID: "SEND-5", flaw: "none: each city's row keeps its place whatever order the answers come in") { context in
            OrderedCompareWeatherTool(context: context)
        }
    ]
}
