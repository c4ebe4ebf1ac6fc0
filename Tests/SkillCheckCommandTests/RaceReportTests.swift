import Foundation
import SkillCheckCommand
import Testing

/// What the race stage makes of ThreadSanitizer's output: a readable name, and the line in the skill.
@Suite("Reading ThreadSanitizer's reports")
struct RaceReportTests {
    /// A report as ThreadSanitizer prints it, for a package that sits inside the kit's checkout (as the
    /// examples do), so that its frames contain the kit's path too.
    static let output = """
        ==================
        WARNING: ThreadSanitizer: Swift access race (pid=4242)
          Modifying access of Swift variable at 0x7b0c00001234 by thread T3:
            #0 $s11HomeDevices13DoorLockSkillC7execute5input7context0E3Kit0E6OutputVAG0E5InputV_AG0E7ContextVtYaKFTY0_ /kit/Examples/HomeSkills/Sources/HomeDevices/DoorLockSkill.swift:25:22 (SkillCheckHarnessPackageTests.xctest+0x1)
            #1 $s16SkillConformance17ConcurrencyStressV4call /kit/Sources/SkillConformance/Checks/ConcurrencyStress.swift:70:13 (SkillCheckHarnessPackageTests.xctest+0x2)
        SUMMARY: ThreadSanitizer: Swift access race /kit/Examples/HomeSkills/Sources/HomeDevices/DoorLockSkill.swift in $s11HomeDevices13DoorLockSkillC7execute5input7context0E3Kit0E6OutputVAG0E5InputV_AG0E7ContextVtYaKFTY0_
        ==================
        """

    @Test("the location is the first frame in the package's own code, even inside the kit's checkout")
    func location() {
        let reports = RaceStage.reports(in: Self.output, package: "/kit/Examples/HomeSkills", excluding: ["/kit", "/harness"])
        #expect(reports.count == 1)
        #expect(reports.first?.location == "/kit/Examples/HomeSkills/Sources/HomeDevices/DoorLockSkill.swift:25:22")
    }

    @Test("mangled names become readable ones; text without one stays as it is")
    func names() {
        let summary = RaceStage.reports(in: Self.output).first?.summary ?? ""
        #expect(RaceStage.demangled(summary).hasSuffix("in DoorLockSkill.execute(input:context:)"), "\(RaceStage.demangled(summary))")
        #expect(RaceStage.demangled("data race in nothing mangled") == "data race in nothing mangled")
    }
}
