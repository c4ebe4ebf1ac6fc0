import Foundation
import SkillConformance

/// Swift Testing's event stream (`--event-stream-output-path`, JSON lines), decoded into the records the
/// conformance stage reads. Each record carries the stream's version; a version this kit does not know
/// is an error, never a guess.
@available(SkillCheckTesting, *)
struct EventStream: Sendable {
    static let version = "6.3"

    struct Record: Decodable, Sendable {
        var version: String
        var kind: String
        var payload: Payload
    }

    struct Payload: Decodable, Sendable {
        var kind: String?
        var id: String?
        var name: String?
        var displayName: String?
        var testID: String?
    }

    /// Test ids to their names (the function's name, which starts with the rule id).
    var names: [String: String] = [:]
    /// Test ids whose case started and did not end, in order.
    var running: [String] = []
    var started: [String] = []
    /// Test ids whose case ended.
    var ended: [String] = []
    var runEnded = false

    /// Reads the stream in `data`.
    init(_ data: Data) throws(StreamError) {
        for line in data.split(separator: UInt8(ascii: "\n")) where !line.isEmpty {
            let record: Record
            do {
                record = try JSONDecoder().decode(Record.self, from: Data(line))
            } catch {
                throw .unreadable(String(decoding: line.prefix(200), as: UTF8.self))
            }
            guard record.version.hasPrefix(Self.version) else { throw .version(record.version) }
            apply(record)
        }
    }

    private mutating func apply(_ record: Record) {
        if record.kind == "test", let id = record.payload.id {
            names[id] = record.payload.name ?? record.payload.displayName
            return
        }
        guard record.kind == "event", let kind = record.payload.kind else { return }
        switch (kind, record.payload.testID) {
        case ("testCaseStarted", let id?):
            running.append(id)
            started.append(id)
        case ("testCaseEnded", let id?):
            if let index = running.lastIndex(of: id) { running.remove(at: index) }
            ended.append(id)
        case ("runEnded", _):
            runEnded = true
        default:
            break
        }
    }

    /// The rule id a test's name starts with (`CAN-2 cancelled while …` → `CAN-2`).
    func ruleID(of testID: String) -> String? {
        guard let name = names[testID] ?? testID.split(separator: "/").dropFirst().first.map(String.init) else { return nil }
        let token = name.trimmingCharacters(in: CharacterSet(charactersIn: "`")).split(separator: " ").first.map(String.init)
        return token.flatMap { $0.contains("-") ? $0 : nil }
    }

    /// The rule whose case was running last, if one was.
    var interruptedRule: String? { running.last.flatMap(ruleID(of:)) }

    /// The rules whose cases ended.
    var endedRules: Set<String> { Set(ended.compactMap(ruleID(of:))) }

    /// The rules whose cases started.
    var startedRules: Set<String> { Set(started.compactMap(ruleID(of:))) }

    enum StreamError: Error, Sendable, CustomStringConvertible {
        case unreadable(String)
        case version(String)

        var description: String {
            switch self {
            case .unreadable(let line): "the test event stream has a line this kit cannot read: \(line)"
            case .version(let version):
                "the test event stream is version \(version); this kit reads \(EventStream.version): update SkillCheck"
            }
        }
    }
}
