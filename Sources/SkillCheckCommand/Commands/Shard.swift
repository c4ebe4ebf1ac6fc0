/// `--shard I/N`: the I-th of N shares of a package's skills, for spreading one package over a CI matrix.
///
/// Skills are dealt out in discovery order, as cards: the first to shard 1, the second to shard 2, and so
/// on, round and round. So each skill is in exactly one shard, the split is the same on every run of an
/// unchanged package, and shards differ in size by at most one skill. `skillcheck merge` puts the shards'
/// reports back together in the order one unsharded run gives (``interleave(_:)``).
///
/// ```swift
/// let shard = Shard(parsing: "2/3")!                  // the second of three
/// shard.select(["A", "B", "C", "D", "E"])             // ["B", "E"]
/// Shard.interleave([["A", "D"], ["B", "E"], ["C"]])   // ["A", "B", "C", "D", "E"]
/// ```
@available(SkillCheckTesting, *)
package struct Shard: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Which share, from 1.
    package var index: Int
    /// How many shares.
    package var count: Int

    /// The most shares a package is split into.
    package static let maximumCount = 256

    package init?(index: Int, count: Int) {
        guard (1...Self.maximumCount).contains(count), (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// Reads `I/N`, such as `2/3`; `nil` for anything else.
    package init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
        self.init(index: index, count: count)
    }

    package var description: String { "\(index)/\(count)" }

    /// This shard's share of `items`: those at positions `index - 1`, `index - 1 + count`, …
    package func select<Item>(_ items: [Item]) -> [Item] {
        items.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    }

    /// The items of every shard (shard 1's first), in the order they had before ``select(_:)`` dealt
    /// them out.
    package static func interleave<Item>(_ shares: [[Item]]) -> [Item] {
        var items: [Item] = []
        var round = 0
        while true {
            let column = shares.compactMap { round < $0.count ? $0[round] : nil }
            if column.isEmpty { return items }
            items += column
            round += 1
        }
    }
}
