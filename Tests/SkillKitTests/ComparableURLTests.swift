import Foundation
import Testing

@testable import SkillKit

@Suite("A request's URL as two runs compare it: query parameters by name")
struct ComparableURLTests {
    @Test("parameters written from a dictionary in either order compare equal; one name's values keep their order")
    func sortedByName() throws {
        func url(_ text: String) throws -> String { NetworkRequest(url: try #require(URL(string: text))).comparableURL }
        #expect(
            try url("https://api.example/onecall?appid=k&lat=1&units=metric&exclude=hourly")
                == url("https://api.example/onecall?appid=k&lat=1&exclude=hourly&units=metric"))
        #expect(
            try url("https://api.example/m?h=Subject&h=From&format=metadata") == "https://api.example/m?format=metadata&h=Subject&h=From")
        #expect(try url("https://api.example/m?h=Subject&h=From") != url("https://api.example/m?h=From&h=Subject"))
        #expect(try url("https://api.example/search?q=a%20b%26c") == "https://api.example/search?q=a%20b%26c")
        #expect(try url("https://api.example/path") == "https://api.example/path")
    }
}
