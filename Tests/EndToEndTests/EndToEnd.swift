import Foundation
import Testing

/// The end-to-end tests build or run whole packages (the example packages, their harnesses, the plugin),
/// which takes minutes on a cold machine, so `swift test` runs them only when asked:
///
/// ```sh
/// SKILLCHECK_END_TO_END=1 swift test
/// ```
///
/// `.ci/run` sets the variable, so every CI run has them. Without it each suite here is reported skipped,
/// with the command that runs it.
enum EndToEnd {
    static let variable = "SKILLCHECK_END_TO_END"
    static var isRequested: Bool { ProcessInfo.processInfo.environment[variable] == "1" }
}

extension Trait where Self == ConditionTrait {
    /// Runs the suite only when `SKILLCHECK_END_TO_END=1`.
    static var endToEnd: Self {
        .enabled(if: EndToEnd.isRequested, "builds whole packages: run it with SKILLCHECK_END_TO_END=1 swift test")
    }
}
