import Foundation

/// An HTTP request, as a skill hands it to ``NetworkServing/send(_:)``.
///
/// ```swift
/// let request = NetworkRequest(method: .post, url: URL(string: "https://api.example.com/v1/orders")!,
///                              headers: ["Content-Type": "application/json"], body: Data(#"{"id":1}"#.utf8))
/// let response = try await context.networkService.send(request)
/// ```
public struct NetworkRequest: Sendable, Codable, Hashable {
    /// An HTTP method such as `GET`.
    public struct Method: RawRepresentable, Sendable, Codable, Hashable, ExpressibleByStringLiteral {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue.uppercased() }
        public init(stringLiteral value: String) { self.init(rawValue: value) }

        public static let get: Method = "GET"
        public static let post: Method = "POST"
        public static let put: Method = "PUT"
        public static let patch: Method = "PATCH"
        public static let delete: Method = "DELETE"
    }

    public var method: Method
    public var url: URL
    public var headers: [String: String]
    public var body: Data?

    public init(method: Method = .get, url: URL, headers: [String: String] = [:], body: Data? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }

    /// The URL's query items as a dictionary (a repeated name keeps its last value).
    public var query: [String: String] {
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        var result: [String: String] = [:]
        for item in items { result[item.name] = item.value ?? "" }
        return result
    }
}
