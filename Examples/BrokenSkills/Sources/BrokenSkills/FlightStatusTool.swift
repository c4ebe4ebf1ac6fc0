import Foundation
import SkillKit

/// Breaks TIME-1, as a tool skill, in a helper of another file: each request carries an `X-Request-ID`
/// from `RequestIDs.next()` (RequestIDs.swift), which calls `UUID()`. The header is not part of the result
/// or of what TOOL-5 compares, so only the run shows the randomness.
public struct FlightStatusTool: ToolSkill {
    public let id = "flights.status"
    public let name = "flight_status"
    public let description = "查询航班状态。用户问航班是否准点时使用。"
    public let inputSchema: JSON = [
        "type": "object",
        "properties": ["flight": ["type": "string", "description": "航班号，如 CA1234"]],
        "required": ["flight"],
        "additionalProperties": false,
    ]

    private let network: any NetworkServing

    public init(context: SkillContext) {
        network = context.networkService
    }

    public var sampleArguments: [JSON] { [["flight": "CA1234"]] }

    struct Arguments: Decodable { let flight: String }

    public func execute(arguments: Data) async throws -> String {
        let arguments = try decodeArguments(Arguments.self, from: arguments)
        guard let url = URL(string: "https://flights.example.com/v2/status/\(arguments.flight)") else {
            throw SkillError.invalidInput("give a flight number such as CA1234")
        }
        let request = NetworkRequest(url: url, headers: ["X-Request-ID": RequestIDs.next()])
        do {
            let response = try await network.send(request)
            guard response.isSuccess else { throw SkillError.executionFailed("航班服务返回错误（\(response.status)）") }
            return "\(arguments.flight) 的状态已更新"
        } catch let error as NetworkError {
            throw SkillError.executionFailed("航班服务暂时不可用（\(error.message(in: .zhHans))）")
        }
    }
}
