/// Matchers that name nothing: a typo such as `/messages/1/contents`, or an index out of range, would
/// otherwise silently relax nothing. A step's matcher must name a value that step observes or expects;
/// a transcript's matcher, a value some `expect` step observes or expects.
@available(SkillCheckTesting, *)
extension ReplayRun {
    /// Notes which matchers name a value of this step: `observed` and `expected` are the step's fields
    /// as objects (`{"messages": [...], "state": ...}`).
    mutating func noteMatchers(of expectation: Transcript.Expectation, step: Int, observed: JSONValue, expected: JSONValue) {
        for (index, matcher) in transcript.matchers.enumerated() where !transcriptMatchers[index].used {
            if matcher.resolves(in: observed) || matcher.resolves(in: expected) {
                transcriptMatchers[index].used = true
            } else if let miss = matcher.miss(in: observed), miss.depth > transcriptMatchers[index].miss?.depth ?? -1 {
                transcriptMatchers[index].miss = (miss.depth, "in step \(step), " + miss.text)
            }
        }
        for matcher in expectation.matchers where !matcher.resolves(in: observed) && !matcher.resolves(in: expected) {
            let why = matcher.miss(in: observed)?.text ?? "nothing there"
            matcherErrors.append(
                error(
                    for: matcher, in: expectation.pointer + "/matchers",
                    expected: "a JSON pointer to a value that step \(step) observes or expects",
                    found: "nothing at \(matcher.pointer): \(why)"))
        }
    }

    /// The first matcher that named nothing: a step's, in step order, else the transcript's.
    func unusedMatcher() -> TranscriptError? {
        if let first = matcherErrors.first { return first }
        let hasExpect = transcript.steps.contains { if case .expect = $0 { true } else { false } }
        for (matcher, use) in zip(transcript.matchers, transcriptMatchers) where !use.used {
            let why = hasExpect ? use.miss?.text ?? "nothing there" : "the transcript has no expect step"
            return error(
                for: matcher, in: "/matchers", expected: "a JSON pointer to a value that some expect step observes or expects",
                found: "nothing at \(matcher.pointer): \(why)")
        }
        return nil
    }

    func error(for matcher: Matcher, in container: String, expected: String, found: String) -> TranscriptError {
        let pointer = container + "/" + JSONParser.escape(matcher.pointer)
        return TranscriptError(
            file: transcript.file, pointer: pointer, location: transcript.document.location(of: pointer),
            expected: expected, found: found)
    }
}
