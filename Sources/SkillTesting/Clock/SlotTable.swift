/// Sleeper slots by id. Ids are handed out in order, so an array with a moving base beats a dictionary:
/// no hashing, and slots of sleepers that wake in order are dropped from the front.
///
/// Once every slot is free the table starts again at the front of the same cells, without removing any:
/// a clock with one sleeper at a time empties its table on every wake.
@available(SkillCheckTesting, *)
struct SlotTable<Slot> {
    /// `slots[i]` holds id `base + i`, for `i` in `head..<end`; cells from `end` on are free and reused.
    private var slots: [Slot?] = []
    private var base = 0
    private var head = 0
    private var end = 0

    subscript(id: Int) -> Slot? {
        get {
            let index = id - base
            return index >= head && index < end ? slots[index] : nil
        }
        set {
            let index = id - base
            if index == end {
                if end < slots.count {
                    slots[end] = newValue
                } else {
                    slots.append(newValue)
                }
                end += 1
                return
            }
            guard index >= head && index < end else {
                precondition(newValue == nil, "slot ids are handed out in order")
                return
            }
            slots[index] = newValue
            if newValue == nil { compact() }
        }
    }

    /// Runs `body` on the slot of `id` in place, as one access: what it sets stays (`nil` frees the
    /// slot). An id outside the table gives `body` an empty slot, and what it sets there is dropped.
    mutating func modify<Result>(_ id: Int, _ body: (inout Slot?) -> Result) -> Result {
        let index = id - base
        guard index >= head && index < end else {
            var outside: Slot? = nil
            return body(&outside)
        }
        let result = body(&slots[index])
        if slots[index] == nil { compact() }
        return result
    }

    /// Every occupied slot, in id order.
    var values: [Slot] { slots[head..<end].compactMap { $0 } }

    /// Replaces every occupied slot with `transform`'s result; `nil` frees it.
    mutating func updateAll(_ transform: (Slot) -> Slot?) {
        for index in head..<end {
            if let slot = slots[index] { slots[index] = transform(slot) }
        }
        compact()
    }

    private mutating func compact() {
        while head < end, slots[head] == nil { head += 1 }
        if head == end {
            // Every cell is free: the next id takes the first.
            base += end
            head = 0
            end = 0
        } else if head >= 1024, head * 2 >= end {
            slots.removeFirst(head)
            base += head
            end -= head
            head = 0
        }
    }
}
