/// A mistake in how the command was called: exit status 2, with what to type instead.
///
/// ```swift
/// throw UsageError("--timeout takes a number of seconds; found 'soon'", command: CheckCommand.spec)
/// ```
@available(SkillCheckTesting, *)
package struct UsageError: Error, Sendable, CustomStringConvertible {
    package var message: String
    /// The command whose `--help` the error points to, if any.
    package var command: CommandSpec?

    package init(_ message: String, command: CommandSpec? = nil) {
        self.message = message
        self.command = command
    }

    package var description: String { message }
}
