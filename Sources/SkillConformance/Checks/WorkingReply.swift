import SkillKit
import SkillTesting

/// The reply every request of a healthy run gets, fitted to the skill (``SkillUnderTest/workingReply(limits:)``).
///
/// A weather document serves the skills of the articles; a tool that reads a list of issues or a search API's
/// results cannot decode one, fails on its own sample, and the rules that judge what it does after the reply
/// (a write after cancellation, a second request, its result twice) would judge nothing there. An empty
/// list or object is what such an API sends when it has nothing to say, and most decoders take one of them.
///
/// ```swift
/// await WorkingReply.fitted(for: SkillUnderTest(tool: { ListIssuesTool(context: $0) }), limits: CheckLimits())   // "[]"
/// ```
@available(SkillCheckTesting, *)
enum WorkingReply {
    /// In the order tried: the first that lets the skill's first sample finish with an output is kept.
    static let candidates = [InjectedFault.weatherBody, "[]", "{}"]

    /// The first candidate with which the skill's first handled sample (a tool's first sample arguments) ends
    /// in an output; the weather document when it does, when the run makes no request, or when none does.
    static func fitted(for subject: SkillUnderTest, limits: CheckLimits) async -> String {
        let sample = subject.instance(in: .virtual(clock: VirtualClock())).samples.handled.first
        guard let sample else { return InjectedFault.weatherBody }
        for body in candidates {
            let result = await Probe.run(
                subject, input: SkillInput(rawText: sample), limits: limits, reply: body, setUp: InjectedFault.healthy)
            guard case .success(let probe) = result else { break }
            if case .output = probe.ending { return body }
            // No request, or refused before one: the reply is not what fails it.
            if probe.requestCount == 0 { break }
        }
        return InjectedFault.weatherBody
    }
}
