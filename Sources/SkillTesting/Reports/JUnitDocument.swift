/// A JUnit XML document, the one builder behind every JUnit report the kit writes.
///
/// ```swift
/// let case1 = JUnitDocument.TestCase(name: "echo", className: "scenarios", verdict: .passed(output: nil))
/// let xml = JUnitDocument(suites: [.init(name: "skillcheck.scenarios", cases: [case1])]).xml
/// ```
@available(SkillCheckTesting, *)
package struct JUnitDocument: Sendable {
    /// How one test case ended.
    package enum Verdict: Sendable {
        case passed(output: String?)
        case failure(message: String, type: String?, text: String)
        case error(message: String, text: String)
        case skipped(message: String)
    }

    package struct TestCase: Sendable {
        package var name: String
        package var className: String
        package var file: String?
        package var seconds: Double?
        package var verdict: Verdict

        package init(name: String, className: String, file: String? = nil, seconds: Double? = nil, verdict: Verdict) {
            self.name = name
            self.className = className
            self.file = file
            self.seconds = seconds
            self.verdict = verdict
        }
    }

    package struct Suite: Sendable {
        package var name: String
        package var cases: [TestCase]
        package var seconds: Double?

        package init(name: String, cases: [TestCase], seconds: Double? = nil) {
            self.name = name
            self.cases = cases
            self.seconds = seconds
        }
    }

    /// The `name` of `<testsuites>`, if it has one.
    package var name: String?
    package var suites: [Suite]

    package init(name: String? = nil, suites: [Suite]) {
        self.name = name
        self.suites = suites
    }

    /// The document, ending in a newline.
    package var xml: String {
        var lines = [#"<?xml version="1.0" encoding="UTF-8"?>"#]
        lines.append("<testsuites" + (name.map { #" name="\#(Self.escape($0))""# } ?? "") + Self.counts(suites.flatMap(\.cases)) + ">")
        for suite in suites {
            let time = suite.seconds.map { #" time="\#(Self.time($0))""# } ?? ""
            lines.append(#"  <testsuite name="\#(Self.escape(suite.name))""# + Self.counts(suite.cases) + time + ">")
            for item in suite.cases { lines += Self.lines(item) }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    static func counts(_ cases: [TestCase]) -> String {
        var failures = 0, errors = 0, skipped = 0
        for item in cases {
            switch item.verdict {
            case .passed: break
            case .failure: failures += 1
            case .error: errors += 1
            case .skipped: skipped += 1
            }
        }
        return #" tests="\#(cases.count)" failures="\#(failures)" errors="\#(errors)" skipped="\#(skipped)""#
    }

    static func time(_ seconds: Double) -> String {
        let micro = Int((seconds * 1e6).rounded())
        let fraction = String(micro % 1_000_000)
        return "\(micro / 1_000_000)." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }

    static func lines(_ item: TestCase) -> [String] {
        var open = #"    <testcase classname="\#(escape(item.className))" name="\#(escape(item.name))""#
        if let file = item.file { open += #" file="\#(escape(file))""# }
        if let seconds = item.seconds { open += #" time="\#(time(seconds))""# }
        switch item.verdict {
        case .passed(nil):
            return [open + "/>"]
        case .passed(let output?):
            return [open + ">", "      <system-out>\(escape(output, inAttribute: false))</system-out>", "    </testcase>"]
        case .failure(let message, let type, let text):
            let kind = type.map { #" type="\#(escape($0))""# } ?? ""
            return [
                open + ">", #"      <failure message="\#(escape(message))"\#(kind)>\#(escape(text, inAttribute: false))</failure>"#,
                "    </testcase>",
            ]
        case .error(let message, let text):
            let body = text.isEmpty ? "/>" : ">\(escape(text, inAttribute: false))</error>"
            return [open + ">", #"      <error message="\#(escape(message))""# + body, "    </testcase>"]
        case .skipped(let message):
            return [open + ">", #"      <skipped message="\#(escape(message))"/>"#, "    </testcase>"]
        }
    }

    /// XML text: the five special characters escaped; in an attribute, line breaks and tabs as character
    /// references (a parser would turn them into spaces); characters XML 1.0 cannot hold at all (most
    /// control characters, U+FFFE and U+FFFF) written as `\u{…}`.
    package static func escape(_ text: String, inAttribute: Bool = true) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t", "\n", "\r": result += inAttribute ? "&#\(scalar.value);" : String(scalar)
            case _ where scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value):
                result += "\\u{\(String(scalar.value, radix: 16))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
