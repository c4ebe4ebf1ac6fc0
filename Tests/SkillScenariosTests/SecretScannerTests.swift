import Foundation
import SkillCheckSupport
import SkillTesting
import TestSupport
import Testing

@testable import SkillScenarios

@Suite("SecretScanner")
struct SecretScannerTests {
    /// One sample per format, with the kind it must be reported as. Samples are assembled from parts so
    /// that this file does not itself look like it holds keys.
    static let positives: [(kind: String, text: String)] = [
        ("Stripe secret key", "sk_live_" + "4eC39HqLyjWDarjtT1zdp7dc"),
        ("Stripe secret key", "记一下 sk_test_" + "51H8aBcDeFgHiJkLmNoP 这个"),
        ("Stripe secret key", "rk_live_" + "51H8aBcDeFgHiJkLmNoPqRsT"),
        ("Google API key", "AIza" + "SyA-1234567890abcdefghijklmnopqrstu"),
        ("AWS access key id", "AKIA" + "IOSFODNN7EXAMPLE"),
        ("AWS access key id", "key ASIA" + "Y34FZKBOKMUTVV7A in text"),
        ("GitHub token", "ghp_" + "1234567890abcdefghijABCDEFGHIJ123456"),
        ("GitHub token", "gho_" + "abcdefghij1234567890ABCDEFGHIJ"),
        ("GitHub token", "ghs_" + "abcdefghij1234567890ABCDEFGHIJ"),
        ("GitHub token", "ghu_" + "abcdefghij1234567890ABCDEFGHIJ"),
        ("GitHub token", "github_pat_" + "11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz"),
        ("Slack token", "xoxb-" + "123456789012-1234567890123-abcdefghijkl"),
        ("Slack token", "xoxp-" + "123456789012-abcdefghij"),
        ("OpenAI API key", "sk-" + "proj-abcdefghijklmnopqrstuvwxyz012345"),
        ("OpenAI API key", "sk-" + "abcdefghijklmnopqrstuvwx"),
        ("Anthropic API key", "sk-ant-" + "api03-abcdefghijklmnopqrstuvwxyz0123456789"),
        ("JSON Web Token", "eyJhbGciOiJIUzI1NiJ9." + "eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"),
        ("private key", "-----BEGIN RSA " + "PRIVATE KEY-----\nMIIEowIBAAKCAQEA\n-----END RSA PRIVATE KEY-----"),
        ("private key", "-----BEGIN " + "PRIVATE KEY-----"),
        ("private key", "-----BEGIN OPENSSH " + "PRIVATE KEY-----"),
        ("bearer token", "Authorization: Bearer " + "abc123def456ghi"),
        ("bearer token", "curl -H 'authorization: bearer " + "0123456789abcdef'"),
        ("password in a URL", "postgres://admin:" + "hunter22@db.example.com/app"),
        ("secret assignment", "https://api.example.com/v1/quote?symbol=AAPL&api_key=" + "abc123xyz"),
        ("secret assignment", "password=" + "hunter2"),
        ("secret assignment", "token: " + "0123456789abcdef0123456789abcdef"),
        ("secret assignment", #"{"client_secret": ""# + #"s3cr3t-value"}"#),
        ("secret assignment", "X-Api-Key: " + "1234abcd"),
        ("secret assignment", "my passwd: " + "letmein1"),
        ("secret assignment", "access_token=" + "ya29.a0AfH6SMB"),
        ("secret assignment", "apikey=" + "q1w2e3r4"),
        ("secret assignment", "secret = " + "opensesame"),
        ("secret assignment", "auth=" + "abcd1234"),
        ("secret assignment", "credential: " + "abcd-efgh"),
        ("secret assignment", "private_key = " + "MIIEvQIBADAN"),
        ("secret assignment", "记一下密码：" + "abc12345"),
    ]

    /// Ordinary values that must not be flagged.
    static let negatives: [String] = [
        "记一下明天下午三点开会", "已记录：明天下午三点开会", "上海 当前 30°C，小雨", "提醒我周五交报告", "备忘：买牛奶",
        "2026-01-01T00:00:00Z", "7CBDDFB2-D6D9-5F44-86C3-E2EBE9CAC481", "note: call mom",
        "https://weather.skillcheck.invalid/v1/current?city=%E4%B8%8A%E6%B5%B7",
        "the token bucket refills every second", "Bearer of bad news", "bearer instruments are risky",
        "task-management-list-for-the-week", "password:", "password: ***", "api_key=«redacted»", "token: null",
        "我忘了密码", "skills: note, weather", "slept 5s", "技能执行失败：技能执行超时",
    ]

    @available(SkillCheckTesting, *)
    @Test("each common key format is found, with its kind", arguments: positives.indices)
    func positive(_ index: Int) {
        let (kind, text) = Self.positives[index]
        #expect(SecretScanner.kind(of: text) == kind, "\(SecretScanner.redacted(text))")
        #expect(!SecretScanner.looksSecret(SecretScanner.redacted(text)), "redaction leaves no secret")
        #expect(SecretScanner.redacted(text).contains("«redacted»"))
    }

    @available(SkillCheckTesting, *)
    @Test("ordinary text, dates, ids and URLs are not secrets", arguments: negatives)
    func negative(_ text: String) {
        #expect(SecretScanner.kind(of: text) == nil)
        #expect(SecretScanner.redacted(text) == text)
    }

    @available(SkillCheckTesting, *)
    @Test("members named like secrets: every value of password and its kin; long random values of *Key, *Token, session*")
    func members() {
        let value = JSONValue.object([
            ("id", .string("7CBDDFB2-D6D9-5F44-86C3-E2EBE9CAC481")), ("author", .string("张三")),
            ("Password", .string("x1")), ("Authorization", .string("Basic dXNlcjpwYXNz")),
            ("stripeKey", .string("Zk3qP9vX2mL7rT4wB8nY1cD6")), ("sessionID", .string("7cbddfb2d6d95f4486c3e2ebe9cac481")),
            ("cacheKey", .string("2026-01-01T00:00:00Z")), ("monkey", .string("banana")), ("token", .string("***")),
            ("headers", .object([("X-Api-Key", .string("k-123"))])),
        ])
        #expect(SecretScanner.secrets(in: value) == ["/Password", "/Authorization", "/stripeKey", "/sessionID", "/headers/X-Api-Key"])
        #expect(!SecretScanner.redacted(value).canonical.contains("dXNlcjpwYXNz"))
        #expect(!SecretScanner.redacted(value).canonical.contains("Zk3qP9vX2mL7rT4wB8nY1cD6"))
    }

    @available(SkillCheckTesting, *)
    @Test("a finding names the JSON pointer and the kind, never the secret")
    func findings() throws {
        let document = try JSONParser.parse(Data(#"{"steps": [{"send": "password=hunter2"}, {"send": "好的"}]}"#.utf8), file: "t")
        let findings = SecretScanner.findings(in: document.value)
        #expect(findings.map(\.pointer) == ["/steps/0/send"])
        #expect(findings.map(\.description) == ["/steps/0/send (secret assignment)"])
    }

    @available(SkillCheckTesting, *)
    @Test("every transcript of the corpus scans clean")
    func corpusClean() throws {
        for (name, url) in try Fixtures.corpus() {
            let document = try JSONParser.parse(Data(contentsOf: url), file: name)
            #expect(SecretScanner.findings(in: document.value).isEmpty, "\(name)")
        }
    }

    @available(SkillCheckTesting, *)
    @Test("record refuses each format the scanner knows, and the file keeps its text", arguments: ["sk_live_", "AIza", "api_key="])
    func recordRefuses(_ prefix: String) throws {
        let secret = prefix + (prefix == "AIza" ? "SyA-1234567890abcdefghijklmnopqrstu" : "4eC39HqLyjWDarjtT1zdp7dc")
        let text = RecordTests.draft.replacingOccurrences(of: "echo 你好", with: "echo " + secret)
        let url = URL(fileURLWithPath: try TemporaryFolder("secret").file("t.json", text))
        let scenario = ScenarioRunner(skills: Fixtures.skills, recordMode: .missing).runOne(name: "t", url: url)
        guard case .refusedSecrets(let pointers) = scenario.recording else {
            Issue.record("expected a refusal, got \(scenario.recording)")
            return
        }
        #expect(pointers.contains("/steps/1/expect/messages/1/content"))
        #expect(try String(contentsOf: url, encoding: .utf8) == text)
        for format in ReportFormat.allCases {
            #expect(!ScenarioReport.render([scenario], as: format).contains(secret), "\(format)")
        }
    }

    @available(SkillCheckTesting, *)
    @Test("diffs, reports and notes never print a secret: by format, or by the name of the member that holds it")
    func neverPrinted() throws {
        let result = try Fixtures.replay(
            """
            {"schema": "skillcheck.transcript/1", "skills": ["echo"],
             "fixtures": {"storage": {"users": [{"id": "u1", "value": {"password": "hunter2"}}]}},
             "steps": [{"send": "echo api_key=abc123xyz"}, {"expect": {"storage": {"users": [{"id": "u1", "value": {"password": "hunter3"}}]},
               "messages": [{"role": "user", "content": "echo x", "at": 0}, {"role": "agent", "content": "y", "skillID": "echo", "at": 0}]}}]}
            """)
        let scenario = ScenarioCase(name: "t", file: "t.json", status: .failed, result: result)
        for text in [result.report] + ReportFormat.allCases.map({ ScenarioReport.render([scenario], as: $0) }) {
            for secret in ["hunter2", "hunter3", "abc123xyz"] { #expect(!text.contains(secret), "\(text)") }
        }
        let note = Difference(
            kind: .replay, step: 0, path: "", expected: nil, actual: nil,
            note: "send #0 (\"password=hunter2\") never finished")
        #expect(!note.description.contains("hunter2"))
        #expect(!SecretScanner.redacted(result.actual).canonical.contains("hunter2"))
    }

    @available(SkillCheckTesting, *)
    @Test("an error about a value in a new key format does not print it")
    func errorRedacted() {
        let key = "sk_live_" + "4eC39HqLyjWDarjtT1zdp7dc"
        do {
            _ = try Fixtures.transcript(#"{"schema": "skillcheck.transcript/1", "skills": [], "steps": [{"advance": "\#(key)"}]}"#)
            Issue.record("expected an error")
        } catch {
            #expect(!"\(error)".contains(key))
        }
    }
}
