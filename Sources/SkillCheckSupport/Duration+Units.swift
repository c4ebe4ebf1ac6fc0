/// A `Duration` in the units the kit prints, compares and hands to other APIs, converted in one place.
extension Duration {
    /// The duration in seconds, as a `Double`: `.milliseconds(1_500).inSeconds == 1.5`.
    @inlinable
    package var inSeconds: Double { Self.seconds(components) }

    /// The seconds of a duration's `components`, as a `Double`: for code that has read them already
    /// (each reading divides 128 bits).
    @inlinable
    package static func seconds(_ components: (seconds: Int64, attoseconds: Int64)) -> Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }

    /// The duration in microseconds, as a `Double`.
    @inlinable
    package var inMicroseconds: Double { inSeconds * 1e6 }

    /// The whole nanoseconds of the duration (what Dispatch and `pthread` time-outs take).
    @inlinable
    package var inNanoseconds: Int {
        let (seconds, attoseconds) = components
        return Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
    }

    /// The milliseconds of the duration, rounded up so that a wait never ends early (what `poll` takes).
    @inlinable
    package var inMillisecondsRoundedUp: Int32 {
        let (seconds, attoseconds) = components
        let remainder: Int64 = attoseconds % 1_000_000_000_000_000 == 0 ? 0 : 1
        return Int32(clamping: seconds * 1_000 + attoseconds / 1_000_000_000_000_000 + remainder)
    }

    /// The duration as transcripts and reports write it: `"1.5s"`, `"250ms"`, `"0s"`.
    package var written: String {
        let (seconds, attoseconds) = components
        if attoseconds == 0 { return "\(seconds)s" }
        let total = inSeconds
        if total < 1, (total * 1000).rounded() == total * 1000 { return "\(Int((total * 1000).rounded()))ms" }
        return "\(total)s"
    }
}
