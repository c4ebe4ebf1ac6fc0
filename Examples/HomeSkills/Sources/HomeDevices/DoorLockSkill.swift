import Foundation
import HomeSkills
import SkillKit

/// Locks or unlocks the front door: "锁门", "开锁", "lock the door".
///
/// Keeps a count of the commands it sent, for the hub's diagnostics screen.
public final class DoorLockSkill: DeviceSkill, @unchecked Sendable {
    public let id = "door-lock"
    public let displayName = "门锁"
    public let description = "锁上或打开前门的智能锁。"
    public let keywords = ["锁门", "开锁", "lock the door", "unlock"]
    public let area = HomeArea.security

    /// How many commands this skill sent since launch.
    public private(set) var commandsSent = 0

    public init() {}

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        let text = input.rawText.lowercased()
        // "unlock the door" contains "lock the door": look for unlocking first.
        let unlock = text.contains("开锁") || text.contains("unlock") || text.contains("开门")
        try Task.checkCancellation()
        commandsSent += 1
        try await sendCommand(["state": unlock ? "unlocked" : "locked"], to: "locks/front-door", context: context)
        return SkillOutput(summary: unlock ? "前门已打开" : "前门已锁好", shouldRefreshUI: true)
    }
}
