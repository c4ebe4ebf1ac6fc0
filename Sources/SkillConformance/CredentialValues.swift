import Foundation

/// The values of this process's credential variables (`OPENAI_API_KEY`, named as ``StaticAnalysis/isCredential(_:)``
/// reads names), which no message of the kit prints: a skill's error that quotes its request's URL would hand the key
/// to a CI log.
///
/// ```swift
/// CredentialValues.redacted("401 for key k29Fq81", secrets: [("WEATHER_API_KEY", "k29Fq81")])   // "401 for key «redacted: $WEATHER_API_KEY»"
/// ```
@available(SkillCheckTesting, *)
package enum CredentialValues {
    /// This process's credential variables with a value long enough to be one, longest first; the kit's own
    /// placeholder is no secret.
    package static let environment: [(name: String, value: String)] = ProcessInfo.processInfo.environment
        .filter { StaticAnalysis.isCredential($0.key) && $0.value.count >= 6 && $0.value != SkillConformance.credentialPlaceholder }
        .map { (name: $0.key, value: $0.value) }
        .sorted { $0.value.count > $1.value.count }

    /// `text` with each of `secrets` replaced by its variable's name.
    package static func redacted(_ text: String, secrets: [(name: String, value: String)] = environment) -> String {
        var text = text
        for secret in secrets where text.contains(secret.value) {
            text = text.replacingOccurrences(of: secret.value, with: "«redacted: $\(secret.name)»")
        }
        return text
    }
}
