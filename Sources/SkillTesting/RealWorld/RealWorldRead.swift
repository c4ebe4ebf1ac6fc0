import Foundation

/// One read of the real world a skill's run made: the wall clock, system randomness, a sleep on a real clock, a
/// file or a socket, with the function of the skill's side that made it.
///
/// TIME-1 fails a skill for a read of the wall clock or of system randomness and for a real sleep, IO-1 for a
/// file or a socket it used outside its context.
///
/// ```swift
/// let (_, reads) = await RealWorldObservation.observe(skillModules: ["Skills"]) { try? await skill.execute(input: input, context: context) }
/// print(reads.first?.description ?? "")   // the wall clock (clock_gettime(CLOCK_REALTIME)) read by ReminderSkill.execute(input:context:) through Date.init()
/// ```
@available(SkillCheckTesting, *)
package struct RealWorldRead: Sendable, Hashable, CustomStringConvertible {
    package enum Kind: String, Sendable, Hashable {
        case wallClock = "the wall clock"
        case randomness = "system randomness"
        case file = "a file"
        case socket = "a socket"
        case process = "a process"
        /// A `Task.sleep` (or a `ContinuousClock`'s sleep), which the kit runs on the virtual clock for as long, or a
        /// sleep that blocks its thread (`Thread.sleep`, `usleep`).
        case realSleep = "a real clock"

        /// Whether TIME-1 owns it (the wall clock, randomness, a real sleep); IO-1 owns the rest.
        package var isTime: Bool { self == .wallClock || self == .randomness || self == .realSleep }
    }

    package var kind: Kind
    /// What was read: the C function, the path with `read`/`write`, the address.
    package var detail: String
    /// The skill's function that made the read: `WeatherTool.execute(arguments:)`.
    package var callSite: String
    /// The function the call site called that read it, when that was a library's: `Calendar.isDateInToday(_:)`.
    package var via: String?

    package init(kind: Kind, detail: String, callSite: String, via: String? = nil) {
        self.kind = kind
        self.detail = detail
        self.callSite = callSite
        self.via = via
    }

    package var description: String {
        let what: String =
            switch kind {
            case .wallClock, .randomness: "\(kind.rawValue) (\(detail))"
            case .file: "the file \(detail)"
            case .socket: detail.hasPrefix("connect") ? "the network (\(detail))" : "a socket (\(detail))"
            case .process: "a process of its own (\(detail))"
            case .realSleep: "a sleep on a real clock (\(detail))"
            }
        return "\(what) by \(callSite)" + (via.map { " through \($0)" } ?? "")
    }

    /// What the skill should use instead.
    package var fix: String {
        switch kind {
        case .wallClock: "read the time from the context: context.now (or context.clock)"
        case .randomness: "make ids with context.newID() and draw random numbers from a seeded generator the skill is given"
        case .file: "keep what the skill stores in context.storage, which tests replace with InMemoryDataStore"
        case .socket: "reach the network through context.networkService, which tests replace with FakeNetworkService"
        case .process: "do the work in the skill, or behind a service the context gives it; a process of its own outlives a cancelled run"
        case .realSleep:
            "sleep on the context's clock (try await context.clock.sleep(for: …)), which tests replace with a virtual clock"
        }
    }
}
