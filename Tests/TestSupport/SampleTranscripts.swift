/// Small transcripts the tests write to disk: one exchange with the `echo` skill.
package enum SampleTranscripts {
    /// The user says `echo WORD` and the `echo` skill answers `WORD`.
    package static func echo(_ word: String) -> String {
        """
        {"schema": "skillcheck.transcript/1", "skills": ["echo"], "steps": [{"send": "echo \(word)"},
         {"expect": {"messages": [{"role": "user", "content": "echo \(word)", "at": 0},
                                  {"role": "agent", "content": "\(word)", "skillID": "echo", "at": 0}]}}]}
        """
    }

    /// A transcript that passes.
    package static let passing = echo("1")
    /// A transcript whose expected answer is wrong, so that it fails.
    package static let failing = echo("2").replacingOccurrences(of: #""content": "2""#, with: #""content": "9""#)
}
