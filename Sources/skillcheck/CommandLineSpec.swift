/// A command's options and arguments, declared once: parsing and `--help` both come from it.
@available(SkillCheckTesting, *)
struct CommandSpec {
    struct Option {
        var name: String
        var value: String?
        var help: String
        var isFlag: Bool { value == nil }
    }

    var name: String
    var abstract: String
    var arguments: String
    var argumentsHelp: String
    var options: [Option]
    var discussion: String = ""

    var help: String {
        var lines = ["OVERVIEW: \(abstract)", "", "USAGE: skillcheck \(name) [options] \(arguments)", ""]
        lines.append("ARGUMENTS:")
        lines.append("  \(arguments.padding(toLength: 24, withPad: " ", startingAt: 0))\(argumentsHelp)")
        lines.append("")
        lines.append("OPTIONS:")
        for option in options + [Option(name: "--help", value: nil, help: "Show this help.")] {
            let left = option.value.map { "\(option.name) <\($0)>" } ?? option.name
            lines.append("  \(left.padding(toLength: 24, withPad: " ", startingAt: 0))\(option.help)")
        }
        if !discussion.isEmpty { lines += ["", discussion] }
        return lines.joined(separator: "\n")
    }

    /// Parses `arguments` (`--name value`, `--name=value`, flags, positionals; `--` ends options).
    func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" { optionsEnded = true; continue }
            if argument == "--help" || argument == "-h" { parsed.helpRequested = true; continue }
            let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
            guard let option = options.first(where: { $0.name == parts[0] }) else {
                throw UsageError("unknown option '\(parts[0])' for '\(name)'; its options are "
                                 + options.map(\.name).joined(separator: ", "), command: self)
            }
            if option.isFlag {
                guard parts.count == 1 else { throw UsageError("\(option.name) takes no value", command: self) }
                parsed.flags.insert(option.name)
                continue
            }
            if parts.count == 2 {
                parsed.values[option.name] = parts[1]
            } else if index < arguments.count {
                parsed.values[option.name] = arguments[index]
                index += 1
            } else {
                throw UsageError("\(option.name) needs a value: <\(option.value!)>", command: self)
            }
        }
        return parsed
    }
}

@available(SkillCheckTesting, *)
struct ParsedArguments {
    var values: [String: String] = [:]
    var flags: Set<String> = []
    var positionals: [String] = []
    var helpRequested = false
}

/// A mistake in how the command was called: exit status 2, with what to type instead.
@available(SkillCheckTesting, *)
struct UsageError: Error {
    var message: String
    var command: CommandSpec?

    init(_ message: String, command: CommandSpec? = nil) {
        self.message = message
        self.command = command
    }
}
