import SkillKit
import SkillTesting

/// A skill to check: a factory that makes a fresh instance for each check, given the check's context
/// (so a skill that takes its storage in `init` gets the check's fakes).
///
/// ```swift
/// let note = SkillUnderTest(NoteSkill())                                  // a value: reused
/// let cached = SkillUnderTest { context in CachedSkill(storage: context.storage) }
/// ```
@available(SkillCheckTesting, *)
public struct SkillUnderTest: Sendable, CustomStringConvertible {
    /// The skill's id, read from one instance made when this value was.
    public let id: String
    private let make: @Sendable (SkillContext) -> any AgentSkill

    /// A skill made by `make` for each check.
    public init(_ make: @escaping @Sendable (SkillContext) -> any AgentSkill) {
        self.make = make
        id = make(.virtual(clock: VirtualClock())).id
    }

    /// A skill value; being Sendable and immutable, the same value serves every check.
    public init(_ skill: any AgentSkill) {
        self.init { _ in skill }
    }

    /// A fresh instance for one check.
    public func instance(in context: SkillContext) -> any AgentSkill { make(context) }

    public var description: String { id.isEmpty ? "(empty id)" : id }
}
