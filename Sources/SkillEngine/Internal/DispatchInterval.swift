import Dispatch

/// `duration` as a Dispatch interval, to the nanosecond: for the few real-time waits the kit makes
/// (watchdogs, process time limits).
package func dispatchInterval(_ duration: Duration) -> DispatchTimeInterval {
    let (seconds, attoseconds) = duration.components
    return .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
}
