/// A first-in, first-out queue of jobs: an array and a read index, compacted as it drains.
///
/// A drained queue keeps its cells for the next jobs rather than removing them: the scheduler empties
/// its queue after every job or two, and removing even one cell from an array costs more than the job's
/// bookkeeping.
@available(SkillCheckTesting, *)
struct JobQueue<Element> {
    /// Cells from `head` to `end` hold the queue; the rest are empty and reused.
    private var storage: [Element?] = []
    private var head = 0
    private var end = 0

    var isEmpty: Bool { head == end }
    var count: Int { end - head }

    mutating func append(_ element: Element) {
        if end < storage.count {
            storage[end] = element
        } else {
            storage.append(element)
        }
        end += 1
    }

    /// The element `offset` places after the first.
    subscript(offset: Int) -> Element { storage[head + offset]! }

    /// Takes out the element `offset` places after the first; the ones after it move up.
    mutating func remove(at offset: Int) -> Element {
        guard offset > 0 else { return popFirst()! }
        let element = storage[head + offset]!
        for index in (head + offset)..<(end - 1) { storage[index] = storage[index + 1] }
        end -= 1
        storage[end] = nil
        return element
    }

    mutating func popFirst() -> Element? {
        guard head < end else { return nil }
        let element = storage[head]
        storage[head] = nil
        head += 1
        if head == end {
            head = 0
            end = 0
        } else if head >= 1024, head * 2 >= end {
            storage.removeFirst(head)
            end -= head
            head = 0
        }
        return element
    }
}
