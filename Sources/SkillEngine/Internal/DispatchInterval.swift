import Dispatch
import SkillCheckSupport

/// `duration` as a Dispatch interval, to the nanosecond: for the few real-time waits the kit makes
/// (watchdogs, process time limits).
package func dispatchInterval(_ duration: Duration) -> DispatchTimeInterval {
    .nanoseconds(duration.inNanoseconds)
}
