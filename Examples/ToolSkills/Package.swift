// swift-tools-version:6.2
// Tool skills in the manner of seed 002: a model picks one by name from its JSON Schema and calls it with
// JSON arguments. `swift run skillcheck Examples/ToolSkills` (from the SkillCheck root) checks them.
import Foundation
import PackageDescription

// SwiftPM names a path dependency after its folder, so find out what the SkillCheck checkout is called.
let skillCheck = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().appendingPathComponent("../..").standardizedFileURL.lastPathComponent

let package = Package(
    name: "ToolSkills",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "ToolSkills", targets: ["ToolSkills"]),
    ],
    dependencies: [
        .package(path: "../.."),
    ],
    targets: [
        .target(
            name: "ToolSkills",
            dependencies: [.product(name: "SkillKit", package: skillCheck)],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "ToolSkillsTests",
            dependencies: [
                "ToolSkills",
                .product(name: "SkillKit", package: skillCheck),
                .product(name: "SkillTesting", package: skillCheck),
                .product(name: "SkillConformance", package: skillCheck),
                .product(name: "SkillConformanceTesting", package: skillCheck),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
