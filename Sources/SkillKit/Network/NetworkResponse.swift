import Foundation

/// An HTTP response.
public struct NetworkResponse: Sendable, Codable, Hashable {
    public var status: Int
    public var headers: [String: String]
    public var body: Data

    public init(status: Int = 200, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// Whether ``status`` is in 200...299.
    public var isSuccess: Bool { (200...299).contains(status) }

    /// Decodes the body as JSON, or throws ``NetworkError/malformedPayload(_:)``.
    ///
    /// Throws ``NetworkError/httpStatus(_:)`` first when the status is not a success.
    ///
    /// ```swift
    /// let weather = try response.decode(WeatherResponse.self)
    /// ```
    public func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
        guard isSuccess else { throw NetworkError.httpStatus(status) }
        do {
            return try JSONDecoder().decode(type, from: body)
        } catch {
            throw NetworkError.malformedPayload("\(Value.self): \(error)")
        }
    }
}
