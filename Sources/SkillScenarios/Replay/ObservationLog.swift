/// The messages, events and requests a replay has observed, each converted to JSON once.
///
/// The engine's logs only grow, so an `expect` step converts only the entries that came since the
/// last one: replay time stays linear in the length of the transcript, not quadratic.
@available(SkillCheckTesting, *)
struct ObservationLog {
    /// The converted entries of each log field, in order.
    private(set) var values: [ObservedField: [JSONValue]] = [:]
    /// How many entries were converted in all: the replay's observation work, which a test keeps
    /// proportional to the number of entries.
    private(set) var conversions = 0

    /// Converts the entries of `source` that are not converted yet, and returns every entry of `field`.
    mutating func catchUp<Entry>(_ field: ObservedField, from source: [Entry], _ convert: (Entry) -> JSONValue) -> [JSONValue] {
        let known = values[field, default: []].count
        if source.count < known {
            // A log never shrinks; if one ever did, start over rather than show stale entries.
            values[field] = []
            return catchUp(field, from: source, convert)
        }
        values[field, default: []].append(contentsOf: source[known...].map(convert))
        conversions += source.count - known
        return values[field, default: []]
    }
}
