import Foundation
import Testing

@testable import SkillKit

@Suite("JSON Schema's date-time: the plain form read without a formatter gives the formatter's date, or leaves it to the formatter")
struct DateTimeTests {
    static func formatted(_ text: String) -> Date? {
        let plain = ISO8601DateFormatter()
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions.insert(.withFractionalSeconds)
        return plain.date(from: text) ?? fractional.date(from: text)
    }

    @Test(
        "the same date as ISO8601DateFormatter, or nil and the formatter decides",
        arguments: [
            "2026-12-04T06:53:23Z", "1970-01-01T00:00:00Z", "2000-02-29T23:59:59Z", "1999-12-31T23:59:59+08:00",
            "2024-03-01T00:00:00-05:30", "2100-02-28T12:00:00Z", "0001-01-01T00:00:00Z", "9999-12-31T23:59:59Z",
            "2026-12-04T06:53:23.125Z", "2026-02-30T00:00:00Z", "2026-13-01T00:00:00Z", "2026-12-04T24:00:00Z",
            "2026-12-04t06:53:23z", "2026-12-04 06:53:23Z", "2026-12-04T06:53:23", "2026-12-04T06:53:60Z", "2026-12-04",
            "2023-02-29T00:00:00Z", "2026-12-04T06:53:23+0800",
        ])
    func agreesWithTheFormatter(_ text: String) {
        if let plain = JSONSchema.plainDate(from: text) {
            #expect(plain == Self.formatted(text), "\(text)")
        }
        #expect(JSONSchema.date(from: text) == Self.formatted(text), "\(text)")
    }
}
