import SkillCheckCommand
import Testing

/// A skill that answers "set WEATHER_API_KEY" without its key never reaches the network its rules judge: each
/// credential it reads gets a placeholder in its processes, unless this machine sets it.
@Suite("Placeholders for the credentials a skill reads from the environment")
struct CredentialPlaceholderTests {
    @Test("a credential this machine does not set, or sets empty, gets a placeholder; one it sets keeps its value")
    func placeholders() {
        let given = ConformanceStage.placeholders(
            for: ["OPENWEATHER_API_KEY", "GITHUB_TOKEN", "SLACK_SECRET"], environment: ["GITHUB_TOKEN": "ghp_real", "SLACK_SECRET": ""])
        #expect(given == ["OPENWEATHER_API_KEY": "skillcheck-placeholder", "SLACK_SECRET": "skillcheck-placeholder"])
        #expect(ConformanceStage.placeholders(for: [], environment: [:]).isEmpty)
    }
}
