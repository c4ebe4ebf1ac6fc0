// swift-tools-version:6.2
// A skill whose answer is built from the wall clock, formatted to the minute: two runs a few milliseconds
// apart agree unless they straddle a minute, so a comparison of two runs alone would pass it almost every
// time. scripts/wall-clock-runs.sh runs `skillcheck` on it again and again and counts the runs in which its
// result is seen to differ. Not an example to copy.
import Foundation
import PackageDescription

// SwiftPM names a path dependency after its folder, so find out what the SkillCheck checkout is called.
let skillCheck = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().appendingPathComponent("../../..").standardizedFileURL.lastPathComponent

let package = Package(
    name: "WallClockSkills",
    platforms: [.macOS(.v15)],
    products: [.library(name: "WallClockSkills", targets: ["WallClockSkills"])],
    dependencies: [.package(path: "../../..")],
    targets: [
        .target(name: "WallClockSkills", dependencies: [.product(name: "SkillKit", package: skillCheck)])
    ]
)
