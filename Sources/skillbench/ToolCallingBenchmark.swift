import Foundation
import SkillEngine
import SkillKit
import SkillTesting

/// Tool-calling runs through `ToolCallingEngine` on virtual time: the scripted model calls a tool that
/// takes a virtual second, then streams its answer in 3-byte pieces (inside characters).
@available(SkillCheckTesting, *)
struct ToolCallingBenchmark {
    let quick: Bool

    struct Pause: ToolSkill {
        let id = "pause"
        let name = "pause"
        let description = "waits a virtual second"
        let inputSchema: JSON = ["type": "object", "properties": ["city": ["type": "string"]], "required": ["city"]]
        let clock: VirtualClock

        struct Arguments: Decodable { let city: String }

        func execute(arguments: Data) async throws -> String {
            let arguments = try decodeArguments(Arguments.self, from: arguments)
            try await clock.sleep(for: .seconds(1))
            return "\(arguments.city)：晴"
        }
    }

    func row(load: String) async -> Benchmarks.Row {
        let count = quick ? 500 : 5_000
        let clock = VirtualClock()
        let turns = (0..<count).flatMap { index -> [ScriptedTurn] in
            [.toolCall("pause", ["city": .string("北京\(index)")]), .text("北京今天晴，气温二十一度。", chunks: .bytes(3))]
        }
        let model = ScriptedLLMClient(clock: clock, turns: turns)
        let registry = SkillRegistry()
        registry.register(Pause(clock: clock))
        let engine = ToolCallingEngine(model: model, registry: registry, clock: clock)
        let start = ContinuousClock.now
        for index in 0..<count {
            clock.scheduler.spawn {
                for try await _ in engine.run(input: "北京天气 \(index)", in: ConversationSession()) {}
            }
            clock.advance(by: .seconds(1))
        }
        let total = Benchmarks.microseconds(since: start)
        let completed = engine.eventLog.filter { if case .completed = $0.event { true } else { false } }.count
        let finished = (try? model.verifyFinished()) != nil
        return Benchmarks.Row(
            name: "tool-calling run (\(count) runs: call, 1 s tool, streamed answer)",
            load: load,
            figure: String(format: "%.0f runs/s", Double(count) / (total / 1e6)),
            detail: String(
                format: "%.2f µs per run, %d answers, script %@", total / Double(count), completed,
                finished ? "played to its end" : "NOT played to its end")
        )
    }
}
