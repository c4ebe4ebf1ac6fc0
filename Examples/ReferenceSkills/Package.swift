// swift-tools-version:6.2
// The seed architecture's NoteSkill and WeatherSkill, written against SkillKit as a skill author would.
// `swift run skillcheck Examples/ReferenceSkills` (from the SkillCheck root) checks this package.
import Foundation
import PackageDescription

// SwiftPM names a path dependency after its folder, so find out what the SkillCheck checkout is called.
let skillCheck = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().appendingPathComponent("../..").standardizedFileURL.lastPathComponent

let package = Package(
    name: "ReferenceSkills",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "ReferenceSkills", targets: ["ReferenceSkills"])
    ],
    dependencies: [
        .package(path: "../..")
    ],
    targets: [
        .target(
            name: "ReferenceSkills",
            dependencies: [.product(name: "SkillKit", package: skillCheck)]
        ),
        .testTarget(
            name: "ReferenceSkillsTests",
            dependencies: [
                "ReferenceSkills",
                .product(name: "SkillKit", package: skillCheck),
                .product(name: "SkillEngine", package: skillCheck),
                .product(name: "SkillTesting", package: skillCheck),
                .product(name: "SkillTestingTraits", package: skillCheck),
                .product(name: "SkillScenarios", package: skillCheck),
            ],
            exclude: ["Transcripts"]
        ),
    ]
)
