// skillcheck: the SkillCheck command line.
import Foundation

if #available(SkillCheckTesting, *) {
    SkillCheckMain.run()
} else {
    FileHandle.standardError.write(Data("skillcheck needs macOS 15 / iOS 18 or later\n".utf8))
    exit(2)
}
