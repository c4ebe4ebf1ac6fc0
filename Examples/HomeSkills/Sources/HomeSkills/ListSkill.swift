import Foundation
import SkillKit

/// One line on a list.
public struct ListEntry: Codable, Hashable, Sendable {
    public var id: String
    public var text: String
    public var addedAt: Date
}

/// A list the user adds to by voice: "牛奶加到购物清单" adds 牛奶, "购物清单" reads the list back.
///
/// A conforming skill names its collection and its trigger words; adding and reading are shared.
///
/// ```swift
/// public struct PackingListSkill: ListSkill {
///     public let listName = "行李清单"
///     public let collection = "packing"
///     public let keywords = ["行李清单", "packing list"]
///     ...
/// }
/// ```
public protocol ListSkill: HomeSkill {
    /// The list's name as the user says it, such as 购物清单.
    var listName: String { get }
    /// The storage collection its entries live in.
    var collection: String { get }
}

extension ListSkill {
    public var area: HomeArea { .household }

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        let item = strippingTriggers(keywords + Self.fillerWords, from: input.rawText)
        do {
            guard !item.isEmpty else { return try await readBack(context: context) }
            try Task.checkCancellation()
            let entry = ListEntry(id: context.newID().uuidString, text: item, addedAt: context.now)
            try await context.storage.save(entry, id: entry.id, in: collection)
            return SkillOutput(summary: "已把“\(item)”加到\(listName)", shouldRefreshUI: true)
        } catch let error as StorageError {
            throw SkillError.executionFailed("\(listName)暂时打不开（\(error.message(in: .zhHans))）")
        }
    }

    private func readBack(context: SkillContext) async throws -> SkillOutput {
        let entries = try await context.storage.loadAll(ListEntry.self, in: collection)
        guard !entries.isEmpty else { return SkillOutput(summary: "\(listName)是空的") }
        return SkillOutput(summary: "\(listName)：" + entries.map(\.text).joined(separator: "、"),
                           detail: "共 \(entries.count) 项")
    }

    /// Words people put around the item: "把牛奶加到购物清单", "add eggs to my shopping list".
    static var fillerWords: [String] {
        ["加到", "加入", "添加", "放进", "把", "add to my", "add to the", "to my", "to the", "add "]
    }
}

/// The household shopping list: "鸡蛋加到购物清单".
public struct ShoppingListSkill: ListSkill {
    public let id = "shopping-list"
    public let displayName = "购物清单"
    public let description = "往购物清单里加东西，或者读出购物清单。"
    public let keywords = ["购物清单", "shopping list"]
    public let listName = "购物清单"
    public let collection = "shopping"

    public init() {}
}

/// Chores and errands: "交物业费加到待办".
public struct ToDoListSkill: ListSkill {
    public let id = "todo"
    public let displayName = "待办"
    public let description = "记下要做的事，或者读出待办清单。"
    public let keywords = ["待办", "to-do list", "todo list"]
    public let listName = "待办清单"
    public let collection = "todos"

    public init() {}
}
