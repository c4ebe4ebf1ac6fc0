import Foundation

/// Errors a ``NetworkServing`` throws.
public enum NetworkError: Error, LocalizedError, CatalogLocalizedError, Hashable, Codable {
    /// There is no connection.
    case offline
    /// The server did not answer in time.
    case timedOut
    /// The server answered with a status that is not a success.
    case httpStatus(Int)
    /// The body did not decode as expected.
    case malformedPayload(String)

    public var errorDescription: String? { message(in: .zhHans) }

    public func message(in language: SkillLanguage) -> String {
        switch (self, language) {
        case (.offline, .zhHans): "网络不可用"
        case (.timedOut, .zhHans): "网络请求超时"
        case (.httpStatus(let status), .zhHans): "服务器返回错误（\(status)）"
        case (.malformedPayload, .zhHans): "服务器返回的数据无法解析"
        case (.offline, .english): "The network is offline"
        case (.timedOut, .english): "The network request timed out"
        case (.httpStatus(let status), .english): "The server answered with status \(status)"
        case (.malformedPayload, .english): "The server's response could not be read"
        }
    }
}
