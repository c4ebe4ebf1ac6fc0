import Foundation
import SkillKit

/// An expense as ExpenseSkill stores it, in the collection "expenses".
public struct Expense: Codable, Sendable, Hashable {
    public var id: String
    public var item: String
    public var amount: Int
    public var spentOn: Date
}

/// Breaks TIME-1 on a fallback path: an expense's date comes from the text ("记账 午饭 30 2025-03-01"), and
/// only when the text has none, or one that does not parse, from `.now`, the real clock. Its second sample
/// takes that path.
public struct ExpenseSkill: AgentSkill {
    public let id = "expense"
    public let displayName = "记账"
    public let description = "Records an expense, such as 记账 午饭 30 2025-03-01."
    public let keywords = ["记账"]

    public init() {}

    public var samples: SkillSamples {
        SkillSamples(handled: ["记账 午饭 30 2025-03-01", "记账 咖啡 18"], unhandled: ["北京天气怎么样"])
    }

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        let words = input.rawText.replacingOccurrences(of: "记账", with: "").split(separator: " ").map(String.init)
        guard words.count >= 2, let amount = Int(words[1]) else {
            throw SkillError.invalidInput("say what and how much, such as 记账 午饭 30")
        }
        let spentOn = words.count > 2 ? Self.day(words[2]) ?? .now : .now
        let expense = Expense(id: context.newID().uuidString, item: words[0], amount: amount, spentOn: spentOn)
        try Task.checkCancellation()
        do {
            try await context.storage.save(expense, id: expense.id, in: "expenses")
        } catch let error as StorageError {
            throw SkillError.executionFailed("账没有记上（\(error.message(in: .zhHans))）")
        }
        return SkillOutput(summary: "记下了：\(expense.item) \(amount) 元", shouldRefreshUI: true)
    }

    static func day(_ text: String) -> Date? {
        let parts = text.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        var components = DateComponents()
        (components.year, components.month, components.day) = (parts[0], parts[1], parts[2])
        components.timeZone = TimeZone(identifier: "UTC")
        return Calendar(identifier: .gregorian).date(from: components)
    }
}
