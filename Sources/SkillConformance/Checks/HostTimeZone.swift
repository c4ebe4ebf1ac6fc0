import Foundation

/// The time zone of the machine a check runs on, and another one to run a sample again in.
///
/// A skill that formats `context.now` with `DateFormatter()`, `Date.formatted()` or `Calendar.current` answers
/// with this machine's zone: the same every run here, another answer on a phone or a CI runner elsewhere, so a
/// transcript recorded on one fails on the other. TIME-2 (and TOOL-5 for a tool skill) run each sample once more
/// with the process's zone moved, and warn when the answer moves with it.
///
/// The zone is the process's own (the `TZ` variable, Foundation's cached system zone and its default zone), so
/// it is moved only in a process that runs one case alone (``environmentKey`` is `move`): a case `swift test`
/// isolates, or one `skillcheck`'s harness starts a process for.
@available(SkillCheckTesting, *)
package enum HostTimeZone {
    /// `move` in the environment of a process that runs one TIME-2 or TOOL-5 case alone, which may move its zone;
    /// `apart` in a process that runs its cases in-process (`SKILLCHECK_ISOLATION=off`, as `skillcheck`'s harness
    /// does) but starts one of its own for each case of these rules.
    package static let environmentKey = "SKILLCHECK_TIME_ZONES"

    /// The rules whose check runs a sample again in another time zone.
    package static let ruleIDs: Set<String> = ["TIME-2", "TOOL-5"]

    /// Whether this process runs one case alone and may move its time zone.
    static var mayMove: Bool { value == "move" }

    /// Whether this process starts a process of its own for each case of ``ruleIDs`` although it runs its other
    /// cases in-process.
    package static var runsApart: Bool { value == "apart" }

    private static var value: String? { getenv(environmentKey).map { String(cString: $0) } }

    /// Zones with an offset of a fraction of an hour, on both sides of UTC: one of them differs from any
    /// machine's zone in the hour, and at the virtual clock's origin (midnight UTC) most in the date too.
    static let candidates = ["America/St_Johns", "Pacific/Chatham", "Pacific/Marquesas", "Asia/Kathmandu", "Pacific/Kiritimati"]

    /// A zone whose clock reads differently from this machine's at `date`: the date as well as the hour when
    /// one of the candidates does.
    static func other(at date: Date) -> TimeZone {
        let home = TimeZone.current
        let zones = candidates.compactMap(TimeZone.init(identifier:)).filter {
            $0.secondsFromGMT(for: date) != home.secondsFromGMT(for: date)
        }
        func day(_ zone: TimeZone) -> DateComponents {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            return calendar.dateComponents([.year, .month, .day], from: date)
        }
        return zones.first { day($0) != day(home) } ?? zones.first ?? TimeZone(secondsFromGMT: 45 * 60) ?? .gmt
    }

    /// Runs `body` with this process's time zone set to `zone` (for `TimeZone.current`, a new `DateFormatter()`,
    /// `Calendar.current` and `Date.formatted()`), then sets it back.
    static func moved<T>(to zone: TimeZone, _ body: () async -> T) async -> T {
        let saved = getenv("TZ").map { String(cString: $0) }
        let savedDefault = NSTimeZone.default
        set(zone.identifier, default: zone)
        defer {
            if let saved { setenv("TZ", saved, 1) } else { unsetenv("TZ") }
            NSTimeZone.resetSystemTimeZone()
            NSTimeZone.default = savedDefault
        }
        return await body()
    }

    private static func set(_ identifier: String, default zone: TimeZone) {
        setenv("TZ", identifier, 1)
        NSTimeZone.resetSystemTimeZone()
        NSTimeZone.default = zone
        // Load what a formatter reads of the zone now, so that the skill's run is not the first to read it.
        _ = DateFormatter().string(from: Date(timeIntervalSince1970: 0))
    }
}
