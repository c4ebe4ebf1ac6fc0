import SkillCheckSupport
import SkillTesting

/// A command's options and arguments, declared once: parsing, `--help` and "did you mean" all come from it.
///
/// ```swift
/// let spec = CommandSpec(name: "rules", abstract: "Print the rule catalogue.", arguments: "[RULE-ID...]",
///                        argumentsHelp: "Only these rules.",
///                        options: [.init(name: "--format", value: "FORMAT", help: "text | json.", choices: ["text", "json"])])
/// let parsed = try spec.parse(["--format", "json", "CAN-2"])   // parsed.value("--format") == "json"
/// print(spec.help)                                              // OVERVIEW, USAGE, ARGUMENTS, OPTIONS
/// ```
@available(SkillCheckTesting, *)
package struct CommandSpec: Sendable {
    /// One `--name` option: a flag when it takes no value.
    package struct Option: Sendable {
        package var name: String
        /// The value's placeholder in help (`FILE`), or `nil` for a flag.
        package var value: String?
        package var help: String
        /// When not empty, the only values the option takes; anything else is a usage error.
        package var choices: [String]
        /// Whether the option may be given more than once (each value is kept).
        package var isRepeatable: Bool

        package init(name: String, value: String?, help: String, choices: [String] = [], repeatable: Bool = false) {
            self.name = name
            self.value = value
            self.help = help
            self.choices = choices
            self.isRepeatable = repeatable
        }

        package var isFlag: Bool { value == nil }

        /// `--format FORMAT`: how a command writes its report, the same for every command that writes one; html
        /// is one page, not a ``ReportFormat`` (a public enum a user's switch covers).
        package static let reportFormat = Option(
            name: "--format", value: "FORMAT", help: "Default: text. html writes one self-contained page.",
            choices: ReportFormat.allCases.map(\.rawValue) + ["html"])
        /// `--output FILE`: where a command writes its report.
        package static let reportOutput = Option(
            name: "--output", value: "FILE", help: "Write the report to FILE instead of standard output (- is standard output).")
        /// `--strict`: how a conformance verdict is judged, by `check` and by `merge`.
        package static let strict = Option(name: "--strict", value: nil, help: "SHOULD warnings fail the run too.")
        /// `--baseline FILE`: the known failures a conformance verdict allows, for `check` and `merge`.
        package static let baseline = Option(
            name: "--baseline", value: "FILE",
            help: "Known failures (skillcheck.baseline/1) that do not fail the run; one that passes again does.")

        /// The help line: the choices (`text | json`), then `help`.
        package var helpText: String {
            choices.isEmpty ? help : choices.joined(separator: " | ") + ". " + help
        }
    }

    package var name: String
    /// One sentence: the command's line in `skillcheck --help`, and its help's overview.
    package var abstract: String
    /// The positional arguments as help shows them, such as `[PATHS...]`.
    package var arguments: String
    package var argumentsHelp: String
    /// At most this many positional arguments (`nil`: any number).
    package var maximumArguments: Int?
    package var options: [Option]
    package var discussion: String

    package init(
        name: String, abstract: String, arguments: String, argumentsHelp: String, maximumArguments: Int? = nil,
        options: [Option], discussion: String = ""
    ) {
        self.name = name
        self.abstract = abstract
        self.arguments = arguments
        self.argumentsHelp = argumentsHelp
        self.maximumArguments = maximumArguments
        self.options = options
        self.discussion = discussion
    }

    /// `--help`, generated from the declarations `parse` reads.
    package var help: String {
        var lines = ["OVERVIEW: \(abstract)", "", "USAGE: skillcheck \(name) [options] \(arguments)", ""]
        lines.append("ARGUMENTS:")
        lines.append("  \(Self.pad(arguments))\(argumentsHelp)")
        lines.append("")
        lines.append("OPTIONS:")
        for option in options + [Option(name: "--help", value: nil, help: "Show this help.")] {
            var left = option.value.map { "\(option.name) <\($0)>" } ?? option.name
            if option.isRepeatable { left += " ..." }
            lines.append("  \(Self.pad(left))\(option.helpText)")
        }
        if !discussion.isEmpty { lines += ["", discussion] }
        return lines.joined(separator: "\n")
    }

    static func pad(_ text: String) -> String {
        text.count < 24 ? text.padding(toLength: 24, withPad: " ", startingAt: 0) : text + "  "
    }

    /// Parses `arguments` (`--name value`, `--name=value`, flags, positionals; `--` ends options).
    package func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
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
            if argument == "--" {
                optionsEnded = true
                continue
            }
            if argument == "--help" || argument == "-h" {
                parsed.helpRequested = true
                continue
            }
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let option = try option(named: parts[0])
            if option.isFlag {
                guard parts.count == 1 else { throw UsageError("\(option.name) takes no value", command: self) }
                try parsed.add(option, value: nil, command: self)
                continue
            }
            let value: String
            if parts.count == 2 {
                value = parts[1]
            } else if index < arguments.count, !Self.looksLikeOption(arguments[index]) {
                value = arguments[index]
                index += 1
            } else if index < arguments.count {
                throw UsageError(
                    "\(option.name) needs a value: <\(option.value!)>; found the option '\(arguments[index])' "
                        + "(write \(option.name)=\(arguments[index]) for a value that starts with -)", command: self)
            } else {
                throw UsageError("\(option.name) needs a value: <\(option.value!)>", command: self)
            }
            try check(value, for: option)
            try parsed.add(option, value: value, command: self)
        }
        if let maximumArguments, parsed.positionals.count > maximumArguments {
            let extra = parsed.positionals[maximumArguments...].map { "'\($0)'" }.joined(separator: ", ")
            throw UsageError(
                "'\(name)' takes " + (maximumArguments == 0 ? "no arguments" : "at most \(maximumArguments) (\(self.arguments))")
                    + "; found also \(extra)", command: self)
        }
        return parsed
    }

    /// `-x`, `--name`: not `-` (standard input or output) and not a negative number.
    static func looksLikeOption(_ argument: String) -> Bool {
        argument.hasPrefix("-") && argument != "-" && Double(argument) == nil
    }

    /// The declared option called `name`, or an error naming the nearest one.
    func option(named name: String) throws(UsageError) -> Option {
        if let option = options.first(where: { $0.name == name }) { return option }
        let names = options.map(\.name)
        if let near = Suggestion.nearest(to: name, among: names + ["--help"]) {
            throw UsageError("unknown option '\(name)' for '\(self.name)'; did you mean '\(near)'?", command: self)
        }
        throw UsageError(
            "unknown option '\(name)' for '\(self.name)'; its options are " + names.joined(separator: ", "),
            command: self)
    }

    func check(_ value: String, for option: Option) throws(UsageError) {
        guard !option.choices.isEmpty, !option.choices.contains(value) else { return }
        var message = "\(option.name) takes one of " + option.choices.joined(separator: ", ") + "; found '\(value)'"
        if let near = Suggestion.nearest(to: value, among: option.choices) { message += "; did you mean '\(near)'?" }
        throw UsageError(message, command: self)
    }
}

/// What `CommandSpec.parse` read: option values by name, flags, positionals, and whether help was asked for.
@available(SkillCheckTesting, *)
package struct ParsedArguments: Sendable, Hashable {
    /// Every value given to each option, in order.
    package var values: [String: [String]] = [:]
    package var flags: Set<String> = []
    package var positionals: [String] = []
    package var helpRequested = false

    package init() {}

    /// The value of an option given once, or `nil` when it was not given.
    package func value(_ name: String) -> String? { values[name]?.last }

    /// Whether the flag `name` was given.
    package func flag(_ name: String) -> Bool { flags.contains(name) }

    mutating func add(_ option: CommandSpec.Option, value: String?, command: CommandSpec) throws(UsageError) {
        let given = value != nil ? values[option.name] != nil : flags.contains(option.name)
        if given && !option.isRepeatable {
            let earlier = values[option.name]?.first.map { " ('\($0)', then '\(value ?? "")')" } ?? ""
            throw UsageError("\(option.name) given twice\(earlier); give it once", command: command)
        }
        if let value { values[option.name, default: []].append(value) } else { flags.insert(option.name) }
    }
}
