/// A transcript that cannot be read, located precisely: file, JSON pointer, line:column, what was
/// expected and what was found.
///
/// ```text
/// Scenarios/Broken/bad-duration.json:7:16: /steps/1/advance: expected a duration such as "1.5s" or "250ms", found "soon"
/// ```
@available(SkillCheckTesting, *)
public struct TranscriptError: Error, Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var pointer: String
    public var location: SourceLocation
    public var expected: String
    public var found: String

    package init(file: String, pointer: String, location: SourceLocation, expected: String, found: String) {
        self.file = file
        self.pointer = pointer
        self.location = location
        self.expected = expected
        self.found = found
    }

    public var description: String {
        "\(file):\(location): \(pointer.isEmpty ? "/" : pointer): expected \(expected), found \(found)"
    }
}
