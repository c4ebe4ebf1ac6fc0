import Foundation
import SkillCheckSupport
import SkillConformance
import SkillScenarios

/// What a report never prints: a credential a finding quotes (a request's URL with its key, an error that echoes a
/// token), which would go on to a CI log, a step summary or a page anyone with the link reads.
///
/// A finding's texts lose the values of this machine's credential variables (``CredentialValues``) and whatever
/// ``SecretScanner`` finds by format.
///
/// ```swift
/// ReportRedaction.redacted("GET https://api.example.com/v1?appid=3f8b…", secrets: [])   // "GET https://api.example.com/v1?appid=«redacted»"
/// ```
@available(SkillCheckTesting, *)
enum ReportRedaction {
    /// `text` with this machine's credential values (`secrets`) named by their variables and each secret-looking value
    /// replaced.
    static func redacted(_ text: String, secrets: [(name: String, value: String)] = CredentialValues.environment) -> String {
        SecretScanner.redacted(CredentialValues.redacted(text, secrets: secrets))
    }
}
