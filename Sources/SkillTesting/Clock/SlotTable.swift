/// Sleeper slots by id. Ids are handed out in order, so an array with a moving base beats a dictionary:
/// no hashing, and slots of sleepers that wake in order are dropped from the front.
@available(SkillCheckTesting, *)
struct SlotTable<Slot> {
    private var slots: [Slot?] = []
    /// The id of `slots[head]`'s predecessor count: `slots[i]` holds id `base + i`.
    private var base = 0
    private var head = 0

    subscript(id: Int) -> Slot? {
        get {
            let index = id - base
            return index >= head && index < slots.count ? slots[index] : nil
        }
        set {
            let index = id - base
            if index == slots.count {
                slots.append(newValue)
                return
            }
            guard index >= head && index < slots.count else {
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
        guard index >= head && index < slots.count else {
            var outside: Slot? = nil
            return body(&outside)
        }
        let result = body(&slots[index])
        if slots[index] == nil { compact() }
        return result
    }

    /// Every occupied slot, in id order.
    var values: [Slot] { slots[head...].compactMap { $0 } }

    /// Replaces every occupied slot with `transform`'s result; `nil` frees it.
    mutating func updateAll(_ transform: (Slot) -> Slot?) {
        for index in head..<slots.count {
            if let slot = slots[index] { slots[index] = transform(slot) }
        }
        compact()
    }

    mutating func removeAll() {
        base += slots.count
        slots.removeAll(keepingCapacity: true)
        head = 0
    }

    private mutating func compact() {
        while head < slots.count, slots[head] == nil { head += 1 }
        if head == slots.count {
            base += slots.count
            slots.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 1024, head * 2 >= slots.count {
            slots.removeFirst(head)
            base += head
            head = 0
        }
    }
}
