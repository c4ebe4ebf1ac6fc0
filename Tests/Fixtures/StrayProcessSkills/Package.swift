// swift-tools-version:6.2
// Skills that are hard on the process that checks them: one traps on every run, one traps only when it is
// cancelled before it starts, one starts a helper that keeps its output open and ignores SIGTERM, one
// spins without ever suspending; and one that does nothing wrong. SkillCheckCommandTests runs `skillcheck`
// on this package (ProcessHygieneTests): it must end, report each for that skill alone, and leave nothing
// running. Not an example to copy.
import Foundation
import PackageDescription

// SwiftPM names a path dependency after its folder, so find out what the SkillCheck checkout is called.
let skillCheck = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().appendingPathComponent("../../..").standardizedFileURL.lastPathComponent

let package = Package(
    name: "StrayProcessSkills",
    platforms: [.macOS(.v15)],
    products: [.library(name: "StrayProcessSkills", targets: ["StrayProcessSkills"])],
    dependencies: [.package(path: "../../..")],
    targets: [
        .target(name: "StrayProcessSkills", dependencies: [.product(name: "SkillKit", package: skillCheck)])
    ]
)
