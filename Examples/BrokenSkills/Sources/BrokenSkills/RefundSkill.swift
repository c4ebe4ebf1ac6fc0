import Foundation
import SkillKit

/// Breaks TIME-1 in a service it makes: `RefundPolicy` is created inside `execute`, never stored, and
/// reads `Date()` to tell whether an order is still in its 30-day window. The skill's own code reads no
/// clock; only the run shows who did.
public struct RefundSkill: AgentSkill {
    public let id = "refund"
    public let displayName = "退款"
    public let description = "Tells whether an order can still be refunded, such as 退款 A-17."
    public let keywords = ["退款", "refund"]

    public init() {}

    public var samples: SkillSamples { SkillSamples(handled: ["退款 A-17"], unhandled: ["北京天气怎么样"]) }

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        let order = input.rawText.replacingOccurrences(of: "退款", with: "").trimmingCharacters(in: .whitespaces)
        guard let placed = RefundPolicy.orders[order] else {
            throw SkillError.invalidInput("no order \(order); give the number on the receipt, such as 退款 A-17")
        }
        try Task.checkCancellation()
        let policy = RefundPolicy()
        return SkillOutput(summary: policy.isRefundable(placedAt: placed) ? "订单 \(order) 可以退款" : "订单 \(order) 已过退款期")
    }
}

/// The shop's refund rule: 30 days from the order.
struct RefundPolicy {
    static let orders = ["A-17": Date(timeIntervalSince1970: 1_580_000_000)]
    let window: TimeInterval = 30 * 86_400

    func isRefundable(placedAt: Date) -> Bool {
        Date().timeIntervalSince(placedAt) < window
    }
}
