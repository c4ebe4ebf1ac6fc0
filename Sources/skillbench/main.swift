// skillbench: SkillCheck's benchmarks. Run with `swift run -c release skillbench [--quick] [--only TEXT]`.
//
// Each benchmark runs idle, then again with both cores busy with other work (one spinning thread per
// core), and prints a Markdown table that the README quotes.
import Foundation

let usage = "usage: skillbench [--quick] [--only TEXT]   (TEXT picks the benchmarks whose name contains it)"
var arguments = Array(CommandLine.arguments.dropFirst())
var quick = false
var only: String?
while !arguments.isEmpty {
    let argument = arguments.removeFirst()
    switch argument {
    case "--quick": quick = true
    case "--only" where !arguments.isEmpty: only = arguments.removeFirst()
    case "--help", "-h":
        print(usage)
        exit(0)
    default:
        // A mistyped option would otherwise run every benchmark, for minutes, and measure what was not asked for.
        let what = argument == "--only" ? "--only needs the TEXT of a benchmark's name" : "unknown argument '\(argument)'"
        FileHandle.standardError.write(Data("skillbench: \(what)\n\(usage)\n".utf8))
        exit(2)
    }
}
if #available(SkillCheckTesting , *) {
    await Benchmarks(quick: quick, only: only).runAll()
} else {
    print("skillbench needs macOS 15 or later")
}
