import Foundation
import SkillCheckSupport
import SkillKit
import SkillTesting

/// A skill to check, as a factory that makes a fresh instance for each check.
///
/// The factory is given the check's context (so a skill that takes its storage in `init` gets the check's
/// fakes).
///
/// An `AgentSkill` or a `ToolSkill`: the rules that do not apply to a kind report `notApplicable` for it,
/// saying why.
///
/// ```swift
/// let note = SkillUnderTest(NoteSkill())                                  // a value: reused
/// let cached = SkillUnderTest { context in CachedSkill(storage: context.storage) }
/// let checked = SkillUnderTest(NoteSkill(), declaredIn: packageURL)  // also checks SEND-1 and SEND-3
/// let weather = SkillUnderTest(tool: { context in WeatherTool(context: context) })   // a tool skill
/// ```
@available(SkillCheckTesting, *)
public struct SkillUnderTest: Sendable, CustomStringConvertible {
    /// The skill's id, read from one instance made when this value was.
    public let id: String
    /// Which contract it implements: the rules that do not apply to it report `notApplicable`.
    public let kind: SkillKind
    /// Where the skill's type is declared, for the compile-time rules (SEND-1, SEND-3); without it they
    /// report `skipped`, never a pass.
    package let declaration: SkillDeclaration?
    /// What the samples expect in storage (``SkillSamples/storage``, ``ToolSkill/sampleStorage``), read from the
    /// same instance as ``id``.
    package let sampleStorage: [String: [StoredDocument]]
    /// The reply fitted to this skill once a run needed it (``workingReply(limits:)``), shared by the copies of
    /// this value: the rules of one process fit it once, and a rule that never runs the skill never does.
    let fittedReply = Locked<WorkingReply.Fit?>(nil)
    /// What the first run on each input with working fakes did in this process, shared by the copies of this value.
    let firstRuns = FirstRuns()
    /// The package whose test made this value's cases (``SkillConformance/cases(for:rules:limits:peers:providers:filePath:)``):
    /// where the working reply reads the skill's source when it was not declared in one.
    package var testedIn: URL?
    /// The module that declares the skill's type (`ReferenceSkills` for `ReferenceSkills.NoteSkill`): its own folder
    /// is the source the working reply reads first.
    package let module: String?
    /// The skill's type name without its module (`NoteSkill`), from the instance made with this value.
    package var typeName: String? { declaration?.typeName ?? reflectedTypeName }
    private let reflectedTypeName: String?
    private let make: @Sendable (SkillContext) -> any AgentSkill
    private let makeTool: (@Sendable (SkillContext) -> any ToolSkill)?

    /// A skill made by `make` for each check.
    public init(_ make: @escaping @Sendable (SkillContext) -> any AgentSkill) {
        self.make = make
        makeTool = nil
        kind = .agent
        let sample = make(.virtual(clock: VirtualClock()))
        id = sample.id
        sampleStorage = sample.samples.storage
        declaration = nil
        (module, reflectedTypeName) = SkillDeclaration.split(String(reflecting: type(of: sample)))
    }

    /// A skill value; being Sendable and immutable, the same value serves every check.
    public init(_ skill: any AgentSkill) {
        self.init { _ in skill }
    }

    /// A skill made by `make`, declared in the package at `package`.
    ///
    /// The type's name is inferred from an instance (`String(reflecting:)`) unless `typeName` gives it.
    ///
    /// ```swift
    /// SkillUnderTest(declaredIn: package) { context in CachedSkill(storage: context.storage) }
    /// ```
    public init(
        declaredIn package: URL, typeName: String? = nil, options: StaticAnalysis.Options = .init(),
        _ make: @escaping @Sendable (SkillContext) -> any AgentSkill
    ) {
        self.make = make
        makeTool = nil
        kind = .agent
        let sample = make(.virtual(clock: VirtualClock()))
        id = sample.id
        sampleStorage = sample.samples.storage
        declaration = Self.declaration(of: sample, in: package, typeName: typeName, options: options)
        module = declaration?.moduleHint
        reflectedTypeName = declaration?.typeName
    }

    /// A skill value declared in the package at `package` (the directory of its `Package.swift`).
    public init(_ skill: any AgentSkill, declaredIn package: URL, typeName: String? = nil, options: StaticAnalysis.Options = .init()) {
        self.init(declaredIn: package, typeName: typeName, options: options) { _ in skill }
    }

    /// A tool skill made by `make` for each check: give it the context when its `init` takes one, so
    /// that it works on the check's fakes and virtual clock.
    ///
    /// ```swift
    /// SkillUnderTest(tool: { context in NotesTool(context: context) })
    /// ```
    public init(tool make: @escaping @Sendable (SkillContext) -> any ToolSkill) {
        self.init(tool: make, declaration: nil)
    }

