import Foundation
import SkillCheckSupport
import SkillKit
import SkillTesting

/// The storage operations and requests of a skill's first run on each input with working fakes, in this
/// process: what a later run on the same input, with fresh fakes that answer the same way, must do again.
///
/// The checks fail one operation, or cancel at one, on a run they compare with a working run of the same
/// input. A skill that keeps what it read between runs (in a global or static var, or in the one instance
/// a ``SkillUnderTest`` made from a value reuses) reads once per process: the runs after its first
/// never reach that read, so no fault or cancellation the checks aim at it happens, and a check that
/// counted those runs would pass having tried nothing. ERR-1 compares its working run with the first one.
@available(SkillCheckTesting, *)
final class FirstRuns: Sendable {
    /// One run's conditions: the input, and what every request of it was answered with.
    struct Key: Hashable, Sendable {
        var sample: String
        var fit: WorkingReply.Fit
    }

    private let operations = Locked<[Key: [String]]>([:])

    /// Keeps `operations` as the first run's under `key`, unless a run with the same key came first.
    func record(_ key: Key, operations done: [String]) {
        operations.withLock { known in
            if known[key] == nil { known[key] = done }
        }
    }

    /// The first run's operations under `key`, if one was recorded.
    func operations(_ key: Key) -> [String]? { operations.withLock { $0[key] } }

    /// What a run with working fakes did, as this record keeps it: each storage operation (`list devices`, `save notes`),
    /// then each request (`GET api.example.com/v1/forecast`). Neither a document's id nor a request's query is kept,
    /// nor a number or id in a path: a skill that names what it saves with `UUID()` still does the same on every run.
    static func operations(store: InMemoryDataStore, networks: [FakeNetworkService]) -> [String] {
        let storage = store.log.map { operation in
            switch operation {
            case .save(let collection, _): "save \(collection)"
            case .read(let collection, _): "read \(collection)"
            case .list(let collection): "list \(collection)"
            case .delete(let collection, _): "delete \(collection)"
            }
        }
        return storage + networks.flatMap(\.requests).map(requestKey)
    }

    /// A request as this record keeps it: `GET api.example.com/v1/item/«n».json`, its query, ids and numbers left out.
    static func requestKey(_ request: NetworkRequest) -> String {
        let path = SkillConformance.normalized(request.url.path).replacing(#/\d+/#, with: "«n»")
        return "\(request.method.rawValue) \(request.url.host ?? "")\(path)"
    }

    /// The operations of `first` that `later` lacks, each as often as it lacks it, in `first`'s order.
    static func missing(from later: [String], first: [String]) -> [String] {
        var left = Dictionary(later.map { ($0, 1) }, uniquingKeysWith: +)
        var missing: [String] = []
        for operation in first {
            if let count = left[operation], count > 0 {
                left[operation] = count - 1
            } else {
                missing.append(operation)
            }
        }
        return missing
    }
}
