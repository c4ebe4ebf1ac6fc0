import Foundation
import SkillKit

/// Breaks ERR-1 without letting an error through: it never looks at the response's status, so an HTTP
/// 500 error body reaches the model as if it were the exchange rate. Ported in spirit from a common
/// function-calling example (`return response.text`).
public struct ExchangeRateTool: ToolSkill {
    public let id = "exchange.rate"
    public let name = "get_exchange_rate"
    public let description = "查询两种货币之间的汇率。用户问汇率、换算货币时使用。"
    public let inputSchema: JSON = [
        "type": "object",
        "properties": [
            "from": ["type": "string", "description": "原货币代码，如 USD"],
            "to": ["type": "string", "description": "目标货币代码，如 CNY"],
        ],
        "required": ["from", "to"],
        "additionalProperties": false,
    ]
    let network: any NetworkServing

    public init(context: SkillContext) { network = context.networkService }

    public var sampleArguments: [JSON] { [["from": "USD", "to": "CNY"]] }

    struct Arguments: Decodable {
        let from: String
        let to: String
    }

    public func execute(arguments: Data) async throws -> String {
        let arguments = try decodeArguments(Arguments.self, from: arguments)
        let url = URL(string: "https://api.frankfurter.app/latest?from=\(arguments.from)&to=\(arguments.to)")!
        let response: NetworkResponse
        do {
            response = try await network.send(NetworkRequest(url: url))
        } catch let error as NetworkError {
            throw SkillError.executionFailed(error.message(in: .zhHans))
        }
        // The bug: no look at response.status.
        return String(decoding: response.body, as: UTF8.self)
    }
}
