import Foundation
import SkillKit
import Testing

@testable import SkillConformance

/// A probe counts only where it acted: a fault or a cancellation aimed at an operation the run never reached
/// was not tried, and an operation the skill's first run made and later runs skip is out of every probe's reach.
@Suite("Probes that never acted are no pass")
struct StateBetweenRunsTests {
    @available(SkillCheckTesting, *)
    @Test("ERR-1 fails a skill that keeps what it read between runs: its later runs never read, so no storage fault reaches them")
    func readKeptBetweenRuns() async {
        let findings = await SkillConformance.check(for: "ERR-1").run(SkillUnderTest { _ in DeviceSkill() })
        let kept = findings.first { $0.outcome == .failed && $0.subject.hasPrefix("a later run on the same input") }
        #expect(
            kept?.observed.contains("the skill's first run on this input in this process made `list devices`") == true,
            "\(findings.map(\.message))")
        #expect(kept?.observed.contains("the skill keeps what it got between runs") == true)
        // Its later runs do no storage operation at all: the storage fault has nothing to fail, and says nothing.
        #expect(!findings.contains { $0.outcome == .passed && $0.subject.hasPrefix("storage failure") }, "\(findings.map(\.message))")
    }

    @available(SkillCheckTesting, *)
    @Test("a skill that reads every time passes ERR-1, and says it was tried at its read")
    func readEveryRun() async {
        let findings = await SkillConformance.check(for: "ERR-1").run(SkillUnderTest { _ in DeviceSkill(caches: false) })
        #expect(!findings.contains { $0.outcome == .failed }, "\(findings.map(\.message))")
        #expect(findings.contains { $0.outcome == .passed && $0.subject.hasPrefix("storage failure") }, "\(findings.map(\.message))")
    }

    @available(SkillCheckTesting, *)
    @Test("a fault or cancellation whose run never reached its operation is reported as never tried, not passed")
    func untriedProbes() async {
        // Reads on every second run of the one instance: the run after the working one skips the read.
        let subject = SkillUnderTest(AlternatingSkill())
        let faults = await SkillConformance.check(for: "ERR-1").run(subject)
        let cancellations = await SkillConformance.check(for: "CAN-3").run(subject)
        let untried = (faults + cancellations).filter {
            $0.outcome == .failed && ($0.observed.contains("was never tried at operation 1 of 1 (list devices)"))
        }
        #expect(!untried.isEmpty, "\((faults + cancellations).map(\.message))")
        #expect(
            untried.allSatisfy { $0.observed.contains("the skill took another path on the same input and fakes") },
            "\(untried.map(\.message))")
        #expect(!(faults + cancellations).contains { $0.outcome == .passed }, "\((faults + cancellations).map(\.message))")
    }
}

/// The devices read once per process, behind a lock: no strict-concurrency diagnostic, and still state
/// kept between runs, as a port of a module-level `hass.states` keeps it.
private final class DeviceCache: @unchecked Sendable {
    private let lock = NSLock()
    private var devices: [String]?

    func names(loading: () async throws -> [String]) async throws -> [String] {
        if let known = lock.withLock({ devices }) { return known }
        let loaded = try await loading()
        lock.withLock { devices = loaded }
        return loaded
    }
}

private let deviceCache = DeviceCache()

/// A skill that turns on a device from the list in storage, with one sample device.
private protocol DeviceFixture: AgentSkill {}

extension DeviceFixture {
    var displayName: String { "Devices" }
    var description: String { "Turns on a device, such as turn on the kitchen light." }
    var keywords: [String] { ["turn on"] }
    var samples: SkillSamples {
        SkillSamples(
            handled: ["turn on the kitchen light"], unhandled: ["note this"],
            storage: ["devices": [StoredDocument(id: "kitchen", data: Data(#"{"name": "kitchen light"}"#.utf8))]])
    }
}

private struct DeviceSkill: DeviceFixture {
    var caches = true
    let id = "devices"

    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        let load = {
            do {
                return try await context.storage.documents(in: "devices").map(\.id)
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                throw SkillError.executionFailed("the device list could not be read")
            }
        }
        let names = caches ? try await deviceCache.names(loading: load) : try await load()
        guard let device = names.first(where: { input.rawText.contains($0) }) else {
            throw SkillError.invalidInput("no device called that")
        }
        return SkillOutput(summary: "Turned on \(device)")
    }
}

/// Reads the device list on every second run of one instance, and answers from its last read otherwise.
private final class AlternatingSkill: DeviceFixture, @unchecked Sendable {
    private let lock = NSLock()
    private var runs = 0
    let id = "alternating"

    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        let run = lock.withLock {
            runs += 1
            return runs
        }
        if run % 2 == 0 {
            do {
                _ = try await context.storage.documents(in: "devices")
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                throw SkillError.executionFailed("the device list could not be read")
            }
        }
        try Task.checkCancellation()
        return SkillOutput(summary: "Turned on the kitchen light")
    }
}
