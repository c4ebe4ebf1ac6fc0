// skillcheck: the SkillCheck command line (the commands live in the SkillCheckCommand library).
import Foundation
import SkillCheckCommand

if #available(SkillCheckTesting , *) {
    await SkillCheckCommandLine.main()
} else {
    FileHandle.standardError.write(Data("skillcheck needs macOS 15 / iOS 18 or later\n".utf8))
    exit(2)
}
