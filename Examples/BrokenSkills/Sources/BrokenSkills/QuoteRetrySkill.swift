import Foundation
import SkillKit

/// Breaks TIME-1 on the path a fault opens: when the quote service fails it waits on `ContinuousClock`,
/// a real clock, before one retry. With a working network it never sleeps, so only a check that injects a
/// fault sees the sleep leave the virtual clock.
public struct QuoteRetrySkill: AgentSkill {
    public let id = "quote"
    public let displayName = "报价"
    public let description = "Looks up a stock quote, such as 报价 AAPL."
    public let keywords = ["报价", "quote"]

    public init() {}

    public var samples: SkillSamples { SkillSamples(handled: ["报价 AAPL"], unhandled: ["北京天气怎么样"]) }

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        let symbol = input.rawText.replacingOccurrences(of: "报价", with: "").trimmingCharacters(in: .whitespaces)
        guard !symbol.isEmpty, let url = URL(string: "https://quotes.example.com/v1/\(symbol)") else {
            throw SkillError.invalidInput("name a stock, such as 报价 AAPL")
        }
        let request = NetworkRequest(url: url)
        do {
            return SkillOutput(summary: try await quote(request, symbol: symbol, context: context))
        } catch let error as NetworkError {
            // One retry, after a pause.
            try await ContinuousClock().sleep(for: .milliseconds(200))
            do {
                return SkillOutput(summary: try await quote(request, symbol: symbol, context: context))
            } catch is NetworkError {
                throw SkillError.executionFailed("报价服务暂时不可用（\(error.message(in: .zhHans))）")
            }
        }
    }

    private func quote(_ request: NetworkRequest, symbol: String, context: SkillContext) async throws -> String {
        let response = try await context.networkService.send(request)
        guard response.isSuccess else { throw NetworkError.httpStatus(response.status) }
        return "\(symbol) 的报价已更新（\(response.body.count) 字节）"
    }
}
