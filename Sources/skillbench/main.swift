// skillbench: SkillCheck's benchmarks. Run with `swift run -c release skillbench [--quick] [--only TEXT]`.
//
// Each benchmark runs idle, then again with both cores busy with other work (one spinning thread per
// core), and prints a Markdown table that the README quotes.
if #available(SkillCheckTesting , *) {
    let arguments = CommandLine.arguments
    let quick = arguments.contains("--quick")
    let only = arguments.firstIndex(of: "--only").flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
    await Benchmarks(quick: quick, only: only).runAll()
} else {
    print("skillbench needs macOS 15 or later")
}
