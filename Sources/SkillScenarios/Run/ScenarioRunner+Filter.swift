import Foundation

@available(SkillCheckTesting, *)
extension ScenarioRunner {
    /// Whether `filter` selects a case: its name (the path relative to the folder given), its file path,
    /// or its transcript's `name` member contains the text. A file that cannot be read as JSON is
    /// selected by its path only.
    ///
    /// ```swift
    /// var runner = ScenarioRunner(skills: MySkills.skills)
    /// runner.filter = "slow answer"   // the "name" member "weather: a slow answer"
    /// ```
    static func selects(_ candidate: (name: String, url: URL), filter: String) -> Bool {
        if candidate.name.contains(filter) || displayPath(candidate.url).contains(filter) { return true }
        guard let data = try? Data(contentsOf: candidate.url),
            case .string(let title)? = (try? JSONParser.parse(data, file: candidate.url.path))?.value["name"]
        else { return false }
        return title.contains(filter)
    }
}
