import Foundation
import SkillEngine
import SkillCheckCommand
import SkillConformance

/// `skillcheck check PATH` until the report layer lands: one line per rule and skill.
@available(SkillCheckTesting, *)
enum CheckPreview {
    static func run(_ arguments: [String], write: (String) -> Void) -> Int32 {
        let path = arguments.first ?? "."
        let outcome = Locked<Result<[SkillResult], any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task {
            let result: Result<[SkillResult], any Error>
            do {
                result = .success(try await ConformanceRun(package: URL(fileURLWithPath: path)).run { line in
                    FileHandle.standardError.write(Data("skillcheck: \(line)\n".utf8))
                }.results)
            } catch {
                result = .failure(error)
            }
            outcome.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        do {
            let results = try outcome.withLock { $0! }.get()
            var failed = false
            for result in results {
                write("\(result.skill) (id \"\(result.id)\")\n")
                for rule in SkillConformance.checks.map(\.ruleID) {
                    let findings = result.findings.filter { $0.ruleID == rule }
                    let worst = findings.first { $0.outcome == .failed } ?? findings.first { $0.outcome.isProblem } ?? findings.first
                    if worst?.outcome == .failed { failed = true }
                    write("  \(rule): \(worst.map { "\($0.outcome)" } ?? "no result")\n")
                    if let worst, worst.outcome.isProblem { write("    " + worst.message.replacingOccurrences(of: "\n", with: "\n    ") + "\n") }
                }
            }
            return failed ? 1 : 0
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            return 2
        }
    }
}
