import Foundation
import SkillCheckSupport
import SkillKit

/// The credentials a skill reads from `context.userInfo` (`userInfo["weather_api_key"]`, or through a constant that
/// names the key), each given ``SkillConformance/credentialPlaceholder`` in every context the checks run it in.
///
/// An app hands a skill its keys through `userInfo`, as the kit advises for settings. The checks' contexts held none,
/// so such a skill answered "no key", or sent its request without one: the rules judged a path its users never take,
/// and ERR-3 never saw the key in what the skill shows. With the placeholder, a key quoted in a reason or an answer is
/// found as one read from the environment is (`skillcheck` gives those the same placeholder).
///
/// ```swift
/// UserInfoCredentials.keys(inSources: [#"let key = context.userInfo["weather_api_key"] ?? """#])   // ["weather_api_key"]
/// ```
@available(SkillCheckTesting, *)
package enum UserInfoCredentials {
    /// The credential keys (``StaticAnalysis/isCredential(_:)``) that `sources` read from a `userInfo` dictionary.
    static func keys(inSources sources: [String]) -> [String] {
        let reading = sources.filter { $0.contains("userInfo") }
        let constants = StaticAnalysis.nameConstants(in: reading)
        var keys = Set<String>()
        for source in reading {
            for match in source.matches(of: /userInfo\s*\[\s*"([^"\\\n]+)"\s*\]/) { keys.insert(String(match.output.1)) }
            // `Settings.weatherKey`, `Setting.token.rawValue`: the constant is the last name but a raw value's.
            for match in source.matches(of: /userInfo\s*\[\s*([A-Za-z_][\w.]*)\s*\]/) {
                let names = match.output.1.split(separator: ".").filter { $0 != "rawValue" }
                keys.formUnion(names.last.flatMap { constants[String($0)] } ?? [])
            }
        }
        return keys.filter(StaticAnalysis.isCredential).sorted()
    }

    /// The placeholders for `subject`: one for each credential key its module's sources read from `userInfo`, read
    /// once per process and module.
    static func placeholders(for subject: SkillUnderTest) -> [String: String] {
        guard let package = subject.sourcePackage else { return [:] }
        let folder = SourceReplies.moduleFolder(in: package, module: subject.module)
        if let known = cache.withLock({ $0[folder.path] }) { return known }
        let texts = SourceReplies.sourceFiles(in: folder).compactMap { try? String(contentsOf: $0, encoding: .utf8) }
        let placeholders = Dictionary(uniqueKeysWithValues: keys(inSources: texts).map { ($0, SkillConformance.credentialPlaceholder) })
        cache.withLock { $0[folder.path] = placeholders }
        return placeholders
    }

    private static let cache = Locked<[String: [String: String]]>([:])
}

@available(SkillCheckTesting, *)
extension SkillUnderTest {
    /// `context` with a placeholder for each credential the skill reads from `userInfo` and `context` does not hold
    /// (``UserInfoCredentials``): the context a check runs the skill in.
    func prepared(_ context: SkillContext) -> SkillContext {
        var context = context
        context.userInfo.merge(UserInfoCredentials.placeholders(for: self)) { given, _ in given }
        return context
    }
}
