import Foundation
import SkillCheckSupport

/// Durations as transcripts write them: `"1.5s"`, `"250ms"`, `"2m"`, `"1h"`, `"100us"`, `"10ns"`, or a
/// JSON number of seconds.
@available(SkillCheckTesting, *)
package enum DurationText {
    static let units: [(suffix: String, nanoseconds: Double)] = [
        ("ns", 1), ("us", 1e3), ("µs", 1e3), ("ms", 1e6), ("s", 1e9), ("m", 60e9), ("h", 3600e9),
    ]

    /// Parses `text`, or returns `nil`.
    package static func parse(_ text: String) -> Duration? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        for unit in units.sorted(by: { $0.suffix.count > $1.suffix.count }) where trimmed.hasSuffix(unit.suffix) {
            let number = trimmed.dropLast(unit.suffix.count).trimmingCharacters(in: .whitespaces)
            guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
                let value = Double(number)
            else { return nil }
            return nanoseconds(value * unit.nanoseconds)
        }
        return nil
    }

    /// The longest duration a transcript may write: 1e18 ns, about 31 years. Anything longer is surely
    /// a mistake, and sums of such durations stay far from `Duration`'s limits.
    package static let maximumNanoseconds = 1e18

    /// A duration written as a string with a unit, or as a number of seconds.
    package static func duration(of value: JSONValue) -> Duration? {
        switch value {
        case .string(let text): parse(text)
        case .number(let seconds): nanoseconds(seconds * 1e9)
        default: nil
        }
    }

    static func nanoseconds(_ value: Double) -> Duration? {
        guard value.isFinite, value >= 0, value <= maximumNanoseconds else { return nil }
        return .nanoseconds(Int64(value.rounded()))
    }
}
