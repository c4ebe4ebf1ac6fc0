import Foundation

extension NetworkRequest {
    /// The URL as a comparison of two runs sees it: its query parameters sorted by name, the values of one name left
    /// in their order.
    ///
    /// A skill that builds its query from a dictionary (`params.map { URLQueryItem(name: $0.key, value: $0.value) }`,
    /// as a port of Python's `requests.get(url, params=…)` does) writes the parameters in an order that changes from
    /// one dictionary to the next within one process; a service reads them alike, so neither order is wrong.
    ///
    /// ```swift
    /// NetworkRequest(url: URL(string: "https://api.example/w?units=si&lat=1")!).comparableURL   // https://api.example/w?lat=1&units=si
    /// ```
    package var comparableURL: String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let items = components.percentEncodedQueryItems, items.count > 1
        else { return url.absoluteString }
        components.percentEncodedQueryItems = items.enumerated().sorted { ($0.element.name, $0.offset) < ($1.element.name, $1.offset) }
            .map(\.element)
        return components.url?.absoluteString ?? url.absoluteString
    }
}
