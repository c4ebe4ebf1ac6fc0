/// A mistake in how the command was called: exit status 2, with what to type instead.
///
/// ```swift
/// throw UsageError("--timeout takes a number of seconds; found 'soon'", command: CheckCommand.spec)
/// ```
@available(SkillCheckTesting, *)
public struct UsageError: Error, Sendable, CustomStringConvertible {
    public var message: String
    /// The command whose `--help` the error points to, if any.
    public var command: CommandSpec?

    public init(_ message: String, command: CommandSpec? = nil) {
        self.message = message
        self.command = command
    }

    public var description: String { message }
}
