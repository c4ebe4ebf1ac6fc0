// swift-tools-version:5.9
// The skills of our home assistant app: timers, lists, notes, reminders, unit conversion (HomeSkills),
// and the ones that talk to the network: weather and the home hub's devices (HomeDevices).
import Foundation
import PackageDescription

// SkillKit lives two folders up. SwiftPM names a path dependency after its folder, so ask the folder.
let kit = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().appendingPathComponent("../..").standardizedFileURL.lastPathComponent

let package = Package(
    name: "HomeSkills",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "HomeSkills", targets: ["HomeSkills"]),
        .library(name: "HomeDevices", targets: ["HomeDevices"]),
    ],
    dependencies: [
        .package(path: "../.."),
    ],
    targets: [
        .target(name: "HomeSkills", dependencies: [.product(name: "SkillKit", package: kit)]),
        .target(name: "HomeDevices", dependencies: ["HomeSkills", .product(name: "SkillKit", package: kit)]),
    ]
)
