// swift-tools-version:6.2
//
// SkillCheck: the test harness and conformance kit for Agent–Skill skills.
//
// Platforms: `SkillKit` and `SkillEngine` (what ships inside an app) build for iOS 17 / macOS 14 and
// Linux. `SkillTesting` and everything built on it (test-only code) needs `TaskExecutor` and `Mutex`,
// so its declarations are marked `@available(SkillCheckTesting, *)`: one macro, defined here, for
// macOS 15 / iOS 18 / tvOS 18 / watchOS 11. `.ci/check-availability` fails when one lacks it.
import PackageDescription

let strict: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableExperimentalFeature("AvailabilityMacro=SkillCheckTesting:macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0"),
]

let package = Package(
    name: "SkillCheck",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10)],
    products: [
        .library(name: "SkillKit", targets: ["SkillKit"]),
        .library(name: "SkillEngine", targets: ["SkillEngine"]),
        .library(name: "SkillTesting", targets: ["SkillTesting"]),
        .library(name: "SkillScenarios", targets: ["SkillScenarios"]),
        .library(name: "SkillConformance", targets: ["SkillConformance"]),
        .library(name: "SkillConformanceTesting", targets: ["SkillConformanceTesting"]),
        .library(name: "SkillTestingTraits", targets: ["SkillTestingTraits"]),
        .library(name: "SkillScenariosTesting", targets: ["SkillScenariosTesting"]),
        .library(name: "SkillCheckCommand", targets: ["SkillCheckCommand"]),
        .executable(name: "skillcheck", targets: ["skillcheck"]),
        .executable(name: "skillbench", targets: ["skillbench"]),
        // `swift package skillcheck` in a package that depends on this one.
        .plugin(name: "SkillCheckPlugin", targets: ["SkillCheckPlugin"]),
    ],
    targets: [
        // What every module of the kit shares and no user calls (not a product, all `package`): the lock,
        // running a child process and reading its pipes, `Duration` in seconds, package paths.
        .target(name: "SkillCheckSupport", swiftSettings: strict),
        // What a skill's run reads of the real world (the wall clock, randomness, files, sockets), seen where
        // it reaches the C library: interposed in every test binary that links SkillTesting (not a product).
        .target(name: "SkillCheckInterposer"),
        .target(name: "SkillKit", dependencies: ["SkillCheckSupport"], swiftSettings: strict),
        .target(name: "SkillEngine", dependencies: ["SkillKit", "SkillCheckSupport"], swiftSettings: strict),
        // SkillTesting wires the reference engine to its fakes (EngineHarness); SkillEngine never imports it.
        .target(
            name: "SkillTesting", dependencies: ["SkillKit", "SkillEngine", "SkillCheckSupport", "SkillCheckInterposer"],
            swiftSettings: strict),
        .target(
            name: "SkillScenarios",
            dependencies: ["SkillKit", "SkillEngine", "SkillTesting", "SkillCheckSupport"],
            swiftSettings: strict
        ),
        // The conformance rules and their checks, as values; no test framework.
        .target(
            name: "SkillConformance",
            dependencies: ["SkillKit", "SkillEngine", "SkillTesting", "SkillCheckSupport"],
            swiftSettings: strict
        ),
        // `ConformanceCase.expectPasses()`: the one place that imports Swift Testing, for users' test targets.
        .target(
            name: "SkillConformanceTesting", dependencies: ["SkillConformance", "SkillTesting", "SkillTestingTraits", "SkillCheckSupport"],
            swiftSettings: strict),
        // `@Test(.virtualTime)`: the virtual clock as a Swift Testing trait, apart so that SkillTesting never links Testing.
        .target(name: "SkillTestingTraits", dependencies: ["SkillKit", "SkillTesting", "SkillCheckSupport"], swiftSettings: strict),
        // `TranscriptCase`: each transcript a Swift Testing case of its own, attaching what was observed when it fails.
        .target(name: "SkillScenariosTesting", dependencies: ["SkillScenarios"], swiftSettings: strict),
        // The example package's skills, compiled into this package too, so that `swift test` and
        // `skillcheck scenarios` replay the corpus against them with no setup.
        .target(
            name: "BundledReferenceSkills",
            dependencies: ["SkillKit"],
            path: "Examples/ReferenceSkills/Sources/ReferenceSkills",
            swiftSettings: strict
        ),
        // The example tool skills, compiled into this package too, so that the Conformance suites check them.
        .target(
            name: "BundledToolSkills",
            dependencies: ["SkillKit"],
            path: "Examples/ToolSkills/Sources/ToolSkills",
            swiftSettings: strict
        ),
        // One deliberately broken skill per implemented rule, compiled here for the kit's own tests.
        .target(
            name: "BundledBrokenSkills",
            dependencies: ["SkillKit"],
            path: "Examples/BrokenSkills/Sources/BrokenSkills",
            swiftSettings: strict
        ),
        // The commands as a library: parsing and help, discovery, the generated harness, the stages, the
        // report and its renderers; the executable only calls it, and tests import it.
        .target(
            name: "SkillCheckCommand",
            dependencies: [
                "SkillKit", "SkillEngine", "SkillTesting", "SkillScenarios", "SkillConformance", "SkillCheckSupport",
                "BundledReferenceSkills",
            ],
            swiftSettings: strict
        ),
        .executableTarget(name: "skillcheck", dependencies: ["SkillCheckCommand"], swiftSettings: strict),
        // Runs the skillcheck executable as a process on the package it is invoked in (Plugins/SkillCheckPlugin).
        .plugin(
            name: "SkillCheckPlugin",
            capability: .command(
                intent: .custom(
                    verb: "skillcheck",
                    description: "Check this package's skills against every conformance rule (runs the skillcheck command)"
                ))
        ),
        .executableTarget(
            name: "skillbench",
            dependencies: [
                "SkillKit", "SkillEngine", "SkillTesting", "SkillScenarios", "SkillConformance", "SkillCheckSupport",
                "BundledReferenceSkills",
            ],
            swiftSettings: strict
        ),
        .testTarget(name: "SkillCheckSupportTests", dependencies: ["SkillCheckSupport"], swiftSettings: strict),
        // Properties of the package as a whole: each product's public API is the checked-in list (API/).
        .testTarget(name: "PackageTests", dependencies: ["SkillCheckSupport"], swiftSettings: strict),
        .testTarget(name: "SkillKitTests", dependencies: ["SkillKit", "SkillTesting", "SkillCheckSupport"], swiftSettings: strict),
        .testTarget(
            name: "SkillEngineTests",
            dependencies: ["SkillKit", "SkillEngine", "SkillTesting"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "SkillTestingTests", dependencies: ["SkillKit", "SkillTesting", "SkillTestingTraits", "SkillCheckSupport"],
            swiftSettings: strict),
        .testTarget(
            name: "SkillScenariosTests",
            dependencies: [
                "SkillKit", "SkillEngine", "SkillTesting", "SkillScenarios", "BundledReferenceSkills", "SkillCheckCommand",
                "SkillCheckSupport", "TestSupport",
            ],
            exclude: ["Broken"],
            swiftSettings: strict
        ),
        // The Conformance suites (Conformance/Suites), run over the reference skills and the example tool
        // skills (Conformance/Subjects).
        .testTarget(
            name: "ConformanceTests",
            dependencies: ["SkillKit", "SkillConformance", "SkillConformanceTesting", "BundledReferenceSkills", "BundledToolSkills"],
            path: "Conformance",
            exclude: ["README.md"],
            swiftSettings: strict
        ),
        // What the test targets share: a command-line run with its output captured, temporary folders,
        // sample transcripts and reports.
        .target(
            name: "TestSupport",
            dependencies: ["SkillCheckCommand", "SkillConformance", "SkillScenarios"],
            path: "Tests/TestSupport",
            swiftSettings: strict
        ),
        .testTarget(
            name: "SkillCheckCommandTests",
            dependencies: ["SkillCheckCommand", "SkillCheckSupport", "SkillConformance", "SkillScenarios", "TestSupport"],
            swiftSettings: strict
        ),
        // Tests that build or run whole packages (the examples, their harnesses, the plugin): minutes on a
        // cold machine, so they run only with SKILLCHECK_END_TO_END=1 (`.ci/run` sets it).
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "SkillKit", "SkillCheckCommand", "SkillConformance", "SkillConformanceTesting", "SkillCheckSupport", "SkillScenarios",
                "TestSupport", "BundledReferenceSkills", "BundledToolSkills", "BundledBrokenSkills",
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "SkillConformanceTests",
            dependencies: [
                "SkillKit", "SkillTesting", "SkillConformance", "SkillConformanceTesting", "SkillCheckSupport", "BundledReferenceSkills",
                "BundledToolSkills", "BundledBrokenSkills", "TestSupport",
            ],
            swiftSettings: strict
        ),
    ]
)
