import Foundation

/// Where a skill's type is declared: the package that compiles it and the type's name there. The
/// compile-time rules (SEND-1, SEND-3) need it; the other rules only need an instance.
///
/// ```swift
/// let package = URL(fileURLWithPath: "Examples/ReferenceSkills")
/// let note = SkillUnderTest(NoteSkill(), declaredIn: package)   // type name "NoteSkill", inferred
/// print(note.declaration?.typeName ?? "-")                       // NoteSkill
/// ```
@available(SkillCheckTesting, *)
package struct SkillDeclaration: Sendable, Hashable, Codable {
    /// The directory holding the package's `Package.swift`, absolute and standardized.
    package var package: URL
    /// The type's name inside its module, nested types joined by dots (`"Outer.NoteSkill"`).
    package var typeName: String
    /// The module the instance came from, when known: a hint when two modules of the package declare
    /// a type of the same name. The kit's own tests compile the same sources under another module name,
    /// so a mismatch is not an error.
    package var moduleHint: String?
    /// How the package is compiled.
    package var options: StaticAnalysis.Options

    package init(package: URL, typeName: String, moduleHint: String? = nil, options: StaticAnalysis.Options = .init()) {
        self.package = package.standardizedFileURL
        self.typeName = typeName
        self.moduleHint = moduleHint
        self.options = options
    }

    /// The declaration of the type of `skill`, named as `String(reflecting:)` spells it with the module
    /// dropped: `ReferenceSkills.NoteSkill` gives `NoteSkill` with module hint `ReferenceSkills`.
    package init(of skill: Any, in package: URL, options: StaticAnalysis.Options = .init()) {
        let (module, name) = Self.split(String(reflecting: type(of: skill)))
        self.init(package: package, typeName: name, moduleHint: module, options: options)
    }

    /// Splits `Module.Outer.Inner<Generic.Args>` into the module and `Outer.Inner`.
    static func split(_ reflected: String) -> (module: String?, name: String) {
        let plain = reflected.split(separator: "<", maxSplits: 1).first.map(String.init) ?? reflected
        let parts = plain.split(separator: ".").map(String.init)
        guard parts.count > 1 else { return (nil, plain) }
        // A local type reads `Module.(unknown context at $1234).Name`: keep the last component.
        let rest = parts.dropFirst().filter { !$0.hasPrefix("(") && !$0.hasSuffix(")") && !$0.hasPrefix("$") }
        return (parts[0], rest.isEmpty ? parts[parts.count - 1] : rest.joined(separator: "."))
    }
}
