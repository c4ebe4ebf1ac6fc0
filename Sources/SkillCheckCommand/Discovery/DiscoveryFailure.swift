/// Why `skillcheck` could not read a package or find its skills: a usage error (exit 2), each saying
/// what to do.
@available(SkillCheckTesting, *)
package enum DiscoveryFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The folder has no package SwiftPM can read; the tool's own error lines.
    case notAPackage(String, compilerLines: [String])
    /// A tool failed in a way this version did not expect.
    case toolFailed(String, output: String)
    /// The package does not depend on SkillCheck, so it cannot have skills.
    case noSkillKit(String)
    /// No public skill type was found.
    case noSkills(String, checkedModules: [String])
    /// A module that holds skills is in no library product, so no other package can import it.
    case notInALibrary(module: String, skills: [String])

    package var description: String {
        switch self {
        case .notAPackage(let path, let lines):
            (["\(path) is not a Swift package skillcheck can read:"] + lines.map { "  \($0)" }).joined(separator: "\n")
        case .toolFailed(let what, _):
            what
        case .noSkillKit(let path):
            "\(path) does not depend on SkillCheck's SkillKit, so it has no skills to check; add "
                + ".package(path: \"…/SkillCheck\") and .product(name: \"SkillKit\", package: \"SkillCheck\")"
        case .noSkills(let path, let modules):
            "found no skill in \(path) (modules \(modules.joined(separator: ", "))): skillcheck checks the public types "
                + "that conform to AgentSkill and have a public init(), the skills a public SkillCatalog lists, and the "
                + "public types that conform to ToolSkill and have a public init(context: SkillContext) or init()"
        case .notInALibrary(let module, let skills):
            "module \(module) holds \(skills.joined(separator: ", ")) but is in no library product, so the harness "
                + "cannot import it; add .library(name: \"\(module)\", targets: [\"\(module)\"]) to the package's products"
        }
    }

    /// The error lines of a tool's output (`error:` lines first; else the whole text's last lines).
    static func errorLines(_ text: String) -> [String] {
        let lines = text.split(separator: "\n").map(String.init)
        let errors = lines.filter { $0.contains("error:") }
        return errors.isEmpty ? Array(lines.suffix(20)) : errors
    }
}
