import Foundation
import SkillKit
import SkillTesting
import Testing

@testable import SkillConformance

/// An OAuth token, refreshed five minutes before it expires (google-auth-library's eager threshold), kept by an
/// actor for every call of one instance. With `coalesces`, a call that finds a refresh under way awaits it (a stored
/// task, as `refreshTokenPromises` does); without, each call that finds no valid token starts its own.
private actor TokenCache {
    struct Token: Decodable {
        let accessToken: String
        let expiresIn: Int
        enum CodingKeys: String, CodingKey {
            case accessToken = "access_token"
            case expiresIn = "expires_in"
        }
    }

    let coalesces: Bool
    private var token: (value: String, expires: Date)?
    private var refreshing: Task<(value: String, expires: Date), any Error>?

    init(coalesces: Bool) { self.coalesces = coalesces }

    func accessToken(_ context: SkillContext) async throws -> String {
        let now = context.now
        if let token, token.expires > now.addingTimeInterval(300) { return token.value }
        if coalesces, let refreshing { return try await refreshing.value.value }
        let network = context.networkService
        let refresh = Task {
            let request = NetworkRequest(
                method: .post, url: URL(string: "https://auth.example/token")!, body: Data("grant_type=refresh_token".utf8))
            let reply = try JSONDecoder().decode(Token.self, from: try await network.send(request).body)
            return (value: reply.accessToken, expires: now.addingTimeInterval(TimeInterval(reply.expiresIn)))
        }
        if coalesces { refreshing = refresh }
        defer { if coalesces { refreshing = nil } }
        let fresh = try await refresh.value
        token = fresh
        return fresh.value
    }
}

/// A mail search that asks for a token before each request: the token reply's `expires_in` decides whether the
/// next call reuses it.
private struct MailSearchSkill: AgentSkill {
    let tokens: TokenCache
    let id = "mail-search"
    let displayName = "Mail search"
    let description = "Searches the mailbox, such as mail from alice."
    let keywords = ["mail"]
    var samples: SkillSamples { SkillSamples(handled: ["mail from alice"], unhandled: ["note this"]) }

    init(coalesces: Bool) { tokens = TokenCache(coalesces: coalesces) }

    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        let token = try await tokens.accessToken(context)
        let reply = try await context.networkService.send(
            NetworkRequest(url: URL(string: "https://mail.example/search?q=alice")!, headers: ["Authorization": "Bearer \(token)"]))
        return SkillOutput(summary: "\(reply.body.count) bytes of mail")
    }
}

@Suite("A lifetime in the fitted reply lasts an hour, so a token the skill keeps is reused as it would be")
struct TokenLifetimeTests {
    @available(SkillCheckTesting, *)
    @Test("expires_in, ttl and max_age are an hour (in milliseconds where the name says so); other numbers stay 1")
    func lifetimes() {
        #expect(SourceReplies.number(for: "expires_in", fraction: false) == .number(3600))
        #expect(SourceReplies.number(for: "expiresIn", fraction: true) == .number(3600))
        #expect(SourceReplies.number(for: "cache_ttl_ms", fraction: false) == .number(3_600_000))
        #expect(SourceReplies.number(for: "maxAge", fraction: false) == .number(3600))
        #expect(SourceReplies.number(for: "throttle", fraction: false) == .number(1))
        #expect(SourceReplies.number(for: "expires_at", fraction: false) == .number(1))
        #expect(SourceReplies.number(for: "total", fraction: true) == .number(1.5))
    }

    @available(SkillCheckTesting, *)
    @Test(
        "a refresh that concurrent calls share passes SEND-4; one each call starts fails it, with two POSTs where one at a time sends one")
    func sharedRefresh() async throws {
        // A factory, as skillcheck's harness gives: each run starts with no token, as a fresh app does.
        func subject(coalesces: Bool) throws -> SkillUnderTest {
            try SourceRepliesTests.declaredInThisFile { SkillUnderTest(declaredIn: $0) { _ in MailSearchSkill(coalesces: coalesces) } }
        }
        let clean = try subject(coalesces: true)
        #expect(await clean.workingFit(limits: CheckLimits()).body.contains(#""expires_in":3600"#))
        let passed = await SkillConformance.check(for: "SEND-4").run(clean)
        #expect(!passed.isEmpty && passed.allSatisfy { $0.outcome == .passed }, "\(passed.map(\.message))")

        let racing = await SkillConformance.check(for: "SEND-4").run(try subject(coalesces: false))
        #expect(
            racing.contains { $0.outcome == .failed && $0.observed.contains("POST https://auth.example/token") },
            "\(racing.map(\.message))")
    }
}
