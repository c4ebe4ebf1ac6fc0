import Foundation
import SkillKit
import SkillTesting

/// A skill to check: a factory that makes a fresh instance for each check, given the check's context
/// (so a skill that takes its storage in `init` gets the check's fakes).
///
/// ```swift
/// let note = SkillUnderTest(NoteSkill())                                  // a value: reused
/// let cached = SkillUnderTest { context in CachedSkill(storage: context.storage) }
/// let checked = SkillUnderTest(NoteSkill(), declaredIn: packageURL)  // also checks SEND-1 and SEND-3
/// ```
@available(SkillCheckTesting, *)
public struct SkillUnderTest: Sendable, CustomStringConvertible {
    /// The skill's id, read from one instance made when this value was.
    public let id: String
    /// Where the skill's type is declared, for the compile-time rules (SEND-1, SEND-3); without it they
    /// report `skipped`, never a pass.
    public let declaration: SkillDeclaration?
    private let make: @Sendable (SkillContext) -> any AgentSkill

    /// A skill made by `make` for each check.
    public init(_ make: @escaping @Sendable (SkillContext) -> any AgentSkill) {
        self.make = make
        id = make(.virtual(clock: VirtualClock())).id
        declaration = nil
    }

    /// A skill value; being Sendable and immutable, the same value serves every check.
    public init(_ skill: any AgentSkill) {
        self.init { _ in skill }
    }

    /// A skill made by `make`, declared in the package at `package`: the type's name is inferred from
    /// an instance (`String(reflecting:)`) unless `typeName` gives it.
    ///
    /// ```swift
    /// SkillUnderTest(declaredIn: package) { context in CachedSkill(storage: context.storage) }
    /// ```
    public init(
        declaredIn package: URL, typeName: String? = nil, options: StaticAnalysis.Options = .init(),
        _ make: @escaping @Sendable (SkillContext) -> any AgentSkill
    ) {
        self.make = make
        let sample = make(.virtual(clock: VirtualClock()))
        id = sample.id
        var declaration = SkillDeclaration(of: sample, in: package, options: options)
        if let typeName { declaration.typeName = typeName }
        self.declaration = declaration
    }

    /// A skill value declared in the package at `package` (the directory of its `Package.swift`).
    public init(_ skill: any AgentSkill, declaredIn package: URL, typeName: String? = nil, options: StaticAnalysis.Options = .init()) {
        self.init(declaredIn: package, typeName: typeName, options: options) { _ in skill }
    }

    /// A fresh instance for one check.
    public func instance(in context: SkillContext) -> any AgentSkill { make(context) }

    public var description: String { id.isEmpty ? "(empty id)" : id }
}