    /// A tool skill value; being Sendable and immutable, the same value serves every check.
    public init(tool: any ToolSkill) {
        self.init(tool: { _ in tool }, declaration: nil)
    }

    /// A tool skill made by `make`, declared in the package at `package`, so that SEND-1 and SEND-3 are
    /// checked too.
    ///
    /// ```swift
    /// SkillUnderTest(declaredIn: package, tool: { context in WeatherTool(context: context) })
    /// ```
    public init(
        declaredIn package: URL, typeName: String? = nil, options: StaticAnalysis.Options = .init(),
        tool make: @escaping @Sendable (SkillContext) -> any ToolSkill
    ) {
        let sample = make(.virtual(clock: VirtualClock()))
        self.init(tool: make, declaration: Self.declaration(of: sample, in: package, typeName: typeName, options: options))
    }

    private init(tool make: @escaping @Sendable (SkillContext) -> any ToolSkill, declaration: SkillDeclaration?) {
        makeTool = make
        self.make = { context in ToolSkillSubject(tool: make(context)) }
        kind = .tool
        let sample = make(.virtual(clock: VirtualClock()))
        id = sample.id
        sampleStorage = sample.sampleStorage
        self.declaration = declaration
        (module, reflectedTypeName) = SkillDeclaration.split(String(reflecting: type(of: sample)))
    }

    private static func declaration(of sample: Any, in package: URL, typeName: String?, options: StaticAnalysis.Options) -> SkillDeclaration
    {
        var declaration = SkillDeclaration(of: sample, in: package, options: options)
        if let typeName { declaration.typeName = typeName }
        return declaration
    }

    /// A fresh instance for one check. A tool skill comes wrapped as an `AgentSkill` whose handled
    /// samples are its sample arguments as JSON text and whose `execute` passes the text through as the
    /// arguments, so that the rules that run a skill (cancellation, faults, hangs, time, races) run a
    /// tool skill the same way.
    package func instance(in context: SkillContext) -> any AgentSkill { make(context) }

    /// Saves what the samples expect in `store`, as fixtures (not logged as operations): before a sample runs.
    package func seed(_ store: InMemoryDataStore) {
        for (collection, documents) in sampleStorage.sorted(by: { $0.key < $1.key }) {
            for document in documents { store.seed(document.data, id: document.id, in: collection) }
        }
    }

    /// What every request of a healthy run is answered with (200, JSON): a weather document, or, where the skill's
    /// first sample cannot use one, `[]` or `{}` if that lets it finish, so the rules judge the work after the
    /// reply too (``WorkingReply``). Fitted on first use, then kept.
    func workingReply(limits: CheckLimits) async -> String { await workingFit(limits: limits).body }

    /// The package whose sources the working reply is fitted from (``SourceReplies``): where the skill was
    /// declared, else the package `skillcheck` checks, else the package whose test made its cases.
    var sourcePackage: URL? {
        declaration?.package
            ?? ProcessInfo.processInfo.environment[SourceReplies.environmentKey].map { URL(fileURLWithPath: $0) } ?? testedIn
    }

    /// The working reply, with a model's call of one of the skill's tools for its first model request when the
    /// reply is a model's answer (``WorkingReply/fittedWithToolCall(for:limits:)``). Fitted on first use, then kept.
    func workingFit(limits: CheckLimits) async -> WorkingReply.Fit {
        if let known = fittedReply.withLock({ $0 }) { return known }
        // The fitting's own runs are no rule's observations.
        let fit = await CheckObservations.$current.withValue(nil) { await WorkingReply.fittedWithToolCall(for: self, limits: limits) }
        return fittedReply.withLock { known in
            if known == nil { known = fit }
            return known ?? fit
        }
    }

    /// A fresh instance of the tool skill for one check, or `nil` for an ``AgentSkill``.
    package func tool(in context: SkillContext) -> (any ToolSkill)? { makeTool?(context) }

    public var description: String { id.isEmpty ? "(empty id)" : id }
}

/// A ``ToolSkill`` as the rules that run a skill see it: its sample arguments are the handled samples
/// (JSON text), and the text of an input is passed through unchanged as the arguments, so a check can
/// also send text that is not JSON. Its keywords are the tool's name; nothing routes by them.
@available(SkillCheckTesting, *)
struct ToolSkillSubject: AgentSkill {
    let tool: any ToolSkill

    var id: String { tool.id }
    var displayName: String { tool.name }
    var description: String { tool.description }
    var keywords: [String] { [tool.name] }
    var samples: SkillSamples { SkillSamples(handled: tool.sampleArguments.map(\.text), storage: tool.sampleStorage) }

    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        SkillOutput(summary: try await tool.execute(arguments: Data(input.rawText.utf8)))
    }
}
