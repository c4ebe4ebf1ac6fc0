/// A binary min-heap of sleepers keyed by (deadline, registration sequence): the wake order.
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
            let parent = (child - 1) / 2
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
            let left = 2 * parent + 1
            guard left < count else { break }
            var smallest = left
            let right = left + 1
            if right < count, entries[right].precedes(entries[left]) { smallest = right }
            guard entries[smallest].precedes(entries[parent]) else { break }
            entries.swapAt(parent, smallest)
            parent = smallest
        }
        return first
    }
}
