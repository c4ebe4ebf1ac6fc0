import Foundation

/// Where a command's text goes: standard output (the report), standard error (progress and errors),
/// and whether each is a terminal.
///
/// ```swift
/// var printed = ""
/// let terminal = Terminal(output: { printed += $0 }, error: { _ in })     // for tests: no TTY, no colour
/// ```
@available(SkillCheckTesting, *)
package struct Terminal: Sendable {
    package var output: @Sendable (String) -> Void
    package var error: @Sendable (String) -> Void
    package var outputIsTerminal: Bool
    package var errorIsTerminal: Bool

    package init(
        output: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void,
        outputIsTerminal: Bool = false, errorIsTerminal: Bool = false
    ) {
        self.output = output
        self.error = error
        self.outputIsTerminal = outputIsTerminal
        self.errorIsTerminal = errorIsTerminal
    }

    /// Colour is allowed unless `NO_COLOR` is set to anything but the empty string (no-color.org) or
    /// `TERM` is `dumb`.
    package static func allowsColour(_ environment: [String: String]) -> Bool {
        (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }
}
