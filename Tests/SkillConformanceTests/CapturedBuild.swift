import Foundation

// What the compiler really printed, captured so that the parser, the deduplication and the attribution
// are tested without compiling: a Swift 5 probe package built with `-strict-concurrency=complete`
// (Probe.swift below), then Examples/BrokenSkills' SEND-1 fixture. Each diagnostic appears twice, with
// source excerpts, notes and group footnotes around it, as SwiftPM prints them.
enum CapturedBuild {
    static let probeFile = "/tmp/probe-diag/Sources/Probe/Probe.swift"

    /// The probe's source.
    static let probeSource = """
        final class Box { var n = 0 }

        struct Holder: Sendable {
            let box: Box
            static var shared = 0

            func run() async {
                let b = Box()
                Task { b.n += 1 }
                print(b.n)
            }
        }

        struct Fine: Sendable {
            nonisolated(unsafe) static var counter = 0
        }
        """

    /// `swift build -Xswiftc -strict-concurrency=complete` of the probe, then of the fixture package.
    static let log = #"""
        Building for debugging...
        [0/2] Write sources
        [1/2] Write swift-version-6A52383ED409C6A7.txt
        [3/4] Compiling Probe Probe.swift
        /tmp/probe-diag/Sources/Probe/Probe.swift:5:16: warning: static property 'shared' is not concurrency-safe because it is nonisolated global shared mutable state; this is an error in the Swift 6 language mode [#MutableGlobalVariable]
         3 | struct Holder: Sendable {
         4 |     let box: Box
         5 |     static var shared = 0
           |                |- warning: static property 'shared' is not concurrency-safe because it is nonisolated global shared mutable state; this is an error in the Swift 6 language mode [#MutableGlobalVariable]
           |                |- note: convert 'shared' to a 'let' constant to make 'Sendable' shared state immutable
           |                |- note: add '@MainActor' to make static property 'shared' part of global actor 'MainActor'
           |                `- note: disable concurrency-safety checks if accesses are protected by an external synchronization mechanism
         6 | 
         7 |     func run() async {

        /tmp/probe-diag/Sources/Probe/Probe.swift:4:9: warning: stored property 'box' of 'Sendable'-conforming struct 'Holder' has non-Sendable type 'Box'; this is an error in the Swift 6 language mode
         1 | final class Box { var n = 0 }
           |             `- note: class 'Box' does not conform to the 'Sendable' protocol
         2 | 
         3 | struct Holder: Sendable {
         4 |     let box: Box
           |         `- warning: stored property 'box' of 'Sendable'-conforming struct 'Holder' has non-Sendable type 'Box'; this is an error in the Swift 6 language mode
         5 |     static var shared = 0
         6 | 

        /tmp/probe-diag/Sources/Probe/Probe.swift:9:9: warning: sending value of non-Sendable type '() async -> ()' risks causing data races; this is an error in the Swift 6 language mode [#SendingRisksDataRace]
         7 |     func run() async {
         8 |         let b = Box()
         9 |         Task { b.n += 1 }
           |         |- warning: sending value of non-Sendable type '() async -> ()' risks causing data races; this is an error in the Swift 6 language mode [#SendingRisksDataRace]
           |         `- note: Passing value of non-Sendable type '() async -> ()' as a 'sending' argument to initializer 'init(name:priority:operation:)' risks causing races in between local and caller code
        10 |         print(b.n)
           |                 `- note: access can happen concurrently
        11 |     }
        12 | }

        [#MutableGlobalVariable]: <https://docs.swift.org/compiler/documentation/diagnostics/mutable-global-variable>
        [#SendingRisksDataRace]: <https://docs.swift.org/compiler/documentation/diagnostics/sending-risks-data-race>
        [4/4] Emitting module Probe
        /tmp/probe-diag/Sources/Probe/Probe.swift:5:16: warning: static property 'shared' is not concurrency-safe because it is nonisolated global shared mutable state; this is an error in the Swift 6 language mode [#MutableGlobalVariable]
         3 | struct Holder: Sendable {
         4 |     let box: Box
         5 |     static var shared = 0
           |                |- warning: static property 'shared' is not concurrency-safe because it is nonisolated global shared mutable state; this is an error in the Swift 6 language mode [#MutableGlobalVariable]
           |                |- note: convert 'shared' to a 'let' constant to make 'Sendable' shared state immutable
           |                |- note: add '@MainActor' to make static property 'shared' part of global actor 'MainActor'
           |                `- note: disable concurrency-safety checks if accesses are protected by an external synchronization mechanism
         6 | 
         7 |     func run() async {

        /tmp/probe-diag/Sources/Probe/Probe.swift:4:9: warning: stored property 'box' of 'Sendable'-conforming struct 'Holder' has non-Sendable type 'Box'; this is an error in the Swift 6 language mode
         1 | final class Box { var n = 0 }
           |             `- note: class 'Box' does not conform to the 'Sendable' protocol
         2 | 
         3 | struct Holder: Sendable {
         4 |     let box: Box
           |         `- warning: stored property 'box' of 'Sendable'-conforming struct 'Holder' has non-Sendable type 'Box'; this is an error in the Swift 6 language mode
         5 |     static var shared = 0
         6 | 

        [#MutableGlobalVariable]: <https://docs.swift.org/compiler/documentation/diagnostics/mutable-global-variable>
        Build complete! (2.22s)

        [47/48] Emitting module LegacyBrokenSkills
        /work/wt-static/Examples/BrokenSkills/Sources/LegacyBrokenSkills/QuoteOfTheDaySkill.swift:18:9: warning: stored property 'cache' of 'Sendable'-conforming struct 'QuoteOfTheDaySkill' has non-Sendable type 'QuoteCache'; this is an error in the Swift 6 language mode
        16 | 
        17 |     /// Quotes already given, by day: a class, so every copy of the skill shares it.
        18 |     let cache = QuoteCache()
           |         `- warning: stored property 'cache' of 'Sendable'-conforming struct 'QuoteOfTheDaySkill' has non-Sendable type 'QuoteCache'; this is an error in the Swift 6 language mode
        19 | 
        20 |     public init() {}
           :
        32 | 
        33 | /// A cache written before Swift concurrency: a class with mutable state and no lock.
        34 | final class QuoteCache {
           |             `- note: class 'QuoteCache' does not conform to the 'Sendable' protocol
        35 |     private var quotes: [Int: String] = [:]
        36 |     private let all = ["千里之行，始于足下。", "Simplicity is prerequisite for reliability."]
        """#

    /// `swift package dump-symbol-graph --minimum-access-level private` of the probe, reduced to the
    /// fields the kit reads.
    static let symbolGraph = #"""
        {"module": {"name": "Probe"}, "symbols": [
        {"identifier": {"precise": "s:5Probe3BoxC"}, "kind": {"identifier": "swift.class"}, "pathComponents": ["Box"], "location": {"uri": "file:///tmp/probe-diag/Sources/Probe/Probe.swift", "position": {"line": 0, "character": 12}}, "declarationFragments": [{"kind": "keyword", "spelling": "final"}, {"kind": "text", "spelling": " "}, {"kind": "keyword", "spelling": "class"}, {"kind": "text", "spelling": " "}, {"kind": "identifier", "spelling": "Box"}]},
        {"identifier": {"precise": "s:5Probe3BoxC1nSivp"}, "kind": {"identifier": "swift.property"}, "pathComponents": ["Box", "n"], "location": {"uri": "file:///tmp/probe-diag/Sources/Probe/Probe.swift", "position": {"line": 0, "character": 22}}, "declarationFragments": [{"kind": "keyword", "spelling": "var"}, {"kind": "text", "spelling": " "}, {"kind": "identifier", "spelling": "n"}, {"kind": "text", "spelling": ": "}, {"kind": "typeIdentifier", "spelling": "Int", "preciseIdentifier": "s:Si"}]},
        {"identifier": {"precise": "s:5Probe3BoxCACycfc"}, "kind": {"identifier": "swift.init"}, "pathComponents": ["Box", "init()"], "declarationFragments": [{"kind": "keyword", "spelling": "init"}, {"kind": "text", "spelling": "()"}]},
        {"identifier": {"precise": "s:5Probe6HolderV"}, "kind": {"identifier": "swift.struct"}, "pathComponents": ["Holder"], "location": {"uri": "file:///tmp/probe-diag/Sources/Probe/Probe.swift", "position": {"line": 2, "character": 7}}, "declarationFragments": [{"kind": "keyword", "spelling": "struct"}, {"kind": "text", "spelling": " "}, {"kind": "identifier", "spelling": "Holder"}]},
        {"identifier": {"precise": "s:5Probe6HolderV3boxAA3BoxCvp"}, "kind": {"identifier": "swift.property"}, "pathComponents": ["Holder", "box"], "location": {"uri": "file:///tmp/probe-diag/Sources/Probe/Probe.swift", "position": {"line": 3, "character": 8}}, "declarationFragments": [{"kind": "keyword", "spelling": "let"}, {"kind": "text", "spelling": " "}, {"kind": "identifier", "spelling": "box"}, {"kind": "text", "spelling": ": "}, {"kind": "typeIdentifier", "spelling": "Box", "preciseIdentifier": "s:5Probe3BoxC"}]},
        {"identifier": {"precise": "s:5Probe6HolderV6sharedSivpZ"}, "kind": {"identifier": "swift.type.property"}, "pathComponents": ["Holder", "shared"], "location": {"uri": "file:///tmp/probe-diag/Sources/Probe/Probe.swift", "position": {"line": 4, "character": 15}}, "declarationFragments": [{"kind": "keyword", "spelling": "static"}, {"kind": "text", "spelling": " "}, {"kind": "keyword", "spelling": "var"}, {"kind": "text", "spelling": " "}, {"kind": "identifier", "spelling": "shared"}, {"kind": "text", "spelling": ": "}, {"kind": "typeIdentifier", "spelling": "Int", "preciseIdentifier": "s:Si"}]},
        {"identifier": {"precise": "s:5Probe6HolderV3runyyYaF"}, "kind": {"identifier": "swift.method"}, "pathComponents": ["Holder", "run()"], "location": {"uri": "file:///tmp/probe-diag/Sources/Probe/Probe.swift", "position": {"line": 6, "character": 9}}, "declarationFragments": [{"kind": "keyword", "spelling": "func"}, {"kind": "text", "spelling": " "}, {"kind": "identifier", "spelling": "run"}, {"kind": "text", "spelling": "() "}, {"kind": "keyword", "spelling": "async"}]},
        {"identifier": {"precise": "s:5Probe6HolderV3boxAcA3BoxC_tcfc"}, "kind": {"identifier": "swift.init"}, "pathComponents": ["Holder", "init(box:)"], "declarationFragments": [{"kind": "keyword", "spelling": "init"}, {"kind": "text", "spelling": "("}, {"kind": "externalParam", "spelling": "box"}, {"kind": "text", "spelling": ": "}, {"kind": "typeIdentifier", "spelling": "Box", "preciseIdentifier": "s:5Probe3BoxC"}, {"kind": "text", "spelling": ")"}]},
        {"identifier": {"precise": "s:5Probe4FineV"}, "kind": {"identifier": "swift.struct"}, "pathComponents": ["Fine"], "location": {"uri": "file:///tmp/probe-diag/Sources/Probe/Probe.swift", "position": {"line": 13, "character": 7}}, "declarationFragments": [{"kind": "keyword", "spelling": "struct"}, {"kind": "text", "spelling": " "}, {"kind": "identifier", "spelling": "Fine"}]},
        {"identifier": {"precise": "s:5Probe4FineV7counterSivpZ"}, "kind": {"identifier": "swift.type.property"}, "pathComponents": ["Fine", "counter"], "location": {"uri": "file:///tmp/probe-diag/Sources/Probe/Probe.swift", "position": {"line": 14, "character": 35}}, "declarationFragments": [{"kind": "attribute", "spelling": "nonisolated"}, {"kind": "text", "spelling": "(unsafe) "}, {"kind": "keyword", "spelling": "static"}, {"kind": "text", "spelling": " "}, {"kind": "keyword", "spelling": "var"}, {"kind": "text", "spelling": " "}, {"kind": "identifier", "spelling": "counter"}, {"kind": "text", "spelling": ": "}, {"kind": "typeIdentifier", "spelling": "Int", "preciseIdentifier": "s:Si"}]},
        {"identifier": {"precise": "s:5Probe4FineVACycfc"}, "kind": {"identifier": "swift.init"}, "pathComponents": ["Fine", "init()"], "declarationFragments": [{"kind": "keyword", "spelling": "init"}, {"kind": "text", "spelling": "()"}]}
        ]}
        """#

    /// The same probe in Swift 6 language mode: the build fails, with errors instead of warnings.
    static let failedLog = #"""
        Building for debugging...
        [0/2] Write sources
        [1/2] Write swift-version-6A52383ED409C6A7.txt
        [3/4] Compiling Probe Probe.swift
        /tmp/probe-diag/Sources/Probe/Probe.swift:5:16: error: static property 'shared' is not concurrency-safe because it is nonisolated global shared mutable state [#MutableGlobalVariable]
         3 | struct Holder: Sendable {
         4 |     let box: Box
         5 |     static var shared = 0
           |                |- error: static property 'shared' is not concurrency-safe because it is nonisolated global shared mutable state [#MutableGlobalVariable]
           |                |- note: convert 'shared' to a 'let' constant to make 'Sendable' shared state immutable
           |                |- note: add '@MainActor' to make static property 'shared' part of global actor 'MainActor'
           |                `- note: disable concurrency-safety checks if accesses are protected by an external synchronization mechanism
         6 | 
         7 |     func run() async {

        /tmp/probe-diag/Sources/Probe/Probe.swift:4:9: error: stored property 'box' of 'Sendable'-conforming struct 'Holder' has non-Sendable type 'Box'
         1 | final class Box { var n = 0 }
           |             `- note: class 'Box' does not conform to the 'Sendable' protocol
         2 | 
         3 | struct Holder: Sendable {
         4 |     let box: Box
           |         `- error: stored property 'box' of 'Sendable'-conforming struct 'Holder' has non-Sendable type 'Box'
         5 |     static var shared = 0
         6 | 

        [#MutableGlobalVariable]: <https://docs.swift.org/compiler/documentation/diagnostics/mutable-global-variable>
        error: emit-module command failed with exit code 1 (use -v to see invocation)
        [4/4] Emitting module Probe
        /tmp/probe-diag/Sources/Probe/Probe.swift:5:16: error: static property 'shared' is not concurrency-safe because it is nonisolated global shared mutable state [#MutableGlobalVariable]
         3 | struct Holder: Sendable {
         4 |     let box: Box
         5 |     static var shared = 0
           |                |- error: static property 'shared' is not concurrency-safe because it is nonisolated global shared mutable state [#MutableGlobalVariable]
           |                |- note: convert 'shared' to a 'let' constant to make 'Sendable' shared state immutable
           |                |- note: add '@MainActor' to make static property 'shared' part of global actor 'MainActor'
           |                `- note: disable concurrency-safety checks if accesses are protected by an external synchronization mechanism
         6 | 
         7 |     func run() async {

        /tmp/probe-diag/Sources/Probe/Probe.swift:4:9: error: stored property 'box' of 'Sendable'-conforming struct 'Holder' has non-Sendable type 'Box'
         1 | final class Box { var n = 0 }
           |             `- note: class 'Box' does not conform to the 'Sendable' protocol
         2 | 
         3 | struct Holder: Sendable {
         4 |     let box: Box
           |         `- error: stored property 'box' of 'Sendable'-conforming struct 'Holder' has non-Sendable type 'Box'
         5 |     static var shared = 0
         6 | 

        [#MutableGlobalVariable]: <https://docs.swift.org/compiler/documentation/diagnostics/mutable-global-variable>
        """#
}
