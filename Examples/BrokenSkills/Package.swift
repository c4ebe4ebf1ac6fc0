// swift-tools-version:6.2
// Deliberately broken skills, one per conformance rule SkillCheck checks, each breaking exactly that rule
// the way real code does. SkillCheck's own tests compile these sources too (target BundledBrokenSkills)
// and prove each is caught by its own rule only. Never ship them.
import Foundation
import PackageDescription

// SwiftPM names a path dependency after its folder, so find out what the SkillCheck checkout is called.
let skillCheck = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().appendingPathComponent("../..").standardizedFileURL.lastPathComponent

let package = Package(
    name: "BrokenSkills",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "BrokenSkills", targets: ["BrokenSkills"]),
        .library(name: "LegacyBrokenSkills", targets: ["LegacyBrokenSkills"]),
    ],
    dependencies: [
        .package(path: "../..")
    ],
    targets: [
        .target(
            name: "BrokenSkills",
            dependencies: [.product(name: "SkillKit", package: skillCheck)],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // The SEND-1 fixture: a non-Sendable stored class compiles only in Swift 5 language mode (with a
        // warning), which is how such code ships. Not bundled into SkillCheck's own build, whose
        // warnings are errors; SkillCheck's tests compile this package to check it.
        .target(
            name: "LegacyBrokenSkills",
            dependencies: [.product(name: "SkillKit", package: skillCheck)],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .testTarget(
            name: "BrokenSkillsTests",
            dependencies: ["BrokenSkills", "LegacyBrokenSkills", .product(name: "SkillKit", package: skillCheck)],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
