import Foundation
import SkillKit

/// Breaks TIME-1, as a tool skill: its result interpolates a comparison with `Date()`, the real clock.
/// Every run gives the same answer for a membership that ended in 2020, so TOOL-5 passes, and a source scan
/// that read interpolations as string text would never see the call.
public struct MembershipStatusTool: ToolSkill {
    public let id = "membership.status"
    public let name = "membership_status"
    public let description = "查询会员是否有效。用户问会员还能不能用时使用。"
    public let inputSchema: JSON = [
        "type": "object",
        "properties": ["member": ["type": "string", "description": "会员号，如 M-1024"]],
        "required": ["member"],
        "additionalProperties": false,
    ]

    static let expiries = ["M-1024": Date(timeIntervalSince1970: 1_600_000_000)]

    public init() {}

    public var sampleArguments: [JSON] { [["member": "M-1024"]] }

    struct Arguments: Decodable { let member: String }

    public func execute(arguments: Data) async throws -> String {
        let arguments = try decodeArguments(Arguments.self, from: arguments)
        guard let expiry = Self.expiries[arguments.member] else {
            throw SkillError.invalidInput("no member \(arguments.member); give the number on the card, such as M-1024")
        }
        return "会员 \(arguments.member)：\(expiry < Date() ? "已过期" : "有效")"
    }
}
