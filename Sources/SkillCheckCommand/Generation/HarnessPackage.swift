import Foundation
import SkillConformance
import SkillScenarios

/// The package `skillcheck` generates to run the Conformance suites against another package's skills:
/// a path dependency on that package and on the SkillCheck checkout it uses, the kit's `Conformance/Suites`
/// sources, and one generated file listing the skills; and the `skillcheck-scenarios` program that replays
/// transcripts against them (``ScenarioRunnerSource``). It lives in a scratch folder of its own, keyed by
/// the package's absolute path, and a file is rewritten only when its content changes, so an unchanged
/// package rebuilds nothing.
///
/// ```swift
/// let harness = HarnessPackage(discovery: found, folder: scratch.appendingPathComponent("harness"))
/// let changed = try harness.write()   // the files whose content changed
/// ```
@available(SkillCheckTesting, *)
package struct HarnessPackage: Sendable {
    package var discovery: SkillDiscovery
    package var folder: URL
    /// Only these types (`--skill`), or every instantiable skill when empty.
    package var only: [String]
    /// Types not checked here whose ids META-2 still compares with: the other shards' (`--shard`).
    package var otherPeers: [String]

    package init(discovery: SkillDiscovery, folder: URL, only: [String] = [], otherPeers: [String] = []) {
        self.discovery = discovery
        self.folder = folder
        self.only = only
        self.otherPeers = otherPeers
    }

    /// The name of the harness's test target and module.
    package static let targetName = "SkillCheckHarness"

    /// The skills the harness checks, in the order of the generated list (the index a per-skill process
    /// is given).
    package var skills: [DiscoveredSkill] {
        discovery.instantiable.filter { only.isEmpty || only.contains($0.typeName) || only.contains($0.description) }
    }

    /// Writes the harness; returns the paths whose content changed (empty when nothing did).
    @discardableResult
    package func write() throws -> [String] {
        var changed: [String] = []
        for (path, text) in try files() {
            let url = folder.appendingPathComponent(path)
            if (try? String(contentsOf: url, encoding: .utf8)) == text { continue }
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileWriter.write(text, to: url.path)
            changed.append(path)
        }
        return changed
    }

    /// Every file of the harness: its path in ``folder`` and its text.
    package func files() throws -> [(path: String, text: String)] {
        let suites = URL(fileURLWithPath: discovery.kit.path).appendingPathComponent("Conformance/Suites")
        var files: [(path: String, text: String)] = [
            ("Package.swift", manifest), ("Tests/\(Self.targetName)/Subjects/SkillsUnderTest.swift", subjects),
        ]
        for name in try FileManager.default.contentsOfDirectory(atPath: suites.path).sorted() where name.hasSuffix(".swift") {
            let text = try String(contentsOf: suites.appendingPathComponent(name), encoding: .utf8)
            files.append(("Tests/\(Self.targetName)/Suites/\(name)", text))
        }
        files += ScenarioRunnerSource(discovery: discovery).files.map { ($0.path, $0.text) }
        return files
    }

    /// A digest of every file's path and text: a build made from the same digest (and the same
    /// ``PackageFingerprint``) need not be made again.
    package func contentDigest() throws -> String {
        var digest = PackageFingerprint.Digest()
        for (path, text) in try files() { digest.add("\(path)\u{0}\(text)\u{0}") }
        return digest.hex
    }

    /// The built test binary in `buildFolder` (SwiftPM's `<package>PackageTests.xctest`), which the
    /// stages run directly: `swift test --skip-build` would load the manifest again for every skill.
    package static func testBinary(in buildFolder: URL) -> URL {
        buildFolder.appendingPathComponent("debug/\(testBinaryName)")
    }

    /// The test binary's name in a build's `debug` folder.
    package static let testBinaryName = "SkillCheckHarnessPackageTests.xctest"

    /// The test binary's size and modification time (what a build that is remembered as current must
    /// still have left there), or `nil` when it is missing or not executable.
    package static func binaryStamp(in buildFolder: URL) -> String? {
        let path = testBinary(in: buildFolder).path
        guard FileManager.default.isExecutableFile(atPath: path),
            let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let size = attributes[.size] as? NSNumber, let date = attributes[.modificationDate] as? Date
        else { return nil }
        return "\(size.int64Value)@\(date.timeIntervalSince1970)"
    }

    /// The harness's Package.swift.
    var manifest: String {
        let package = URL(fileURLWithPath: discovery.package.path)
        let packageName = package.lastPathComponent
        let kitName = URL(fileURLWithPath: discovery.kit.path).lastPathComponent
        let modules = Set((skills + peersOnly).map(\.module) + discovery.catalogs.map(\.module)).sorted()
        let products = Set(modules.compactMap { discovery.package.libraryProduct(containing: $0) }).sorted()
        let dependencies =
            products.map { ".product(name: \(literal($0)), package: \(literal(packageName)))" }
            + ["SkillKit", "SkillConformance", "SkillConformanceTesting"].map {
                ".product(name: \(literal($0)), package: \(literal(kitName)))"
            }
        return """
            // swift-tools-version:6.2
            // Generated by skillcheck for \(package.path). Do not edit: it is rewritten on every run.
            import PackageDescription

            let package = Package(
                name: "SkillCheckHarness",
                platforms: [.macOS(.v15), .iOS(.v18)],
                dependencies: [
                    .package(path: \(literal(package.path))),
                    .package(path: \(literal(discovery.kit.path))),
                ],
                targets: [
            \(ScenarioRunnerSource(discovery: discovery).target)
                    .testTarget(
                        name: \(literal(Self.targetName)),
                        dependencies: [
            \(dependencies.map { "                \($0)," }.joined(separator: "\n"))
                        ],
                        path: "Tests/\(Self.targetName)",
                        swiftSettings: [
                            .swiftLanguageMode(.v6),
                            .enableExperimentalFeature("AvailabilityMacro=SkillCheckTesting:macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0"),
                        ]
                    ),
                ]
            )

            """
    }

    /// The skills of ``otherPeers``, in discovery order.
    var peersOnly: [DiscoveredSkill] {
        discovery.instantiable.filter { otherPeers.contains($0.description) }
    }

    /// The generated `SkillsUnderTest`: every skill, and the one this process checks.
    var subjects: String {
        let modules = Set((skills + peersOnly).map(\.module)).sorted()
        // A type is named without its module unless two modules declare the same name: a module often
        // declares a type of its own name (a catalogue `enum ReferenceSkills`), which hides the module.
        let named = skills + peersOnly
        let clashing = Set(Dictionary(grouping: named, by: \.typeName).filter { Set($0.value.map(\.module)).count > 1 }.keys)
        let entries = { (skills: [DiscoveredSkill]) in
            skills.map { skill in
                let name = clashing.contains(skill.typeName) ? "\(skill.module).\(skill.typeName)" : skill.typeName
                let subject =
                    switch (skill.kind, skill.takesContext) {
                    case (.agent, _): "SkillUnderTest { _ in \(name)() }"
                    case (.tool, true): "SkillUnderTest(tool: { context in \(name)(context: context) })"
                    case (.tool, false): "SkillUnderTest(tool: { _ in \(name)() })"
                    }
                return "        (\(literal(skill.description)), \(subject)),"
            }
        }
        let others =
            peersOnly.isEmpty
            ? ""
            : """

                /// The skills of the other shards (`--shard`): not checked here, but META-2 compares ids with theirs.
                static let otherShards: [(type: String, skill: SkillUnderTest)] = [
            \(entries(peersOnly).joined(separator: "\n"))
                ]

                /// Every skill's type in discovery order: the order of the ids META-2 lists, as in one unsharded run.
                static let order: [String] = [\(discovery.instantiable.map(\.description).filter { named.map(\.description).contains($0) }.map(literal).joined(separator: ", "))]

            """
        return """
            // Generated by skillcheck for \(discovery.package.path). Do not edit: it is rewritten on every run.
            // The skills the Conformance suites check; skillcheck runs one process per skill (SKILLCHECK_SKILL).
            import Foundation
            import SkillConformance
            \(modules.map { "import \($0)" }.joined(separator: "\n"))

            enum SkillsUnderTest {
                /// Every skill under test, by its type's name, in the order skillcheck numbers them.
                static let all: [(type: String, skill: SkillUnderTest)] = [
            \(entries(skills).joined(separator: "\n"))
                ]
            \(others)
                /// The skill this process checks (SKILLCHECK_SKILL, an index into `all`), or every one.
                static let skills: [SkillUnderTest] = {
                    guard let value = ProcessInfo.processInfo.environment["SKILLCHECK_SKILL"], let index = Int(value),
                          all.indices.contains(index) else { return all.map(\\.skill) }
                    return [all[index].skill]
                }()

                /// Every skill's id, once per type (a type that is both an AgentSkill and a ToolSkill is checked
                /// as each): META-2 compares each skill's id with all of them.
                static let peers: [String] = {
                    var types: Set<String> = []
                    \(peersOnly.isEmpty ? "return all" : "return (all + otherShards).sorted { order.firstIndex(of: $0.type)! < order.firstIndex(of: $1.type)! }")
                        .filter { types.insert($0.type).inserted }.map(\\.skill.id)
                }()

                static let baseline = ConformanceBaseline([])

                /// The provider profiles `skillcheck --provider` chose (SKILLCHECK_PROVIDERS), for TOOL-7.
                static let providers: [String] =
                    (ProcessInfo.processInfo.environment["SKILLCHECK_PROVIDERS"] ?? "").split(separator: ",").map(String.init)

                /// The seed and schedule budget `skillcheck --seed` and `--schedules` chose (SKILLCHECK_SEED,
                /// SKILLCHECK_SCHEDULES), else the defaults.
                static let limits: CheckLimits = {
                    let environment = ProcessInfo.processInfo.environment
                    var limits = CheckLimits()
                    if let seed = environment["SKILLCHECK_SEED"].flatMap({ UInt64($0) }) { limits.seed = seed }
                    if let schedules = environment["SKILLCHECK_SCHEDULES"].flatMap({ Int($0) }), schedules > 0 { limits.schedules = schedules }
                    return limits
                }()

                /// One case per skill this process checks for `ruleID`.
                static func cases(_ ruleID: String) -> [ConformanceCase] {
                    SkillConformance.cases(for: skills, rules: [ruleID], limits: limits, peers: peers, providers: providers)
                }
            }

            """
    }

    private func literal(_ text: String) -> String { Self.literal(text) }

    /// `text` as a Swift string literal, for the generated sources (a path, a type's name).
    static func literal(_ text: String) -> String {
        "\""
            + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n") + "\""
    }
}
