import Foundation
import SkillCheckSupport
import SkillConformance
import SkillScenarios

/// What a report never prints: a credential a finding quotes (a request's URL with its key, an error that echoes a
/// token), which would go on to a CI log, a step summary or a page anyone with the link reads.
///
/// A finding's texts lose the values of this machine's credential variables (`OPENAI_API_KEY`, named as
/// ``SkillConformance/StaticAnalysis/isCredential(_:)`` reads names; the kit's own placeholder is no secret) and
/// whatever ``SecretScanner`` finds by format.
///
/// ```swift
/// ReportRedaction.redacted("GET https://api.example.com/v1?appid=3f8b…", secrets: [])   // "GET https://api.example.com/v1?appid=«redacted»"
/// ```
@available(SkillCheckTesting, *)
enum ReportRedaction {
    /// This process's credential variables with a value long enough to be one, longest first.
    static let environmentSecrets: [(name: String, value: String)] = ProcessInfo.processInfo.environment
        .filter { StaticAnalysis.isCredential($0.key) && $0.value.count >= 6 && $0.value != SkillConformance.credentialPlaceholder }
        .map { (name: $0.key, value: $0.value) }
        .sorted { $0.value.count > $1.value.count }

    /// `text` with each of `secrets` named by its variable and each secret-looking value replaced.
    static func redacted(_ text: String, secrets: [(name: String, value: String)] = environmentSecrets) -> String {
        var text = text
        for secret in secrets where text.contains(secret.value) {
            text = text.replacingOccurrences(of: secret.value, with: "«redacted: $\(secret.name)»")
        }
        return SecretScanner.redacted(text)
    }
}
