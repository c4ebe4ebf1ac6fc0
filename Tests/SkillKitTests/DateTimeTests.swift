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

    @Test("a date written without a formatter is the text ISO8601DateFormatter writes, whole seconds or not")
    func writtenAsTheFormatterWrites() {
        let formatter = ISO8601DateFormatter()
        var intervals: [TimeInterval] = [
            0, -1, 0.4, 0.5, 0.9999, -0.5, 951_782_400, 951_868_799, 4_107_542_400, -2_208_988_800, -2_208_988_801,
            253_402_300_799, 253_402_300_800, 1_764_806_400.999,
        ]
        // Every day from 1899 to 2401 at a time that moves through the day: leap years, century rules, the edges.
        var second = -2_240_524_800
        while second < 13_601_952_000 {
            intervals.append(TimeInterval(second))
            second += 86_400 * 3 + 3_601
        }
        for interval in intervals {
            let date = Date(timeIntervalSince1970: interval)
            #expect(JSONSchema.text(of: date) == formatter.string(from: date), "\(interval)")
        }
    }
}
