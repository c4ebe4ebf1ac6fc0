/// A 4-ary min-heap of sleepers keyed by (deadline, registration sequence): the wake order.
/// Four children per node halve the depth of a binary heap, so a pop touches fewer cache lines.
@available(SkillCheckTesting, *)
struct SleeperHeap {
    struct Entry {
        let deadline: Duration
        let sequence: Int
        let id: Int

        func precedes(_ other: Entry) -> Bool {
            deadline < other.deadline || (deadline == other.deadline && sequence < other.sequence)
        }
    }

    private(set) var entries: [Entry] = []

    var first: Entry? { entries.first }
    var isEmpty: Bool { entries.isEmpty }

    mutating func insert(_ entry: Entry) {
        entries.append(entry)
        var child = entries.count - 1
        while child > 0 {
            let parent = (child - 1) / 4
            guard entries[child].precedes(entries[parent]) else { break }
            entries.swapAt(child, parent)
            child = parent
        }
    }

    @discardableResult
    mutating func removeFirst() -> Entry? {
        guard !entries.isEmpty else { return nil }
        entries.swapAt(0, entries.count - 1)
        let first = entries.removeLast()
        var parent = 0
        let count = entries.count
        while true {
            let firstChild = 4 * parent + 1
            guard firstChild < count else { break }
            var smallest = firstChild
            var child = firstChild + 1
            while child < min(firstChild + 4, count) {
                if entries[child].precedes(entries[smallest]) { smallest = child }
                child += 1
            }
            guard entries[smallest].precedes(entries[parent]) else { break }
            entries.swapAt(parent, smallest)
            parent = smallest
        }
        return first
    }
}
