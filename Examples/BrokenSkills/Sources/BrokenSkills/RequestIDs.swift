import Foundation

/// Request ids for the flight service's logs (FlightStatusTool).
enum RequestIDs {
    static func next() -> String { "req-" + UUID().uuidString.lowercased() }
}
